import GeofenceEngine

/// Why a trip could not be planned.
public enum TripPlanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A route needs an origin and a destination at least.
    case tooFewWaypoints(count: Int)
    /// `index` counts from 0; the message counts from 1, as a person reads a route.
    case badWaypoint(index: Int, latitude: Double, longitude: Double)
    case badDeparture(secondsSince1970: Double)
    case badSpeed(metresPerSecond: Double)
    case badInterval(seconds: Double)
    case badLinger(seconds: Double)
    case badNoise(metres: Double)
    /// The trip would produce more fixes than ``TripPlan/maximumFixCount``.
    case tooManyFixes(estimated: Double)

    public var description: String {
        switch self {
        case let .tooFewWaypoints(count):
            "a route needs at least 2 waypoints (an origin and a destination), got \(count)"
        case let .badWaypoint(index, latitude, longitude):
            "waypoint \(index + 1) (\(latitude), \(longitude)) is not a WGS84 coordinate (latitude -90...90, longitude -180...180)"
        case let .badDeparture(seconds):
            "departure time \(seconds) s since 1970 is not a finite instant"
        case let .badSpeed(speed):
            "speed \(speed) m/s must be a finite number greater than 0 (walking is about 1.4 m/s, 5 km/h)"
        case let .badInterval(seconds):
            "fix interval \(seconds) s must be a finite number of seconds greater than 0"
        case let .badLinger(seconds):
            "linger \(seconds) s must be a finite number of seconds, 0 or more"
        case let .badNoise(metres):
            "noise \(metres) m must be a finite number of metres, 0 or more"
        case let .tooManyFixes(estimated):
            "the trip would make about \(Int(exactly: estimated.rounded()).map(String.init) ?? "\(estimated)") fixes (more than \(TripPlan.maximumFixCount)); raise the interval or shorten the trip"
        }
    }
}
