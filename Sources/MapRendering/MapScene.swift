import GeofenceEngine

/// What a picture of a replay shows, in coordinates: the places watched, each device's track
/// with the fixes it refused, and the alarms that fired. The SVG and HTML writers draw it; the
/// live page draws the same things from the server's data.
public struct MapScene: Sendable {
    /// A place a location alarm watches: its outline (a geodesic circle, or an area's ring), and
    /// the hysteresis band a device must cross to leave it.
    public struct Place: Sendable {
        public var title: String
        /// Closed ring (first point = last point).
        public var outline: [Coordinate]
        public var holes: [[Coordinate]]
        /// The outline widened by the hysteresis, when there is one.
        public var band: [Coordinate]?
        /// `Work · arriving, leaving`: the alarms watching it.
        public var label: String

        public init(title: String, outline: [Coordinate], holes: [[Coordinate]] = [], band: [Coordinate]?, label: String) {
            self.title = title
            self.outline = outline
            self.holes = holes
            self.band = band
            self.label = label
        }
    }

    /// A fix the evaluation did not use, and why (`low-accuracy`, `implausible-speed`…).
    public struct RejectedFix: Sendable {
        public var coordinate: Coordinate
        public var reason: String

        public init(coordinate: Coordinate, reason: String) {
            self.coordinate = coordinate
            self.reason = reason
        }
    }

    /// One device's admitted fixes in time order, and its refused ones.
    public struct Track: Sendable {
        public var device: String
        public var fixes: [Coordinate]
        public var rejected: [RejectedFix]

        public init(device: String, fixes: [Coordinate] = [], rejected: [RejectedFix] = []) {
            self.device = device
            self.fixes = fixes
            self.rejected = rejected
        }
    }

    /// A fired alarm at the fix that fired it.
    public struct Marker: Sendable {
        public var coordinate: Coordinate
        public var title: String
        /// `enter` or `leave`.
        public var kind: String
        /// Local time, as the readable feed lines print it.
        public var time: String
        public var device: String?
        public var place: String?
        /// Metres from the place's centre (or an area's edge).
        public var distance: Double?

        public init(
            coordinate: Coordinate, title: String, kind: String, time: String, device: String? = nil, place: String? = nil,
            distance: Double? = nil
        ) {
            self.coordinate = coordinate
            self.title = title
            self.kind = kind
            self.time = time
            self.device = device
            self.place = place
            self.distance = distance
        }
    }

    public var title: String
    public var places: [Place]
    public var tracks: [Track]
    public var markers: [Marker]
    /// Feet and miles on the scale bar instead of metres and kilometres.
    public var imperial: Bool

    public init(title: String, places: [Place] = [], tracks: [Track] = [], markers: [Marker] = [], imperial: Bool = false) {
        self.title = title
        self.places = places
        self.tracks = tracks
        self.markers = markers
        self.imperial = imperial
    }

    /// Every coordinate the picture must show.
    var extent: [Coordinate] {
        places.flatMap { $0.band ?? $0.outline } + tracks.flatMap { $0.fixes + $0.rejected.map(\.coordinate) } + markers.map(\.coordinate)
    }

    /// A geodesic circle of `radius` metres around `centre` as a closed ring of `points` points.
    public static func circle(centre: Coordinate, radius: Double, points: Int = 72) -> [Coordinate] {
        var ring = (0..<points).map { index in
            Geodesic.wgs84.destination(from: centre, azimuth: Double(index) * 360 / Double(points), distance: radius)
        }
        ring.append(ring[0])
        return ring
    }
}
