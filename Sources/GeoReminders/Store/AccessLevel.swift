/// What the person allowed this program to do with their reminders, as EventKit's
/// `EKAuthorizationStatus` (`.fullAccess`, `.writeOnly`, `.denied`).
public enum AccessLevel: String, Hashable, Sendable, Codable, CaseIterable {
    /// Read and write everything.
    case full
    /// Create reminders in the default list; every read returns nothing and the lists read as
    /// one virtual list.
    case writeOnly
    /// Every operation is refused.
    case none
}
