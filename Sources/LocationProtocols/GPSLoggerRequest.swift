import Foundation
import GeofenceEngine

/// GPSLogger for Android's custom URL, the template the user types with its placeholders:
/// `/gpslogger?device=%SER&lat=%LAT&lon=%LON&time=%TIME&timestamp=%TIMESTAMP&acc=%ACC&alt=%ALT&spd=%SPD&dir=%DIR&batt=%BATT&aid=%AID`
/// (<https://gpslogger.app/#customurl>). `timestamp` epoch s, else `time` ISO 8601; `spd` m/s; `batt` %.
/// The device is `device`, else `aid` (Android id), else the token's name.
package enum GPSLoggerRequest {
    package static func decode(query: Substring, defaultDevice: String) throws(LocationProtocolError) -> LocationReport {
        let fields = FieldValues.formFields(query)
        let device = [fields["device"], fields["aid"]].compactMap { $0 }.first { !$0.isEmpty } ?? defaultDevice
        let coordinate = try FieldValues.coordinate(
            latitude: fields["lat"].map(LooseJSONValue.text), longitude: fields["lon"].map(LooseJSONValue.text))
        let rawTime: String? = fields["timestamp"].flatMap { $0.isEmpty ? nil : $0 } ?? fields["time"]
        let time = try FieldValues.time(rawTime.map(LooseJSONValue.text), field: "timestamp")
        let reading = DeviceReading(
            device: device, time: time, speed: FieldValues.speed(fields["spd"].map(LooseJSONValue.text), in: .metresPerSecond),
            battery: FieldValues.battery(fields["batt"].map(LooseJSONValue.text), percent: true),
            altitude: FieldValues.altitude(fields["alt"].map(LooseJSONValue.text)))
        return LocationReport(
            fixes: [
                Fix(
                    time: time, coordinate: coordinate,
                    accuracy: FieldValues.accuracy(fields["acc"].map(LooseJSONValue.text)), device: device)
            ], readings: [reading])
    }
}
