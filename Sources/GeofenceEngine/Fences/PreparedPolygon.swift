/// A polygon fence compiled into a GEOS prepared geometry, with its index envelope.
final class PreparedPolygon {
    let fence: PolygonFence
    let prepared: PreparedGeometry
    let envelope: Envelope
    /// Longitudes run past 180 (see ``PolygonFence``).
    private let unwrapped: Bool

    init(_ fence: PolygonFence, context: GEOSContext) throws(GEOSError) {
        self.fence = fence
        let geometry = try Geometry.polygon(rings: fence.rings.map { $0.map { ($0.longitude, $0.latitude) } }, context: context)
        prepared = try PreparedGeometry(geometry)
        unwrapped = fence.crossesAntimeridian
        let points = fence.rings[0]
        envelope = Envelope.split(minLatitude: points.map(\.latitude).min()!, maxLatitude: points.map(\.latitude).max()!,
                                  minLongitude: points.map(\.longitude).min()!, maxLongitude: points.map(\.longitude).max()!)
    }

    /// Whether the polygon covers the point (longitudes shifted into the unwrapped range when needed).
    func covers(_ coordinate: Coordinate) throws(GEOSError) -> Bool {
        var x = coordinate.longitude
        if unwrapped, x < 0 { x += 360 }
        return try prepared.covers(x: x, y: coordinate.latitude)
    }
}
