import GeofenceEngine

/// What a picture of a replay shows, in coordinates: the places watched, each device's track
/// with the fixes it refused, and the alarms that fired. The SVG and HTML writers draw it; the
/// live page draws the same things from the server's data.
package struct MapScene: Sendable {
    /// A place a location alarm watches: its outline (a geodesic circle, or an area's ring), and
    /// the hysteresis band a device must cross to leave it.
    package struct Place: Sendable {
        package var title: String
        /// Closed ring (first point = last point).
        package var outline: [Coordinate]
        package var holes: [[Coordinate]]
        /// The outline widened by the hysteresis, when there is one.
        package var band: [Coordinate]?
        /// `Work · arriving, leaving`: the alarms watching it.
        package var label: String

        package init(title: String, outline: [Coordinate], holes: [[Coordinate]] = [], band: [Coordinate]?, label: String) {
            self.title = title
            self.outline = outline
            self.holes = holes
            self.band = band
            self.label = label
        }
    }

    /// A fix the evaluation did not use, and why (`low-accuracy`, `implausible-speed`…).
    package struct RejectedFix: Sendable {
        package var coordinate: Coordinate
        package var reason: String

        package init(coordinate: Coordinate, reason: String) {
            self.coordinate = coordinate
            self.reason = reason
        }
    }

    /// One device's admitted fixes in time order, and its refused ones.
    package struct Track: Sendable {
        package var device: String
        package var fixes: [Coordinate]
        package var rejected: [RejectedFix]

        package init(device: String, fixes: [Coordinate] = [], rejected: [RejectedFix] = []) {
            self.device = device
            self.fixes = fixes
            self.rejected = rejected
        }
    }

    /// A fired alarm at the fix that fired it.
    package struct Marker: Sendable {
        package var coordinate: Coordinate
        package var title: String
        /// `enter` or `leave`.
        package var kind: String
        /// Local time, as the readable feed lines print it.
        package var time: String
        package var device: String?
        package var place: String?
        /// Metres from the place's centre (or an area's edge).
        package var distance: Double?

        package init(
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

    package var title: String
    package var places: [Place]
    package var tracks: [Track]
    package var markers: [Marker]
    /// Feet and miles on the scale bar instead of metres and kilometres.
    package var imperial: Bool

    package init(title: String, places: [Place] = [], tracks: [Track] = [], markers: [Marker] = [], imperial: Bool = false) {
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
    package static func circle(centre: Coordinate, radius: Double, points: Int = 72) -> [Coordinate] {
        var ring = (0..<points).map { index in
            Geodesic.wgs84.destination(from: centre, azimuth: Double(index) * 360 / Double(points), distance: radius)
        }
        ring.append(ring[0])
        return ring
    }
}
