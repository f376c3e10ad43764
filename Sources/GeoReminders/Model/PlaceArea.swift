import Foundation
import GeofenceEngine

/// The outline of a place watched as an area rather than a circle (a campus, a park): one
/// polygon, its outer ring first and any holes after, each closed (first point = last point).
/// Read from a GeoJSON Polygon (RFC 7946 §3.1.6), alone or as a Feature's geometry.
public struct PlaceArea: Hashable, Sendable {
    public var rings: [[Coordinate]]

    public init(rings: [[Coordinate]]) throws(PlaceAreaError) {
        guard !rings.isEmpty else { throw .badGeometry(reason: "a polygon needs an outer ring") }
        for ring in rings {
            guard ring.count >= 4, ring.first == ring.last else {
                throw .badGeometry(reason: "each ring needs at least 4 positions, the last equal to the first")
            }
            for point in ring where !(-90...90).contains(point.latitude) || !(-180...180).contains(point.longitude) {
                throw .badGeometry(reason: "position [\(point.longitude), \(point.latitude)] is not a longitude and a latitude")
            }
        }
        self.rings = rings
        // The engine's own checks (a valid polygon, not around a pole) say now what it would say later.
        do {
            _ = try PolygonFence(rings: rings)
        } catch let .badPolygon(_, reason) {
            throw .badGeometry(reason: reason)
        } catch {
            throw .badGeometry(reason: error.description)
        }
    }

    /// Reads a GeoJSON Polygon geometry or a Feature whose geometry is one (a MultiPolygon of one
    /// polygon too); positions are `[longitude, latitude]`.
    public init(geoJSON text: String) throws(PlaceAreaError) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else {
            throw .notJSON
        }
        try self.init(geoJSONObject: object)
    }

    /// As ``init(geoJSON:)``, from a decoded JSON value.
    public init(geoJSONObject object: Any) throws(PlaceAreaError) {
        guard var geometry = object as? [String: Any] else { throw .badGeometry(reason: "expected a GeoJSON object") }
        if geometry["type"] as? String == "Feature" {
            guard let inner = geometry["geometry"] as? [String: Any] else { throw .badGeometry(reason: "the Feature has no geometry") }
            geometry = inner
        }
        var coordinates = geometry["coordinates"]
        switch geometry["type"] as? String {
        case "Polygon":
            break
        case "MultiPolygon":
            guard let parts = coordinates as? [Any], parts.count == 1 else {
                throw .badGeometry(reason: "a MultiPolygon of several polygons is not supported; give each part its own reminder")
            }
            coordinates = parts[0]
        case let other:
            throw .badGeometry(reason: "expected a Polygon geometry, not \(other ?? "an object without a type")")
        }
        guard let ringValues = coordinates as? [[Any]] else { throw .badGeometry(reason: "coordinates must be arrays of rings") }
        var rings: [[Coordinate]] = []
        for ringValue in ringValues {
            var ring: [Coordinate] = []
            for position in ringValue {
                guard let pair = position as? [Any], pair.count >= 2, let longitude = Self.number(pair[0]),
                    let latitude = Self.number(pair[1])
                else { throw .badGeometry(reason: "a position must be [longitude, latitude]") }
                ring.append(Coordinate(latitude: latitude, longitude: longitude))
            }
            rings.append(ring)
        }
        try self.init(rings: rings)
    }

    private static func number(_ value: Any) -> Double? {
        (value as? NSNumber)?.doubleValue
    }

    /// The GeoJSON Polygon geometry, keys sorted: `{"coordinates":[[[lon,lat],…]],"type":"Polygon"}`.
    public var geoJSON: String {
        let rings = rings.map { ring in
            "[" + ring.map { "[\(Self.text($0.longitude)),\(Self.text($0.latitude))]" }.joined(separator: ",") + "]"
        }
        return #"{"coordinates":["# + rings.joined(separator: ",") + #"],"type":"Polygon"}"#
    }

    /// The mean of the outer ring's distinct vertices: where the place is shown and measured from
    /// in listings (alarms use the outline itself).
    public var centre: Coordinate {
        let points = rings[0].dropLast()
        let latitude = points.map(\.latitude).reduce(0, +) / Double(points.count)
        let longitude = points.map(\.longitude).reduce(0, +) / Double(points.count)
        // Rounded to 1e-7° (about 1 cm): a centre printed as 52.005, not 52.004999999999995.
        return Coordinate(latitude: (latitude * 1e7).rounded() / 1e7, longitude: (longitude * 1e7).rounded() / 1e7)
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}

extension PlaceArea: Codable {
    /// Encoded as its GeoJSON text, the form it is stored in.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = try PlaceArea(geoJSON: text)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(geoJSON)
    }
}

/// Why an area's outline cannot be used.
public enum PlaceAreaError: Error, Hashable, Sendable, CustomStringConvertible {
    case notJSON
    case badGeometry(reason: String)

    public var description: String {
        switch self {
        case .notJSON: "the area is not JSON; give a GeoJSON Polygon or a Feature with one"
        case let .badGeometry(reason): "the area is not a usable GeoJSON Polygon: \(reason)"
        }
    }
}
