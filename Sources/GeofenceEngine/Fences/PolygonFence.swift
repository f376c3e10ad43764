/// A polygon with optional holes; a point is inside when the polygon covers it (boundary included).
///
/// Edges are straight lines in longitude/latitude, as GeoJSON specifies (RFC 7946 §3.1.1).
/// A ring that crosses the antimeridian (consecutive vertices more than 180° of longitude apart,
/// or longitudes past 180) is unwrapped to continuous longitudes in 0…360. Polygons enclosing a
/// pole are not supported.
public struct PolygonFence: Hashable, Sendable {
    /// Closed rings (first point repeated last), shell first, longitudes unwrapped (may exceed 180).
    public let rings: [[Coordinate]]

    /// True when the rings were unwrapped across the antimeridian.
    public var crossesAntimeridian: Bool { rings.contains { $0.contains { $0.longitude > 180 } } }

    public init(id: String = "", rings: [[Coordinate]]) throws(FenceError) {
        guard let shell = rings.first, shell.count >= 4 else {
            throw .badPolygon(fence: id, reason: "a polygon needs a shell of at least 4 points (closed)")
        }
        for ring in rings {
            guard ring.count >= 4, ring.first == ring.last else {
                throw .badPolygon(fence: id, reason: "every ring must be closed (first point = last) with at least 4 points")
            }
            for point in ring
            where
                !(point.latitude.isFinite && point.longitude.isFinite
                && (-90...90).contains(point.latitude) && (-180...360).contains(point.longitude))
            {
                throw .badPolygon(fence: id, reason: "vertex (\(point.latitude), \(point.longitude)) is out of range")
            }
        }
        // A ring around a pole winds through 360° of longitude; its lon/lat edges cannot bound it.
        for ring in rings {
            let winding = zip(ring, ring.dropFirst()).reduce(0.0) { sum, pair in
                var step = pair.1.longitude - pair.0.longitude
                if step > 180 { step -= 360 } else if step < -180 { step += 360 }
                return sum + step
            }
            if abs(winding) > 180 {
                throw .badPolygon(
                    fence: id, reason: "the polygon encloses a pole (its shell winds through 360° of longitude), which is not supported")
            }
        }
        let jumps = rings.contains { ring in zip(ring, ring.dropFirst()).contains { abs($0.longitude - $1.longitude) > 180 } }
        self.rings =
            jumps
            ? rings.map { $0.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude < 0 ? $0.longitude + 360 : $0.longitude) } }
            : rings
        // GEOS validation (self-intersections, holes outside the shell) with the unwrapped rings.
        let context = GEOSContext()
        do {
            let geometry = try Geometry.polygon(rings: self.rings.map { $0.map { ($0.longitude, $0.latitude) } }, context: context)
            guard geometry.isValid else { throw FenceError.badPolygon(fence: id, reason: "invalid polygon: \(geometry.validityReason)") }
        } catch let error as GEOSError {
            throw .badPolygon(fence: id, reason: error.description)
        } catch let error as FenceError {
            throw error
        } catch {
            throw .badPolygon(fence: id, reason: "\(error)")
        }
    }

    public init(id: String = "", wkt: String) throws(FenceError) {
        try self.init(id: id, rings: Self.rings(id: id) { (context) throws(GEOSError) in try Geometry.readWKT(wkt, context: context) })
    }

    public init(id: String = "", geoJSON: String) throws(FenceError) {
        try self.init(
            id: id, rings: Self.rings(id: id) { (context) throws(GEOSError) in try Geometry.readGeoJSON(geoJSON, context: context) })
    }

    private static func rings(id: String, read: (GEOSContext) throws(GEOSError) -> Geometry) throws(FenceError) -> [[Coordinate]] {
        let context = GEOSContext()
        do {
            let geometry = try read(context)
            guard geometry.isPolygon else {
                throw FenceError.badPolygon(fence: id, reason: "expected a Polygon geometry (GEOS type id \(geometry.typeID))")
            }
            return try geometry.polygonRings().map { try $0.coordinates().map { Coordinate(latitude: $0.y, longitude: $0.x) } }
        } catch let error as GEOSError {
            throw .badPolygon(fence: id, reason: error.description)
        } catch let error as FenceError {
            throw error
        } catch {
            throw .badPolygon(fence: id, reason: "\(error)")
        }
    }
}
