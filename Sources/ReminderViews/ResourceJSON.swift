import CivilTime
import Foundation
import GeoReminders

/// A reminder list as the HTTP API shows it.
public struct ListJSON: Encodable, Sendable {
    public var id: String
    public var title: String
    public var colour: String
    public var readOnly: Bool

    public init(_ list: ReminderList) {
        id = list.id
        title = list.title
        colour = list.colour
        readOnly = !list.allowsContentModifications
    }
}

/// A place of the map data; `radius` in metres, 0 when the place has none.
public struct PlaceJSON: Encodable, Sendable {
    public var name: String
    public var latitude: Double
    public var longitude: Double
    public var radius: Double

    public init(_ place: StructuredLocation) {
        name = place.title
        latitude = place.latitude
        longitude = place.longitude
        radius = place.radius
    }
}

/// A device the server knows; dates in UTC ISO 8601.
public struct DeviceJSON: Encodable, Sendable {
    public var id: String
    public var name: String
    public var token: String?
    public var created: String
    public var lastSeen: String?
    /// Whose it is: shown to an admin, who sees every account's devices; absent otherwise.
    public var account: String?

    public init(_ device: Device, showingAccount: Bool = false) {
        id = device.id
        name = device.name
        token = device.tokenName
        created = UTCTimestamp.string(device.createdDate) ?? ""
        lastSeen = device.lastSeenDate.flatMap { UTCTimestamp.string($0) }
        account = showingAccount ? device.account : nil
    }
}

/// What completing a reminder did: `advanced` (a repeating reminder moved on; `historyCopyID` is
/// the completed occurrence), `completed`, `alreadyCompleted` or `staleOccurrence`.
public struct CompletionJSON: Encodable {
    public var outcome: String
    public var nextDue: String?
    public var historyCopyID: String?
    public var reminder: ReminderJSON

    public init(_ result: CompletionResult, listTitle: String?) {
        outcome = result.outcome.rawValue
        nextDue = result.nextDue?.iso8601
        historyCopyID = result.historyCopyID
        reminder = ReminderJSON(result.reminder, listTitle: listTitle)
    }
}
