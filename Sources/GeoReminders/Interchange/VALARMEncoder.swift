import Foundation
import ICalendar

/// Writes an ``Alarm`` as a VALARM: `ACTION:DISPLAY` with the reminder's title, and a TRIGGER
/// that is absolute (`VALUE=DATE-TIME`, UTC), relative to DUE (`RELATED=END`), or for a place
/// the placeholder instant with `PROXIMITY` and a `VLOCATION` (RFC 9074 §8) plus Apple's
/// `X-APPLE-PROXIMITY` and `X-APPLE-STRUCTURED-LOCATION`.
///
/// Related RFC sections: RFC 5545 §3.6.6 (VALARM), §3.8.6.3 (TRIGGER); RFC 9074 §4 (UID),
/// §6 (ACKNOWLEDGED), §8 (PROXIMITY); RFC 9073 §7.2 (VLOCATION).
enum VALARMEncoder {
    static func component(_ alarm: Alarm, description: String) -> ICalComponent {
        var valarm = ICalComponent(
            name: "VALARM",
            properties: [
                ICalProperty(name: "UID", value: alarm.id),
                ICalProperty(name: "ACTION", value: "DISPLAY"),
                ICalProperty(name: "DESCRIPTION", text: description),
            ])
        switch alarm.trigger {
        case let .absolute(date):
            valarm.append(ICalProperty(name: "TRIGGER", utc: date, valueType: true))
        case let .relative(offset):
            valarm.append(
                ICalProperty(
                    name: "TRIGGER", durationSeconds: seconds(offset),
                    parameters: [ICalParameter(name: "RELATED", value: "END")]))
        case let .location(location, proximity):
            valarm.append(
                ICalProperty(
                    name: "TRIGGER", parameters: [ICalParameter(name: "VALUE", value: "DATE-TIME")],
                    value: ICalExtensionName.placeholderTrigger))
            // A place without proximity (EventKit's `.none`) is written without PROXIMITY.
            if let word = proximityWord(proximity) {
                valarm.append(ICalProperty(name: "PROXIMITY", value: word))
                valarm.append(ICalProperty(name: ICalExtensionName.appleProximity, value: word))
            }
            valarm.append(appleLocation(location))
            valarm.append(vlocation(location, alarmID: alarm.id))
        }
        if let fired = alarm.firedDate {
            valarm.append(ICalProperty(name: ICalExtensionName.fired, utc: fired))
        }
        if let acknowledged = alarm.acknowledgedDate {
            valarm.append(ICalProperty(name: "ACKNOWLEDGED", utc: acknowledged))
        }
        return valarm
    }

    /// DURATION counts whole seconds; offsets beyond a century are clamped (no reminder needs them).
    static func seconds(_ offset: Double) -> Int {
        Int(max(-3_155_760_000, min(3_155_760_000, offset.rounded())))
    }

    static func proximityWord(_ proximity: Proximity) -> String? {
        switch proximity {
        case .enter: "ARRIVE"
        case .leave: "DEPART"
        case .none: nil
        }
    }

    /// `X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=150;X-TITLE=Office:geo:52.3,4.9`;
    /// the radius is left out when it is 0 (the default geofence).
    private static func appleLocation(_ location: StructuredLocation) -> ICalProperty {
        var parameters = [ICalParameter(name: "VALUE", value: "URI")]
        if location.radius > 0 {
            parameters.append(ICalParameter(name: ICalExtensionName.appleRadius, value: ICalNumber.string(location.radius)))
        }
        parameters.append(ICalParameter(name: ICalExtensionName.appleTitle, value: location.title))
        let uri = GeoURI(latitude: location.latitude, longitude: location.longitude)
        return ICalProperty(name: ICalExtensionName.appleLocation, parameters: parameters, value: uri.text)
    }

    /// RFC 9074 §8's shape: a VLOCATION with UID, NAME and `URL:geo:lat,lon;u=radius`.
    private static func vlocation(_ location: StructuredLocation, alarmID: String) -> ICalComponent {
        let uri = GeoURI(
            latitude: location.latitude, longitude: location.longitude,
            uncertainty: location.radius > 0 ? location.radius : nil)
        return ICalComponent(
            name: "VLOCATION",
            properties: [
                ICalProperty(name: "UID", value: InterchangeIdentifier.nameBased(alarmID + "/VLOCATION")),
                ICalProperty(name: "NAME", text: location.title),
                ICalProperty(name: "URL", value: uri.text),
            ])
    }
}
