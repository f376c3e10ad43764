import Foundation
import GeofenceEngine

/// The OsmAnd protocol as Traccar's server reads it (`OsmAndProtocolDecoder`): fields in the query
/// string (OsmAnd app, old Traccar Client), a form body (current Traccar Client), or the Traccar
/// Client 9 JSON body `{"location":{"timestamp":ISO,"coords":{...},"battery":{...}},"device_id":...}`.
///
/// `id`/`deviceid`, `lat`, `lon`, `timestamp` (epoch s, ms or ISO 8601), `accuracy` (m; else
/// `hdop`), `speed` in knots (m/s in the JSON body), `batt` % (a fraction in the JSON body). The device id is the credential: the caller checks it is registered.
package enum OsmAndRequest {
    /// Query string and, for a POST, the body with its content type.
    package static func decode(query: Substring, body: [UInt8], contentType: String?) throws(LocationProtocolError) -> LocationReport {
        var fields = FieldValues.formFields(query)
        let type = contentType?.lowercased() ?? ""
        if !body.isEmpty {
            if type.hasPrefix("application/json") || (type.isEmpty && body.first == UInt8(ascii: "{")) {
                return try decodeJSON(body)
            }
            let text = String(decoding: body, as: UTF8.self)
            for (key, value) in FieldValues.formFields(Substring(text)) where fields[key] == nil { fields[key] = value }
        }
        guard let device = fields["id"] ?? fields["deviceid"], !device.isEmpty else { throw .missingField(name: "id") }
        let coordinate = try FieldValues.coordinate(
            latitude: fields["lat"].map(LooseJSONValue.text), longitude: fields["lon"].map(LooseJSONValue.text))
        let time = try FieldValues.time(fields["timestamp"].map(LooseJSONValue.text), field: "timestamp")
        let accuracy =
            FieldValues.accuracy(fields["accuracy"].map(LooseJSONValue.text))
            ?? FieldValues.accuracy(fields["hdop"].map(LooseJSONValue.text))
        let reading = DeviceReading(
            device: device, time: time, speed: FieldValues.speed(fields["speed"].map(LooseJSONValue.text), in: .knots),
            battery: FieldValues.battery(fields["batt"].map(LooseJSONValue.text), percent: true),
            altitude: FieldValues.altitude(fields["altitude"].map(LooseJSONValue.text)))
        return LocationReport(fixes: [Fix(time: time, coordinate: coordinate, accuracy: accuracy, device: device)], readings: [reading])
    }

    /// Traccar Client 9 (react-native-background-geolocation's location object).
    static func decodeJSON(_ body: [UInt8]) throws(LocationProtocolError) -> LocationReport {
        let root = try FieldValues.jsonObject(body)
        guard let device = FieldValues.string(LooseJSONValue(any: root["device_id"])), !device.isEmpty else {
            throw .missingField(name: "device_id")
        }
        guard let location = root["location"] as? [String: Any] else { throw .missingField(name: "location") }
        guard let coords = location["coords"] as? [String: Any] else { throw .missingField(name: "location.coords") }
        let coordinate = try FieldValues.coordinate(
            latitude: LooseJSONValue(any: coords["latitude"]), longitude: LooseJSONValue(any: coords["longitude"]),
            latitudeName: "coords.latitude", longitudeName: "coords.longitude")
        let time = try FieldValues.time(LooseJSONValue(any: location["timestamp"]), field: "location.timestamp")
        // The plugin's speed is in m/s (Traccar's decoder converts it from m/s), its battery level a fraction.
        let battery = location["battery"] as? [String: Any]
        let reading = DeviceReading(
            device: device, time: time, speed: FieldValues.speed(LooseJSONValue(any: coords["speed"]), in: .metresPerSecond),
            battery: FieldValues.battery(LooseJSONValue(any: battery?["level"]), percent: false),
            altitude: FieldValues.altitude(LooseJSONValue(any: coords["altitude"])))
        return LocationReport(
            fixes: [
                Fix(
                    time: time, coordinate: coordinate,
                    accuracy: FieldValues.accuracy(LooseJSONValue(any: coords["accuracy"])), device: device)
            ], readings: [reading])
    }
}
