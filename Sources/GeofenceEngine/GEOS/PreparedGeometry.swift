import CGEOS

/// A GEOS prepared geometry: indexed once, so repeated point predicates are fast.
///
/// Keeps its base geometry alive (GEOS requires it to outlive the prepared form).
final class PreparedGeometry {
    let base: Geometry
    private let pointer: OpaquePointer

    init(_ base: Geometry) throws(GEOSError) {
        guard let prepared = GEOSPrepare_r(base.context.handle, base.pointer) else { throw base.context.error("Prepare") }
        self.base = base
        self.pointer = prepared
    }

    deinit {
        GEOSPreparedGeom_destroy_r(base.context.handle, pointer)
    }

    /// True when no point of `other` lies outside this geometry (boundary counts as inside).
    func covers(_ other: Geometry) throws(GEOSError) -> Bool {
        switch GEOSPreparedCovers_r(base.context.handle, pointer, other.pointer) {
        case 1: return true
        case 0: return false
        default: throw base.context.error("PreparedCovers")
        }
    }

    /// True when the geometries share at least one point.
    func intersects(_ other: Geometry) throws(GEOSError) -> Bool {
        switch GEOSPreparedIntersects_r(base.context.handle, pointer, other.pointer) {
        case 1: return true
        case 0: return false
        default: throw base.context.error("PreparedIntersects")
        }
    }

    /// Whether the point (x, y) is covered; builds a transient GEOS point (GEOS 3.11 has no XY predicate).
    func covers(x: Double, y: Double) throws(GEOSError) -> Bool {
        try covers(Geometry.point(x: x, y: y, context: base.context))
    }
}
