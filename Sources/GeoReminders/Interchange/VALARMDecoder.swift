import CivilTime
import Foundation
import ICalendar

/// Reads a VALARM into an ``Alarm``, or says why it was left out.
///
/// A place comes from RFC 9074 (`PROXIMITY` and a `VLOCATION` whose URL, STRUCTURED-DATA or GEO
/// holds the point) or from Apple's `X-APPLE-PROXIMITY` and `X-APPLE-STRUCTURED-LOCATION`; RFC
/// 9074 wins when both are there. A TRIGGER relative to the start (the default, RFC 5545
/// §3.8.6.3) is moved to count from DUE, which is what ``Alarm/Trigger/relative(offset:)`` means.
struct VALARMDecoder {
    var reminderID: String
    var start: CivilDateTime?
    var due: CivilDateTime?

    /// Why an alarm was left out; the reminder is imported without it.
    struct Omission: Error {
        var line: Int?
        var reason: String
    }

    func alarm(_ valarm: ICalComponent, position: Int) throws(ICalParseError) -> Result<Alarm, Omission> {
        let line = valarm.lineNumber
        if valarm.property("ACTION")?.value.uppercased() == "NONE" {
            return .failure(Omission(line: line, reason: "an alarm with ACTION:NONE (RFC 9074 §7) never alerts; left out"))
        }
        let uid = valarm.property("UID")?.value
        let id =
            uid.flatMap { try? Reminder.canonicalIdentifier($0) }
            ?? InterchangeIdentifier.nameBased(reminderID + "/VALARM/" + (uid ?? String(position)))
        let trigger: Alarm.Trigger
        switch try placeTrigger(valarm) {
        case let .success(placed?):
            trigger = placed
        case let .failure(omission):
            return .failure(omission)
        case .success(nil):
            guard let property = valarm.property("TRIGGER") else {
                return .failure(Omission(line: line, reason: "a VALARM without TRIGGER (RFC 5545 §3.6.6 requires one); left out"))
            }
            trigger = try timeTrigger(property)
        }
        var alarm = Alarm(id: id, trigger: trigger)
        alarm.acknowledgedDate = try valarm.property("ACKNOWLEDGED")?.utcInstant()
        // An acknowledged alarm has fired, else alarm evaluation would fire it again.
        alarm.firedDate = try valarm.property(ICalExtensionName.fired)?.utcInstant() ?? alarm.acknowledgedDate
        return .success(alarm)
    }

    /// The location trigger, nil when the alarm names no place or names one only beside a real
    /// time trigger.
    private func placeTrigger(_ valarm: ICalComponent) throws(ICalParseError) -> Result<Alarm.Trigger?, Omission> {
        let rfcProximity = valarm.property("PROXIMITY")
        let appleProximity = valarm.property(ICalExtensionName.appleProximity)
        let rfcPlace = try vlocationPlace(valarm)
        let applePlace = try applePlace(valarm)
        let proximity: Proximity
        let chosen: StructuredLocation?
        if let word = rfcProximity ?? appleProximity {
            switch word.value.uppercased() {
            case "ARRIVE": proximity = .enter
            case "DEPART": proximity = .leave
            default:
                return .failure(
                    Omission(
                        line: word.lineNumber,
                        reason: "\(word.name):\(word.value) is not a place trigger georemind knows (ARRIVE, DEPART); alarm left out"))
            }
            chosen = rfcProximity != nil ? (rfcPlace ?? applePlace) : (applePlace ?? rfcPlace)
            guard let chosen else {
                return .failure(
                    Omission(
                        line: word.lineNumber,
                        reason: "\(word.name) without a place (VLOCATION or X-APPLE-STRUCTURED-LOCATION); alarm left out"))
            }
            return .success(.location(location: chosen, proximity: proximity))
        }
        // A place with the placeholder trigger (or none) is EventKit's proximity `.none`.
        guard let place = rfcPlace ?? applePlace else { return .success(nil) }
        let trigger = valarm.property("TRIGGER")
        guard trigger == nil || trigger?.value.uppercased() == ICalExtensionName.placeholderTrigger else { return .success(nil) }
        return .success(.location(location: place, proximity: .none))
    }

    private func vlocationPlace(_ valarm: ICalComponent) throws(ICalParseError) -> StructuredLocation? {
        for vlocation in valarm.components(named: "VLOCATION") {
            let title = vlocation.property("NAME")?.text ?? ""
            let uris = vlocation.properties(named: "URL") + vlocation.properties(named: "STRUCTURED-DATA")
            for property in uris where property.value.lowercased().hasPrefix("geo:") {
                let uri = try property.geoURI()
                return StructuredLocation(
                    title: title, latitude: uri.latitude, longitude: uri.longitude,
                    radius: uri.uncertainty ?? 0)
            }
            if let geo = try vlocation.property("GEO")?.geo() {
                return StructuredLocation(title: title, latitude: geo.latitude, longitude: geo.longitude)
            }
        }
        return nil
    }

    private func applePlace(_ valarm: ICalComponent) throws(ICalParseError) -> StructuredLocation? {
        guard let property = valarm.property(ICalExtensionName.appleLocation),
            property.value.lowercased().hasPrefix("geo:")
        else { return nil }
        let uri = try property.geoURI()
        var radius = uri.uncertainty ?? 0
        if let text = property.parameter(ICalExtensionName.appleRadius) {
            do { radius = try ICalNumber.float(text) } catch {
                throw .invalidValue(line: property.lineNumber, property: property.name, problem: error)
            }
            guard radius >= 0 else {
                throw .invalidValue(line: property.lineNumber, property: property.name, problem: .badFloat(value: text))
            }
        }
        return StructuredLocation(
            title: property.parameter(ICalExtensionName.appleTitle) ?? "",
            latitude: uri.latitude, longitude: uri.longitude, radius: radius)
    }

    private func timeTrigger(_ property: ICalProperty) throws(ICalParseError) -> Alarm.Trigger {
        if property.parameter("VALUE")?.uppercased() == "DATE-TIME" {
            return .absolute(date: try property.utcInstant())
        }
        let offset = Double(try property.durationSeconds())
        guard property.parameter("RELATED")?.uppercased() != "END", let start, let due else {
            return .relative(offset: offset)
        }
        // Both read in one zone: for floating dates only their difference matters.
        let shift = start.instant(floatingZone: ICalDateTime.utc).timeIntervalSince(due.instant(floatingZone: ICalDateTime.utc))
        return .relative(offset: offset + shift)
    }
}
