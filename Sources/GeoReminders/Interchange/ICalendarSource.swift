import Foundation

/// One iCalendar file to import: its bytes and the name errors and reports use.
public struct ICalendarSource: Sendable {
    public var name: String
    public var data: Data

    public init(name: String, data: Data) {
        self.name = name
        self.data = data
    }
}
