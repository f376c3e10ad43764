/// ntfy's 1–5 priority (<https://docs.ntfy.sh/publish/#message-priority>) for EventKit's 0–9:
/// high (1–4) is 4, medium (5) and none (0) are ntfy's default 3, low (6–9) is 2. Never 5
/// ("max", a long vibration that breaks through Do Not Disturb): a reminder is not an emergency.
package enum NtfyPriority {
    package static func of(eventKitPriority priority: Int) -> Int {
        switch priority {
        case 1...4: 4
        case 6...9: 2
        default: 3
        }
    }
}
