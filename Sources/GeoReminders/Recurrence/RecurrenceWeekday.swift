import CivilTime

/// A day of the week, spelled in RRULE text by its two-letter RFC 5545 code.
public enum RecurrenceWeekday: String, Hashable, Sendable, CaseIterable, Codable {
    case monday = "MO"
    case tuesday = "TU"
    case wednesday = "WE"
    case thursday = "TH"
    case friday = "FR"
    case saturday = "SA"
    case sunday = "SU"

    /// 0 for Monday through 6 for Sunday, as `CivilDay.weekday`.
    var index: Int {
        switch self {
        case .monday: 0
        case .tuesday: 1
        case .wednesday: 2
        case .thursday: 3
        case .friday: 4
        case .saturday: 5
        case .sunday: 6
        }
    }

    init(index: Int) {
        self = Self.allCases[index]
    }
}
