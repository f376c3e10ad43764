import CivilTime
import Foundation
import GeofenceEngine

/// Reading the loosely typed values location apps send: numbers as JSON numbers or strings,
/// times as epoch seconds, epoch milliseconds or ISO 8601.
enum FieldValues {
    static func number(_ value: LooseJSONValue?) -> Double? {
        switch value {
        case .number(let number):
            return number
        case .text(let text):
            if let number = Double(text) { return number }
            // Trimming goes through NSString: only for text that has spaces to trim.
            guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
                first.properties.isWhitespace || last.properties.isWhitespace
            else { return nil }
            return Double(text.trimmingCharacters(in: .whitespaces))
        case .other, nil:
            return nil
        }
    }

    static func string(_ value: LooseJSONValue?) -> String? {
        switch value {
        case .text(let text): text
        case .number(let number): describe(number)
        case .other, nil: nil
        }
    }

    /// A value in an error message: numbers as people typed them.
    static func shown(_ value: LooseJSONValue) -> String {
        switch value {
        case .number(let number): describe(number)
        case .text(let text): text
        case .other: "(not a number or a string)"
        }
    }

    /// A number as people typed it: `95`, not `95.0`.
    static func describe(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }

    /// Latitude and longitude, checked: a 400 names the first that is out of range.
    static func coordinate(
        latitude: LooseJSONValue?, longitude: LooseJSONValue?, latitudeName: String = "lat",
        longitudeName: String = "lon"
    ) throws(LocationProtocolError) -> Coordinate {
        guard let rawLatitude = latitude else { throw .missingField(name: latitudeName) }
        guard let rawLongitude = longitude else { throw .missingField(name: longitudeName) }
        guard let lat = number(rawLatitude), lat.isFinite, (-90...90).contains(lat) else {
            throw .badValue(field: latitudeName, value: shown(rawLatitude))
        }
        guard let lon = number(rawLongitude), lon.isFinite, (-180...180).contains(lon) else {
            throw .badValue(field: longitudeName, value: shown(rawLongitude))
        }
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// Horizontal accuracy in metres; 0 and negatives mean unknown (the old Traccar Android
    /// client sends 0.0 for every GPS fix), never perfect.
    static func accuracy(_ value: LooseJSONValue?) -> Double? {
        guard let metres = number(value), metres.isFinite, metres > 0 else { return nil }
        return metres
    }

    /// A time as epoch seconds, epoch milliseconds (above 1e11: after 5138 in seconds) or ISO 8601.
    static func time(_ value: LooseJSONValue?, field: String) throws(LocationProtocolError) -> Date {
        guard let value else { throw .missingField(name: field) }
        if let seconds = number(value) {
            guard seconds.isFinite, seconds > 0 else { throw .badValue(field: field, value: shown(value)) }
            return Date(timeIntervalSince1970: seconds > 1e11 ? seconds / 1000 : seconds)
        }
        if case .text(let text) = value, let date = isoDate(text) { return date }
        throw .badValue(field: field, value: shown(value))
    }

    static func isoDate(_ text: String) -> Date? {
        // The common shape (`2026-11-24T08:00:00Z`, fractions, offsets) without a formatter.
        if let seconds = ISO8601Instant.seconds(text) { return Date(timeIntervalSince1970: seconds) }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let date = try? Date(trimmed, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        if let date = try? Date(trimmed, strategy: Date.ISO8601FormatStyle()) { return date }
        return nil
    }

    static func jsonObject(_ body: [UInt8]) throws(LocationProtocolError) -> [String: Any] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        } catch {
            throw .malformedJSON(detail: "not JSON")
        }
        guard let dictionary = object as? [String: Any] else { throw .malformedJSON(detail: "not a JSON object") }
        return dictionary
    }

    /// `application/x-www-form-urlencoded` pairs (also a URL's query): `+` is a space.
    static func formFields(_ text: Substring) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                let spaced = part.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            let key = decode(parts[0])
            if fields[key] == nil { fields[key] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return fields
    }
}
