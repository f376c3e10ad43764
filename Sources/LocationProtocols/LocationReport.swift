import GeofenceEngine

/// What one request carried: the fixes (device set on each), and messages understood but not
/// locations (OwnTracks `status`, `lwt`, `card`...), which are counted and ignored.
public struct LocationReport: Hashable, Sendable {
    public var fixes: [Fix]
    /// The `_type` (or other kind) of messages accepted but ignored.
    public var ignored: [String]

    public init(fixes: [Fix], ignored: [String] = []) {
        self.fixes = fixes
        self.ignored = ignored
    }
}
