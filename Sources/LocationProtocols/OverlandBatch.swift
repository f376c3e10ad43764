import Foundation
import GeofenceEngine

/// Overland (iOS): `{"locations":[GeoJSON Point Features], "current": Feature?}`
/// (<https://github.com/aaronpk/Overland-iOS#api>). `properties.timestamp` ISO 8601,
/// `horizontal_accuracy` m, `device_id`, `speed` m/s. The fixes come back sorted by time: `current`
/// repeats the newest point ahead of the backlog and is left out when the batch has locations.
public enum OverlandBatch {
    public static func decode(body: [UInt8], defaultDevice: String) throws(LocationProtocolError) -> LocationReport {
        let root = try FieldValues.jsonObject(body)
        guard let locations = root["locations"] as? [Any] else { throw .missingField(name: "locations") }
        var features = locations
        if features.isEmpty, let current = root["current"] { features = [current] }
        var fixes: [Fix] = []
        fixes.reserveCapacity(features.count)
        for (index, item) in features.enumerated() {
            guard let feature = item as? [String: Any],
                let geometry = feature["geometry"] as? [String: Any],
                let coordinates = geometry["coordinates"] as? [Any], coordinates.count >= 2
            else { throw .missingField(name: "locations[\(index)].geometry.coordinates") }
            let properties = feature["properties"] as? [String: Any] ?? [:]
            let coordinate = try FieldValues.coordinate(
                latitude: coordinates[1], longitude: coordinates[0],
                latitudeName: "locations[\(index)] latitude",
                longitudeName: "locations[\(index)] longitude")
            let time = try FieldValues.time(properties["timestamp"], field: "locations[\(index)].properties.timestamp")
            let device = FieldValues.string(properties["device_id"]).flatMap { $0.isEmpty ? nil : $0 } ?? defaultDevice
            fixes.append(
                Fix(
                    time: time, coordinate: coordinate,
                    accuracy: FieldValues.accuracy(properties["horizontal_accuracy"]), device: device))
        }
        // A stable sort: the backlog is evaluated in time order whatever order the app queued it in.
        fixes = fixes.enumerated().sorted { ($0.element.time!, $0.offset) < ($1.element.time!, $1.offset) }.map(\.element)
        return LocationReport(fixes: fixes)
    }
}
