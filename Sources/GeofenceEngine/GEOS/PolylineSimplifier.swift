import CGEOS

/// Douglas–Peucker simplification of a polyline by GEOS (`GEOSSimplify_r`): drawing a million
/// fixes needs only the vertices that move the line by more than a pixel.
public enum PolylineSimplifier {
    /// The vertices of `points` that keep the line within `tolerance` (in the points' units) of
    /// the original; the first and last point are always kept. Fewer than 3 points come back as given.
    public static func simplify(_ points: [(x: Double, y: Double)], tolerance: Double) throws(GEOSError) -> [(x: Double, y: Double)] {
        guard points.count > 2, tolerance > 0 else { return points }
        let context = GEOSContext()
        let line = try Geometry.lineString(points, context: context)
        let simplified = try Geometry(
            owning: GEOSSimplify_r(context.handle, line.pointer, tolerance), context: context, operation: "Simplify")
        return try simplified.allCoordinates()
    }
}
