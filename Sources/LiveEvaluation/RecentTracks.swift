import GeofenceEngine

/// Each device's last admitted fixes, for the live map's tracks: at most `length` are shown, and
/// up to twice that kept so that trimming happens once per `length` fixes, not on every one.
package struct RecentTracks: Sendable {
    package let length: Int
    var fixes: [String: [Fix]] = [:]

    package init(length: Int) {
        self.length = length
    }

    /// Adds an admitted fix to its device's track (a fix without a device has none).
    package mutating func add(_ fix: Fix) {
        guard let device = fix.device else { return }
        fixes[device, default: []].append(fix)
        if fixes[device]!.count > length * 2 { fixes[device]!.removeFirst(fixes[device]!.count - length) }
    }

    /// The device's last `length` fixes, oldest first.
    package func track(of device: String) -> ArraySlice<Fix> {
        fixes[device]?.suffix(length) ?? []
    }
}
