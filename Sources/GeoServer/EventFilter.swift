import GeoReminders

/// The `device` and `reminder` filters of the event stream and `GET /api/v1/events`.
struct EventFilter: Sendable {
    var device: String?
    /// A reminder's identifier (a unique start of it is enough).
    var reminder: String?

    func matches(_ event: OutboxEvent) -> Bool {
        if let device, event.device != device { return false }
        if let reminder, !event.reminder.id.lowercased().hasPrefix(reminder.lowercased()) { return false }
        return true
    }
}
