/// A polygon fence compiled into a GEOS prepared geometry, with its index envelope.
final class PreparedPolygon {
    let fence: PolygonFence
    let prepared: PreparedGeometry
    let envelope: Envelope
    /// Longitudes run past 180 (see ``PolygonFence``).
    private let unwrapped: Bool

    /// - Parameter padding: metres the index envelope reaches beyond the shell (the hysteresis), so a
    ///   device outside but within them keeps the fence tracked.
    init(_ fence: PolygonFence, padding: Double = 0, context: GEOSContext) throws(GEOSError) {
        self.fence = fence
        let geometry = try Geometry.polygon(rings: fence.rings.map { $0.map { ($0.longitude, $0.latitude) } }, context: context)
        prepared = try PreparedGeometry(geometry)
        unwrapped = fence.crossesAntimeridian
        let points = fence.rings[0]
        envelope = Envelope.padded(
            minLatitude: points.map(\.latitude).min()!, maxLatitude: points.map(\.latitude).max()!,
            minLongitude: points.map(\.longitude).min()!, maxLongitude: points.map(\.longitude).max()!,
            metres: padding)
    }

    /// Metres from `coordinate` to the nearest point of any ring's edges: the nearest point is found
    /// in the tangent plane at `coordinate` (edges straight in lon/lat, RFC 7946 §3.1.1), then measured
    /// with the exact geodesic. For the hysteresis and accuracy band, and the distance events report.
    func edgeDistance(to coordinate: Coordinate) -> Double {
        let plane = LocalTangentPlane(center: coordinate)
        var best = Double.infinity
        var nearest = coordinate
        for ring in fence.rings {
            var previous = plane.offset(latitude: ring[0].latitude * radiansPerDegree, longitude: ring[0].longitude * radiansPerDegree)
            for k in 1..<ring.count {
                let point = plane.offset(latitude: ring[k].latitude * radiansPerDegree, longitude: ring[k].longitude * radiansPerDegree)
                let (dx, dy) = (point.east - previous.east, point.north - previous.north)
                let length = dx * dx + dy * dy
                let t = length > 0 ? min(1, max(0, -(previous.east * dx + previous.north * dy) / length)) : 0
                let (x, y) = (previous.east + t * dx, previous.north + t * dy)
                let squared = x * x + y * y
                if squared < best {
                    best = squared
                    let a = ring[k - 1], b = ring[k]
                    var longitude = a.longitude + t * (b.longitude - a.longitude)
                    if longitude > 180 { longitude -= 360 }
                    nearest = Coordinate(latitude: a.latitude + t * (b.latitude - a.latitude), longitude: longitude)
                }
                previous = point
            }
        }
        return Geodesic.wgs84.distance(from: coordinate, to: nearest)
    }

    /// Whether the polygon covers the point (longitudes shifted into the unwrapped range when needed).
    func covers(_ coordinate: Coordinate) throws(GEOSError) -> Bool {
        var x = coordinate.longitude
        if unwrapped, x < 0 { x += 360 }
        return try prepared.covers(x: x, y: coordinate.latitude)
    }

    /// Where the straight (longitude/latitude) segment first enters the polygon, as a fraction of
    /// the segment from `start`; nil when it misses the polygon.
    func firstEntry(from start: Coordinate, to end: Coordinate) throws(GEOSError) -> Double? {
        var x0 = start.longitude, x1 = end.longitude
        if x1 - x0 > 180 { x1 -= 360 } else if x0 - x1 > 180 { x1 += 360 }
        if unwrapped, min(x0, x1) < 0 { x0 += 360; x1 += 360 }
        if !unwrapped, max(x0, x1) > 180 { x0 -= 360; x1 -= 360 }
        let context = prepared.base.context
        let segment = try Geometry.lineString([(x0, start.latitude), (x1, end.latitude)], context: context)
        guard try prepared.intersects(segment) else { return nil }
        let (dx, dy) = (x1 - x0, end.latitude - start.latitude)
        let length = dx * dx + dy * dy
        guard length > 0 else { return 0 }
        let points = try segment.intersection(prepared.base).allCoordinates()
        return points.map { min(1, max(0, (($0.x - x0) * dx + ($0.y - start.latitude) * dy) / length)) }.min() ?? 0
    }
}
