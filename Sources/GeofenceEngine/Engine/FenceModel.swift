/// A fence compiled for the hot path: a circle's tangent plane and thresholds, or a polygon slot.
struct FenceModel {
    let plane: LocalTangentPlane
    let center: Coordinate
    let radius: Double
    /// radius + hysteresis: beyond it an observation is outside.
    let outerRadius: Double
    /// Index into the engine's prepared polygons, or -1 for a circle.
    let polygon: Int32

    var isCircle: Bool { polygon < 0 }

    init(circle: CircularFence, hysteresis: Double) {
        plane = LocalTangentPlane(center: circle.center)
        center = circle.center
        radius = circle.radius
        outerRadius = circle.radius + hysteresis
        polygon = -1
    }

    init(polygonSlot: Int32) {
        plane = LocalTangentPlane(center: Coordinate(latitude: 90, longitude: 0))
        center = Coordinate(latitude: 0, longitude: 0)
        radius = 0
        outerRadius = 0
        polygon = polygonSlot
    }

    /// Distance in metres to the centre, exact to 0.5 mm; `.infinity` means "farther than `limit`"
    /// (the tangent plane proved it), so callers needing the value use ``exactDistance(to:)``.
    @inline(__always)
    func distance(latitude: Double, longitude: Double, coordinate: Coordinate, limit: Double) -> Double {
        let trust = plane.trustRadius
        if limit <= 0.5 * trust {
            let squared = plane.squaredDistance(latitude: latitude, longitude: longitude)
            return squared <= trust * trust ? squared.squareRoot() : .infinity
        }
        return exactDistance(to: coordinate)
    }

    /// Metres the device can still move before `state` could change (0 = measure every fix):
    /// outside needs d ≤ r, inside needs d > r + h. 1 mm is kept back for the distance's own error.
    @inline(__always)
    func budget(state: FenceState, distance: Double) -> Double {
        guard isCircle else { return -.infinity }
        let known = distance.isFinite ? distance : plane.trustRadius
        switch state {
        case .outside: return known - radius - 1e-3
        case .inside: return outerRadius - known - 1e-3
        case .unknown: return -.infinity
        }
    }

    func exactDistance(to coordinate: Coordinate) -> Double {
        Geodesic.wgs84.distance(from: center, to: coordinate)
    }

    /// The envelope the index stores for this circle: every point within radius + hysteresis.
    var circleEnvelope: Envelope { Envelope.around(center, radius: outerRadius) }
}
