import Foundation
import GeofenceEngine

/// Overland (iOS): `{"locations":[GeoJSON Point Features], "current": Feature?}`
/// (<https://github.com/aaronpk/Overland-iOS#api>). `properties.timestamp` ISO 8601,
/// `horizontal_accuracy` m, `device_id`, `speed` m/s. The fixes come back sorted by time: `current`
/// repeats the newest point ahead of the backlog and is left out when the batch has locations.
public enum OverlandBatch {
    public static func decode(body: [UInt8], defaultDevice: String) throws(LocationProtocolError) -> LocationReport {
        let batch: Batch
        do {
            batch = try JSONDecoder().decode(Batch.self, from: Data(body))
        } catch {
            throw Self.refusal(error)
        }
        guard let locations = batch.locations else { throw .missingField(name: "locations") }
        var features = locations
        if features.isEmpty, let current = batch.current { features = [current] }
        var fixes: [Fix] = []
        fixes.reserveCapacity(features.count)
        for (index, feature) in features.enumerated() {
            guard let coordinates = feature.geometry?.coordinates, coordinates.count >= 2 else {
                throw .missingField(name: "locations[\(index)].geometry.coordinates")
            }
            let properties = feature.properties
            let coordinate = try FieldValues.coordinate(
                latitude: coordinates[1].loose, longitude: coordinates[0].loose,
                latitudeName: "locations[\(index)] latitude",
                longitudeName: "locations[\(index)] longitude")
            let time = try FieldValues.time(properties?.timestamp?.loose, field: "locations[\(index)].properties.timestamp")
            let device = FieldValues.string(properties?.device_id?.loose).flatMap { $0.isEmpty ? nil : $0 } ?? defaultDevice
            fixes.append(
                Fix(
                    time: time, coordinate: coordinate,
                    accuracy: FieldValues.accuracy(properties?.horizontal_accuracy?.loose), device: device))
        }
        // A stable sort: the backlog is evaluated in time order whatever order the app queued it in.
        fixes = fixes.enumerated().sorted { ($0.element.time!, $0.offset) < ($1.element.time!, $1.offset) }.map(\.element)
        return LocationReport(fixes: fixes)
    }

    /// The fields georemind reads; every other member (`motion`, `battery_state`, `wifi`...) is skipped.
    private struct Batch: Decodable {
        var locations: [Feature]?
        var current: Feature?
    }

    private struct Feature: Decodable {
        var geometry: Geometry?
        var properties: Properties?
    }

    private struct Geometry: Decodable {
        var coordinates: [LooseNumber]?
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct Properties: Decodable {
        var timestamp: LooseText?
        var horizontal_accuracy: LooseNumber?
        var device_id: LooseText?
    }

    /// Not JSON, not an object, or a member of the wrong shape (`"locations": 3`).
    private static func refusal(_ error: any Error) -> LocationProtocolError {
        guard let decoding = error as? DecodingError else { return .malformedJSON(detail: "not JSON") }
        switch decoding {
        case .dataCorrupted(let context) where context.codingPath.isEmpty: return .malformedJSON(detail: "not JSON")
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            return .malformedJSON(detail: "not a JSON object")
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            return .missingField(
                name: context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }
                    .joined().drop { $0 == "." }.description)
        @unknown default: return .malformedJSON(detail: "not JSON")
        }
    }
}
