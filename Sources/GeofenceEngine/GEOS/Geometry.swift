import CGEOS

/// A GEOS geometry, owning its pointer (destroyed in deinit) or borrowing one that a parent owns.
///
/// A borrowed geometry (a polygon's ring) keeps its parent alive so the pointer stays valid.
final class Geometry {
    let context: GEOSContext
    let pointer: OpaquePointer
    private let parent: Geometry?
    private let owned: Bool

    /// Takes ownership of `pointer`, or throws the context's error when it is nil.
    init(owning pointer: OpaquePointer?, context: GEOSContext, operation: String) throws(GEOSError) {
        guard let pointer else { throw context.error(operation) }
        self.context = context
        self.pointer = pointer
        self.parent = nil
        self.owned = true
    }

    private init(borrowing pointer: OpaquePointer, from parent: Geometry) {
        self.context = parent.context
        self.pointer = pointer
        self.parent = parent
        self.owned = false
    }

    deinit {
        if owned { GEOSGeom_destroy_r(context.handle, pointer) }
    }

    static func point(x: Double, y: Double, context: GEOSContext) throws(GEOSError) -> Geometry {
        try Geometry(owning: GEOSGeom_createPointFromXY_r(context.handle, x, y), context: context, operation: "createPointFromXY")
    }

    static func rectangle(_ box: BoundingBox, context: GEOSContext) throws(GEOSError) -> Geometry {
        try Geometry(
            owning: GEOSGeom_createRectangle_r(
                context.handle, box.minLongitude, box.minLatitude,
                box.maxLongitude, box.maxLatitude),
            context: context, operation: "createRectangle")
    }

    static func readWKT(_ text: String, context: GEOSContext) throws(GEOSError) -> Geometry {
        guard let reader = GEOSWKTReader_create_r(context.handle) else { throw context.error("WKTReader_create") }
        defer { GEOSWKTReader_destroy_r(context.handle, reader) }
        return try Geometry(owning: GEOSWKTReader_read_r(context.handle, reader, text), context: context, operation: "WKTReader_read")
    }

    static func readGeoJSON(_ text: String, context: GEOSContext) throws(GEOSError) -> Geometry {
        guard let reader = GEOSGeoJSONReader_create_r(context.handle) else { throw context.error("GeoJSONReader_create") }
        defer { GEOSGeoJSONReader_destroy_r(context.handle, reader) }
        return try Geometry(
            owning: GEOSGeoJSONReader_readGeometry_r(context.handle, reader, text),
            context: context, operation: "GeoJSONReader_readGeometry")
    }

    /// A line string through (x, y) points.
    static func lineString(_ points: [(x: Double, y: Double)], context: GEOSContext) throws(GEOSError) -> Geometry {
        let h = context.handle
        guard let sequence = GEOSCoordSeq_create_r(h, UInt32(points.count), 2) else { throw context.error("CoordSeq_create") }
        for (i, p) in points.enumerated() { GEOSCoordSeq_setXY_r(h, sequence, UInt32(i), p.x, p.y) }
        // createLineString takes ownership of the sequence.
        return try Geometry(owning: GEOSGeom_createLineString_r(h, sequence), context: context, operation: "createLineString")
    }

    /// The intersection of two geometries (owned).
    func intersection(_ other: Geometry) throws(GEOSError) -> Geometry {
        try Geometry(owning: GEOSIntersection_r(context.handle, pointer, other.pointer), context: context, operation: "Intersection")
    }

    /// Every vertex of the geometry, whatever its type (points, lines, polygons, collections).
    func allCoordinates() throws(GEOSError) -> [(x: Double, y: Double)] {
        let h = context.handle
        switch typeID {
        case Int32(GEOS_POINT.rawValue), Int32(GEOS_LINESTRING.rawValue), Int32(GEOS_LINEARRING.rawValue):
            return GEOSisEmpty_r(h, pointer) == 1 ? [] : try coordinates()
        case Int32(GEOS_POLYGON.rawValue):
            if GEOSisEmpty_r(h, pointer) == 1 { return [] }
            var result: [(x: Double, y: Double)] = []
            for ring in try polygonRings() { result += try ring.coordinates() }
            return result
        default:
            let count = GEOSGetNumGeometries_r(h, pointer)
            guard count >= 0 else { throw context.error("GetNumGeometries") }
            var result: [(x: Double, y: Double)] = []
            for i in 0..<count {
                guard let part = GEOSGetGeometryN_r(h, pointer, i) else { throw context.error("GetGeometryN") }
                result += try Geometry(borrowing: part, from: self).allCoordinates()
            }
            return result
        }
    }

