/// The four priority levels people choose from, over EventKit's 0–9 priority scale.
///
/// EventKit reads 0 as none, 1–4 as high, 5 as medium and 6–9 as low, and writes the levels
/// as 1, 5 and 9 (`EKReminderPriority`).
public enum PriorityLevel: String, Hashable, Sendable, Codable, CaseIterable {
    case none
    case low
    case medium
    case high

    /// The level a raw priority falls in; nil when the value is outside 0–9.
    public init?(priority: Int) {
        switch priority {
        case 0: self = .none
        case 1...4: self = .high
        case 5: self = .medium
        case 6...9: self = .low
        default: return nil
        }
    }

    /// The raw priority EventKit writes for this level.
    public var priority: Int {
        switch self {
        case .none: 0
        case .low: 9
        case .medium: 5
        case .high: 1
        }
    }

    /// The raw priorities that read as this level, for range filters.
    public var priorities: ClosedRange<Int> {
        switch self {
        case .none: 0...0
        case .high: 1...4
        case .medium: 5...5
        case .low: 6...9
        }
    }
}
