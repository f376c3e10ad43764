import Foundation

extension GeofenceEngine {
    /// The instant the track crossed the fence's boundary between the previous fix and this one,
    /// interpolating time linearly along the geodesic; nil when the two fixes are on the same side.
    func crossingTime(
        _ fence: Int, from previous: (coordinate: Coordinate, time: Double), to coordinate: Coordinate,
        at time: Double
    ) -> Date? {
        let model = models[fence]
        let fraction: Double?
        if model.isCircle, let planar = planarCrossing(model, from: previous.coordinate, to: coordinate) {
            fraction = planar
        } else {
            fraction = bisectedCrossing(fence, from: previous.coordinate, to: coordinate)
        }
        return fraction.map { Date(timeIntervalSinceReferenceDate: previous.time + $0 * (time - previous.time)) }
    }

    /// The tangent-plane solution of |p0 + f·(p1 − p0)| = r, when both fixes are within the trusted range.
    private func planarCrossing(_ model: FenceModel, from start: Coordinate, to end: Coordinate) -> Double?? {
        guard let (p0, p1) = planarOffsets(model, start, end) else { return nil }
        let (vx, vy) = (p1.east - p0.east, p1.north - p0.north)
        let a = vx * vx + vy * vy
        let b = 2 * (p0.east * vx + p0.north * vy)
        let c = p0.east * p0.east + p0.north * p0.north - model.radius * model.radius
        let c1 = p1.east * p1.east + p1.north * p1.north - model.radius * model.radius
        guard (c > 0) != (c1 > 0), a > 0 else { return .some(nil) }
        let root = max(0, b * b - 4 * a * c).squareRoot()
        // Entering (c > 0) crosses at the smaller root, leaving at the larger one.
        let f = c > 0 ? (-b - root) / (2 * a) : (-b + root) / (2 * a)
        return .some(min(1, max(0, f)))
    }

    /// Offsets of both points in the fence's tangent plane, or nil when the plane is not trusted there.
    func planarOffsets(_ model: FenceModel, _ start: Coordinate, _ end: Coordinate)
        -> ((east: Double, north: Double), (east: Double, north: Double))?
    {
        let trust = model.plane.trustRadius
        guard model.radius <= 0.5 * trust else { return nil }
        let p0 = model.plane.offset(latitude: start.latitude * radiansPerDegree, longitude: start.longitude * radiansPerDegree)
        let p1 = model.plane.offset(latitude: end.latitude * radiansPerDegree, longitude: end.longitude * radiansPerDegree)
        let limit = trust * trust
        guard p0.east * p0.east + p0.north * p0.north <= limit, p1.east * p1.east + p1.north * p1.north <= limit else { return nil }
        return (p0, p1)
    }

