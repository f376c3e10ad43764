import ICalendar

/// Why an import was refused as a whole; nothing was written.
public enum ICalendarImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file breaks iCalendar syntax or a value type; `error` names the line.
    case unreadable(file: String, error: ICalParseError)
    /// The file is iCalendar but holds no VCALENDAR.
    case noCalendar(file: String)

    public var description: String {
        switch self {
        case let .unreadable(file, error):
            "\(file): \(error)"
        case let .noCalendar(file):
            "\(file): no BEGIN:VCALENDAR found; is this an iCalendar (.ics) file?"
        }
    }
}
