import Foundation

/// A list of reminders, as EventKit's reminder `EKCalendar`.
public struct ReminderList: Hashable, Sendable, Codable, Identifiable {
    /// Stable identifier: lowercase UUID text.
    public var id: String
    public var title: String
    /// Display colour as `#RRGGBB`.
    public var colour: String
    /// False for a read-only list: the store refuses every write to it or its reminders.
    public var allowsContentModifications: Bool

    public init(
        id: String = UUID().uuidString.lowercased(), title: String,
        colour: String = ReminderList.defaultColour, allowsContentModifications: Bool = true
    ) {
        self.id = id
        self.title = title
        self.colour = colour
        self.allowsContentModifications = allowsContentModifications
    }

    /// The colour of lists created without one (EventKit's blue).
    public static let defaultColour = "#1BADF8"
}
