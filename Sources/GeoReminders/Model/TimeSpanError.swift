/// Text that does not read as a span of time.
public enum TimeSpanError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case notADuration(text: String)
    case negative(text: String)
    case unknownUnit(unit: String, text: String)

    public var description: String {
        switch self {
        case .empty:
            "empty duration; write a number and a unit, e.g. 15m, 2h, 1d, 1h30m"
        case let .notADuration(text):
            "'\(text)' is not a duration; write a number and a unit, e.g. 15m, 2h, 1d, 1h30m"
        case let .negative(text):
            "'\(text)' is negative; a duration must be 0 or more"
        case let .unknownUnit(unit, text):
            "'\(text)' has unknown unit '\(unit)'; use s, m, h, d or w"
        }
    }
}