    /// Bisection along the geodesic on the inside predicate (exact geodesic or polygon cover).
    private func bisectedCrossing(_ fence: Int, from start: Coordinate, to end: Coordinate) -> Double? {
        let model = models[fence]
        let line = Geodesic.wgs84.inverse(from: start, to: end)
        func inside(_ f: Double) -> Bool? {
            let point =
                f == 0
                ? start
                : f == 1
                    ? end
                    : Geodesic.wgs84.destination(from: start, azimuth: line.initialAzimuth, distance: line.distance * f)
            if model.isCircle { return model.exactDistance(to: point) <= model.radius }
            return try? polygons[Int(model.polygon)].covers(point)
        }
        guard let startInside = inside(0), let endInside = inside(1), startInside != endInside else { return nil }
        var low = 0.0, high = 1.0
        for _ in 0..<48 {
            let middle = (low + high) / 2
            guard let state = inside(middle) else { return nil }
            if state == startInside { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// The fraction along the segment where it comes closest to a circle's centre, and that distance.
    func closestApproach(_ model: FenceModel, from start: Coordinate, to end: Coordinate) -> (fraction: Double, distance: Double)? {
        if let (p0, p1) = planarOffsets(model, start, end) {
            let (vx, vy) = (p1.east - p0.east, p1.north - p0.north)
            let a = vx * vx + vy * vy
            let f = a > 0 ? min(1, max(0, -(p0.east * vx + p0.north * vy) / a)) : 0
            let (x, y) = (p0.east + f * vx, p0.north + f * vy)
            return (f, (x * x + y * y).squareRoot())
        }
        // Golden-section search on the geodesic distance, unimodal along a segment shorter than half the globe.
        let line = Geodesic.wgs84.inverse(from: start, to: end)
        func distance(_ f: Double) -> Double {
            model.exactDistance(to: Geodesic.wgs84.destination(from: start, azimuth: line.initialAzimuth, distance: line.distance * f))
        }
        let ratio = (5.0.squareRoot() - 1) / 2
        var (low, high) = (0.0, 1.0)
        var x1 = high - ratio * (high - low), x2 = low + ratio * (high - low)
        var d1 = distance(x1), d2 = distance(x2)
        for _ in 0..<60 {
            if d1 < d2 {
                high = x2; x2 = x1; d2 = d1
                x1 = high - ratio * (high - low); d1 = distance(x1)
            } else {
                low = x1; x1 = x2; d1 = d2
                x2 = low + ratio * (high - low); d2 = distance(x2)
            }
        }
        let candidates = [(0.0, distance(0)), (1.0, distance(1)), ((low + high) / 2, distance((low + high) / 2))]
        let best = candidates.min { $0.1 < $1.1 }!
        return (best.0, best.1)
    }

    /// Cross events for fences the device does not track (outside at both fixes): the segment lies
    /// within half its length of its midpoint, so only fences whose envelope meets that circle's can be crossed.
    func crossUntracked(
        device: DeviceState, fix: Fix, from previous: (coordinate: Coordinate, time: Double),
        time: Double, into transitions: inout [Transition]
    ) {
        let line = Geodesic.wgs84.inverse(from: previous.coordinate, to: fix.coordinate)
        let middle = Geodesic.wgs84.destination(from: previous.coordinate, azimuth: line.initialAzimuth, distance: line.distance / 2)
        let reach = Envelope.around(middle, radius: line.distance / 2 * (1 + 1e-9) + 1e-3)
        // Polygons test the straight longitude/latitude segment, whose box is exact.
        var x0 = previous.coordinate.longitude, x1 = fix.coordinate.longitude
        if x1 - x0 > 180 { x1 -= 360 } else if x0 - x1 > 180 { x1 += 360 }
        let straight = Envelope.split(
            minLatitude: min(previous.coordinate.latitude, fix.coordinate.latitude),
            maxLatitude: max(previous.coordinate.latitude, fix.coordinate.latitude),
            minLongitude: min(x0, x1), maxLongitude: max(x0, x1))
        guard !(device.cache.contains(reach) && device.cache.contains(straight)) else { return }
        var found: [Int32] = []
        for envelope in [reach, straight] { queryIndex(envelope, at: time, into: &found) }
        for fence in Set(found).sorted() {
            let model = models[Int(fence)]
            guard !device.tracked.contains(where: { $0.fence == fence }) else { continue }
            if let fraction = passage(model, from: previous.coordinate, to: fix.coordinate) {
                let instant = Date(timeIntervalSinceReferenceDate: previous.time + fraction * (time - previous.time))
                emit(.cross, fence: Int(fence), fix: fix, model: model, distance: .infinity, crossing: instant, into: &transitions)
            }
        }
    }

    /// Where the segment between two outside fixes passes through the fence, as a fraction of it:
    /// a circle's closest approach when within the radius, a polygon's first entry; nil when it misses.
    func passage(_ model: FenceModel, from start: Coordinate, to end: Coordinate) -> Double? {
        if model.isCircle {
            guard let approach = closestApproach(model, from: start, to: end), approach.distance <= model.radius else { return nil }
            return approach.fraction
        }
        do {
            return try polygons[Int(model.polygon)].firstEntry(from: start, to: end)
        } catch {
            statistics.geosFailures += 1
            return nil
        }
    }
}
