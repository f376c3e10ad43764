import CivilTime
import Foundation
import GeoReminders

/// A reminder list as the HTTP API shows it.
package struct ListJSON: Encodable, Sendable {
    package var id: String
    package var title: String
    package var colour: String
    package var readOnly: Bool

    package init(_ list: ReminderList) {
        id = list.id
        title = list.title
        colour = list.colour
        readOnly = !list.allowsContentModifications
    }
}

/// A place of the map data; `radius` in metres, 0 when the place has none.
package struct PlaceJSON: Encodable, Sendable {
    package var name: String
    package var latitude: Double
    package var longitude: Double
    package var radius: Double

    package init(_ place: StructuredLocation) {
        name = place.title
        latitude = place.latitude
        longitude = place.longitude
        radius = place.radius
    }
}

/// A device the server knows; dates in UTC ISO 8601.
package struct DeviceJSON: Encodable, Sendable {
    package var id: String
    package var name: String
    package var token: String?
    package var created: String
    package var lastSeen: String?
    /// Whose it is: shown to an admin, who sees every account's devices; absent otherwise.
    package var account: String?

    package init(_ device: Device, showingAccount: Bool = false) {
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
package struct CompletionJSON: Encodable {
    package var outcome: String
    package var nextDue: String?
    package var historyCopyID: String?
    package var reminder: ReminderJSON

    package init(_ result: CompletionResult, listTitle: String?) {
        outcome = result.outcome.rawValue
        nextDue = result.nextDue?.iso8601
        historyCopyID = result.historyCopyID
        reminder = ReminderJSON(result.reminder, listTitle: listTitle)
    }
}
