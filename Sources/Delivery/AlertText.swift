import Foundation
import GeoReminders
import ReminderViews

/// The facts every notification channel tells a person, in words: the same on ntfy, Apprise and
/// e-mail, so an alert reads alike wherever it arrives.
package struct AlertText: Hashable, Sendable {
    /// The reminder's title.
    package var title: String
    /// `Office, arriving`, `Office, leaving`, or `due 2026-11-24T08:00:00Z` for a time alarm.
    package var message: String
    /// `geo:LAT,LON` of the place (RFC 5870); nil for a time alarm.
    package var geoURI: String?

    package init(_ event: OutboxEvent) {
        title = event.reminder.title
        switch (event.type, event.location) {
        case let (.arrive, place?): message = "\(place.title), arriving"
        case let (.leave, place?): message = "\(place.title), leaving"
        case (.arrive, nil): message = "arriving"
        case (.leave, nil): message = "leaving"
        case (.time, _): message = "due \(JSONLines.timestamp(event.time))"
        }
        geoURI = event.location.map { "geo:\(Self.degrees($0.latitude)),\(Self.degrees($0.longitude))" }
    }

    /// Degrees with at most 6 decimals (about 10 cm) and no trailing zeros.
    static func degrees(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
