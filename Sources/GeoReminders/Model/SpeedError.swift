/// Text that does not read as a speed.
public enum SpeedError: Error, Equatable, Sendable, CustomStringConvertible {
    case notASpeed(text: String)
    case notPositive(text: String)
    case unknownUnit(unit: String, text: String)

    public var description: String {
        switch self {
        case let .notASpeed(text):
            "'\(text)' is not a speed; write a number and a unit, e.g. 5km/h, 30mph, 1.4m/s, 3 kn"
        case let .notPositive(text):
            "'\(text)' is not more than 0; a speed must be positive"
        case let .unknownUnit(unit, text):
            "'\(text)' has unknown unit '\(unit)'; use m/s, km/h, mph or kn"
        }
    }
}
