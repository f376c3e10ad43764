import Foundation
import GeofenceEngine

/// A simulated trip: linger at the origin, then travel the geodesics through the waypoints at
/// a constant speed, one fix every `interval` seconds.
///
/// Timeline (`departure` is when the device starts moving):
/// - fixes fall on a regular grid `departure − linger + k·interval` (k = 0, 1, …), so the
///   first fix is at `departure − linger`; while lingering they are at the origin;
/// - from `departure` the device moves along the route, leg by leg, the clock running on
///   across waypoints (waypoints are not fixes unless the grid falls on them);
/// - the last fix is the destination at ``arrival``; a grid instant within
///   ``arrivalTolerance`` of arrival is replaced by it rather than doubled.
/// With noise, every fix (lingering, moving and arrival) is moved by its own ``GaussianNoise``
/// error and carries `accuracy = noise`; without noise positions are exact and accuracy is nil.
///
///     let plan = try TripPlan(from: work, to: home, departure: five, speed: 1.4, interval: 60,
///                             linger: 300, noise: 5, seed: 7)
///     for fix in plan.fixes { engine.feed(fix, into: &transitions) }
public struct TripPlan: Sendable {
    /// Fixes closer than this to arrival are merged into the arrival fix (seconds).
    public static let arrivalTolerance: TimeInterval = 0.001
    /// More fixes than this is a mistake in the inputs, not a trip.
    public static let maximumFixCount = 1_000_000_000_000

    /// Origin first, destination last.
    public let waypoints: [Coordinate]
    /// When the device leaves the origin.
    public let departure: Date
    /// Metres per second.
    public let speed: Double
    /// Seconds between fixes.
    public let interval: TimeInterval
    /// Seconds at the origin before `departure`.
    public let linger: TimeInterval
    public let device: String?
    /// Standard deviation of the east and north errors, metres; 0 for exact positions.
    public let noise: Double
    public let seed: UInt64

    /// Metres along the route.
    public let distance: Double
    /// Seconds from `departure` to ``arrival``.
    public let duration: TimeInterval
    /// Fixes on the regular grid before the arrival fix.
    let gridCount: Int
    /// The route's legs of non-zero length.
    let legs: [TripLeg]

    /// A trip straight from `origin` to `destination` along the geodesic.
    public init(
        from origin: Coordinate, to destination: Coordinate, departure: Date, speed: Double,
        interval: TimeInterval, linger: TimeInterval = 0, device: String? = nil,
        noise: Double = 0, seed: UInt64 = 0
    ) throws(TripPlanError) {
        try self.init(
            route: [origin, destination], departure: departure, speed: speed, interval: interval,
            linger: linger, device: device, noise: noise, seed: seed)
    }

    /// A trip through `route`'s waypoints in order; repeated consecutive waypoints add nothing.
    public init(
        route: [Coordinate], departure: Date, speed: Double, interval: TimeInterval,
        linger: TimeInterval = 0, device: String? = nil, noise: Double = 0,
        seed: UInt64 = 0
    ) throws(TripPlanError) {
        guard route.count >= 2 else { throw .tooFewWaypoints(count: route.count) }
        if let index = route.firstIndex(where: { !$0.isValid }) {
            throw .badWaypoint(index: index, latitude: route[index].latitude, longitude: route[index].longitude)
        }
        guard departure.timeIntervalSince1970.isFinite else {
            throw .badDeparture(secondsSince1970: departure.timeIntervalSince1970)
        }
        guard speed.isFinite, speed > 0 else { throw .badSpeed(metresPerSecond: speed) }
        guard interval.isFinite, interval > 0 else { throw .badInterval(seconds: interval) }
        guard linger.isFinite, linger >= 0 else { throw .badLinger(seconds: linger) }
        guard noise.isFinite, noise >= 0 else { throw .badNoise(metres: noise) }

        var legs: [TripLeg] = []
        var travelled = 0.0
        for (start, end) in zip(route, route.dropFirst()) {
            let line = Geodesic.wgs84.inverse(from: start, to: end)
            guard line.distance > 0 else { continue }
            legs.append(TripLeg(start: start, azimuth: line.initialAzimuth, length: line.distance, offset: travelled))
            travelled += line.distance
        }
        let duration = travelled / speed
        let estimated = (linger + duration) / interval
        guard estimated.isFinite, estimated < Double(Self.maximumFixCount) else {
            throw .tooManyFixes(estimated: estimated)
        }

        waypoints = route
        self.departure = departure
        self.speed = speed
        self.interval = interval
        self.linger = linger
        self.device = device
        self.noise = noise
        self.seed = seed
        self.legs = legs
        distance = travelled
        self.duration = duration
        gridCount = Self.gridCount(span: linger + duration, interval: interval)
    }

    public var origin: Coordinate { waypoints[0] }
    public var destination: Coordinate { waypoints[waypoints.count - 1] }
    /// The first fix's time.
    public var start: Date { departure.addingTimeInterval(-linger) }
    /// The last fix's time.
    public var arrival: Date { departure.addingTimeInterval(duration) }
    /// How many fixes ``fixes`` yields.
    public var fixCount: Int { gridCount + 1 }

    /// The fixes, computed one at a time: memory stays flat however long the trip.
    public var fixes: TripFixes { TripFixes(plan: self) }

    /// The number of k ≥ 0 with k·interval < span − tolerance, counted exactly as the
    /// iterator computes each instant (floating-point division alone can be off by one).
    private static func gridCount(span: TimeInterval, interval: TimeInterval) -> Int {
        let limit = span - arrivalTolerance
        guard limit > 0 else { return 0 }
        var count = Int((limit / interval).rounded(.up))
        while count > 0 && Double(count - 1) * interval >= limit { count -= 1 }
        while Double(count) * interval < limit { count += 1 }
        return count
    }
}