    /// A polygon from closed rings of (x, y) = (longitude, latitude); the first ring is the shell.
    static func polygon(rings: [[(x: Double, y: Double)]], context: GEOSContext) throws(GEOSError) -> Geometry {
        let h = context.handle
        var made: [OpaquePointer] = []
        for ring in rings {
            guard let sequence = GEOSCoordSeq_create_r(h, UInt32(ring.count), 2) else {
                made.forEach { GEOSGeom_destroy_r(h, $0) }
                throw context.error("CoordSeq_create")
            }
            for (i, p) in ring.enumerated() { GEOSCoordSeq_setXY_r(h, sequence, UInt32(i), p.x, p.y) }
            // createLinearRing takes ownership of the sequence, even when it fails.
            guard let linearRing = GEOSGeom_createLinearRing_r(h, sequence) else {
                made.forEach { GEOSGeom_destroy_r(h, $0) }
                throw context.error("createLinearRing")
            }
            made.append(linearRing)
        }
        guard let shell = made.first else { throw GEOSError.failed(operation: "createPolygon", message: "no rings") }
        var holes = Array(made.dropFirst()).map { Optional($0) }
        let polygon = holes.withUnsafeMutableBufferPointer { buffer in
            GEOSGeom_createPolygon_r(h, shell, buffer.baseAddress, UInt32(buffer.count))
        }
        return try Geometry(owning: polygon, context: context, operation: "createPolygon")
    }

    /// GEOS's geometry type id (`GEOS_POLYGON`, …).
    var typeID: Int32 { GEOSGeomTypeId_r(context.handle, pointer) }

    var isPolygon: Bool { typeID == Int32(GEOS_POLYGON.rawValue) }

    var isValid: Bool { GEOSisValid_r(context.handle, pointer) == 1 }

    /// The reason GEOS gives for invalidity ("Self-intersection[…]"), or "Valid Geometry".
    var validityReason: String {
        guard let reason = GEOSisValidReason_r(context.handle, pointer) else { return "unknown" }
        defer { GEOSFree_r(context.handle, reason) }
        return String(cString: reason)
    }

    /// The rings of a polygon (shell first), each as borrowed geometries.
    func polygonRings() throws(GEOSError) -> [Geometry] {
        let h = context.handle
        guard let shell = GEOSGetExteriorRing_r(h, pointer) else { throw context.error("GetExteriorRing") }
        var rings = [Geometry(borrowing: shell, from: self)]
        let holeCount = GEOSGetNumInteriorRings_r(h, pointer)
        guard holeCount >= 0 else { throw context.error("GetNumInteriorRings") }
        for i in 0..<holeCount {
            guard let hole = GEOSGetInteriorRingN_r(h, pointer, i) else { throw context.error("GetInteriorRingN") }
            rings.append(Geometry(borrowing: hole, from: self))
        }
        return rings
    }

    /// The coordinates of a line or ring, as (x, y).
    func coordinates() throws(GEOSError) -> [(x: Double, y: Double)] {
        let h = context.handle
        guard let sequence = GEOSGeom_getCoordSeq_r(h, pointer) else { throw context.error("getCoordSeq") }
        var size: UInt32 = 0
        guard GEOSCoordSeq_getSize_r(h, sequence, &size) != 0 else { throw context.error("CoordSeq_getSize") }
        var result: [(x: Double, y: Double)] = []
        result.reserveCapacity(Int(size))
        for i in 0..<size {
            var x = 0.0, y = 0.0
            guard GEOSCoordSeq_getXY_r(h, sequence, i, &x, &y) != 0 else { throw context.error("CoordSeq_getXY") }
            result.append((x, y))
        }
        return result
    }
}
