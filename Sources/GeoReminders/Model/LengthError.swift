/// Text that does not read as a length.
public enum LengthError: Error, Equatable, Sendable, CustomStringConvertible {
    case notANumber(text: String)
    case notFinite(text: String)
    case negative(text: String)
    case unknownUnit(unit: String, text: String)

    public var description: String {
        switch self {
        case let .notANumber(text):
            "'\(text)' is not a length; write a number and a unit, e.g. 150 m, 0.5 km, 500 ft"
        case let .notFinite(text):
            "'\(text)' is not a finite length; write a number such as 150 m"
        case let .negative(text):
            "'\(text)' is negative; a length must be 0 or more"
        case let .unknownUnit(unit, text):
            "'\(text)' has unknown unit '\(unit)'; use m, km, ft, yd or mi"
        }
    }
}
