import Foundation
import GeofenceEngine

/// Overland (iOS): `{"locations":[GeoJSON Point Features], "current": Feature?}`
/// (<https://github.com/aaronpk/Overland-iOS#api>). `properties.timestamp` ISO 8601,
/// `horizontal_accuracy` m, `device_id`, `speed` m/s, `battery_level` 0–1, `altitude` m. The fixes come back sorted by time: `current`
/// repeats the newest point ahead of the backlog and is left out when the batch has locations.
package enum OverlandBatch {
    package static func decode(body: [UInt8], defaultDevice: String) throws(LocationProtocolError) -> LocationReport {
        var readings: [DeviceReading] = []
        let fixes = try body.withUnsafeBufferPointer { bytes throws(LocationProtocolError) in
            try readFixes(bytes, defaultDevice: defaultDevice, readings: &readings)
        }
        // A stable sort: the backlog is evaluated in time order whatever order the app queued it in.
        let sorted = fixes.enumerated().sorted { ($0.element.time!, $0.offset) < ($1.element.time!, $1.offset) }
            .map(\.element)
        return LocationReport(fixes: sorted, readings: readings)
    }

    private static func readFixes(
        _ bytes: UnsafeBufferPointer<UInt8>, defaultDevice: String, readings: inout [DeviceReading]
    ) throws(LocationProtocolError) -> [Fix] {
        guard JSONBody.opens(bytes) == UInt8(ascii: "{") else { throw JSONBody.refusal(bytes) }
        guard let root = JSONBody.members(bytes) else { throw .malformedJSON(detail: "not JSON") }
        guard var features = try root.last("locations").flatMap(JSONBody.array) else { throw .missingField(name: "locations") }
        if features.isEmpty, let current = root.last("current"), current.loose != nil { features = [current] }
        var fixes: [Fix] = []
        fixes.reserveCapacity(features.count)
        for (index, item) in features.enumerated() {
            // A member read that is not an object (or array) is missing; one that is not JSON fails
            // the batch, as a parser of the whole body would.
            let missingCoordinates = LocationProtocolError.missingField(name: "locations[\(index)].geometry.coordinates")
            guard let feature = try JSONBody.object(item) else { throw missingCoordinates }
            guard let geometry = try feature.last("geometry").flatMap(JSONBody.object),
                let coordinates = try geometry.last("coordinates").flatMap(JSONBody.array), coordinates.count >= 2
            else { throw missingCoordinates }
            let properties = try feature.last("properties").flatMap(JSONBody.object) ?? []
            let coordinate = try FieldValues.coordinate(
                latitude: coordinates[1].loose, longitude: coordinates[0].loose,
                latitudeName: "locations[\(index)] latitude",
                longitudeName: "locations[\(index)] longitude")
            let time = try FieldValues.time(properties.last("timestamp")?.loose, field: "locations[\(index)].properties.timestamp")
            let device = FieldValues.string(properties.last("device_id")?.loose).flatMap { $0.isEmpty ? nil : $0 } ?? defaultDevice
            fixes.append(
                Fix(
                    time: time, coordinate: coordinate,
                    accuracy: FieldValues.accuracy(properties.last("horizontal_accuracy")?.loose), device: device))
            let speed = FieldValues.speed(properties.last("speed")?.loose, in: .metresPerSecond)
            let battery = FieldValues.battery(properties.last("battery_level")?.loose, percent: false)
            let altitude = FieldValues.altitude(properties.last("altitude")?.loose)
            if speed != nil || battery != nil || altitude != nil {
                readings.append(DeviceReading(device: device, time: time, speed: speed, battery: battery, altitude: altitude))
            }
        }
        return fixes
    }
}
