import Foundation

/// One or two boxes that together contain every point within a geodesic distance of a centre.
///
/// Conservative by construction, so the index never misses an inside fix: a geodesic of length d
/// changes latitude by at most d / M_min (M_min = a(1-e²), the smallest meridian radius) and,
/// staying in that latitude band, longitude by at most d / (a·cos φ_max). A band reaching a pole
/// becomes a polar cap spanning all longitudes; a box crossing ±180° is split in two.
public struct Envelope: Hashable, Sendable {
    public var first: BoundingBox
    public var second: BoundingBox?

    public init(_ first: BoundingBox, _ second: BoundingBox? = nil) {
        self.first = first
        self.second = second
    }

    /// Relative and absolute padding so that rounding can only make the envelope larger.
    private static let slack = 1e-9

    public static func around(_ center: Coordinate, radius: Double) -> Envelope {
        let a = Geodesic.wgs84.equatorialRadius
        let f = Geodesic.wgs84.flattening
        let minimumMeridianRadius = a * (1 - f * (2 - f))
        let latitudeSpan = radius / minimumMeridianRadius * 180 / .pi * (1 + slack) + slack
        let south = center.latitude - latitudeSpan
        let north = center.latitude + latitudeSpan
        if south <= -90 || north >= 90 {
            return Envelope(
                BoundingBox(
                    minLatitude: max(south, -90), maxLatitude: min(north, 90),
                    minLongitude: -180, maxLongitude: 180))
        }
        let extremeLatitude = max(abs(south), abs(north)) * .pi / 180
        let longitudeSpan = radius / (a * cos(extremeLatitude)) * 180 / .pi * (1 + slack) + slack
        if longitudeSpan >= 180 {
            return Envelope(BoundingBox(minLatitude: south, maxLatitude: north, minLongitude: -180, maxLongitude: 180))
        }
        return split(
            minLatitude: south, maxLatitude: north,
            minLongitude: center.longitude - longitudeSpan, maxLongitude: center.longitude + longitudeSpan)
    }

    /// A box grown by `metres` on every side (bounds as ``around(_:radius:)`` computes them).
    static func padded(
        minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double,
        metres: Double
    ) -> Envelope {
        guard metres > 0 else {
            return split(minLatitude: minLatitude, maxLatitude: maxLatitude, minLongitude: minLongitude, maxLongitude: maxLongitude)
        }
        let a = Geodesic.wgs84.equatorialRadius
        let f = Geodesic.wgs84.flattening
        let latitudeSpan = metres / (a * (1 - f * (2 - f))) * 180 / .pi * (1 + slack) + slack
        let south = minLatitude - latitudeSpan, north = maxLatitude + latitudeSpan
        if south <= -90 || north >= 90 {
            return Envelope(BoundingBox(minLatitude: max(south, -90), maxLatitude: min(north, 90), minLongitude: -180, maxLongitude: 180))
        }
        let longitudeSpan = metres / (a * cos(max(abs(south), abs(north)) * .pi / 180)) * 180 / .pi * (1 + slack) + slack
        return split(
            minLatitude: south, maxLatitude: north,
            minLongitude: minLongitude - longitudeSpan, maxLongitude: maxLongitude + longitudeSpan)
    }

    /// Splits a longitude range that may run past ±180° (but spans less than 360°) at the antimeridian.
    static func split(minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double) -> Envelope {
        if maxLongitude - minLongitude >= 360 {
            return Envelope(BoundingBox(minLatitude: minLatitude, maxLatitude: maxLatitude, minLongitude: -180, maxLongitude: 180))
        }
        if minLongitude < -180 {
            return Envelope(
                BoundingBox(minLatitude: minLatitude, maxLatitude: maxLatitude, minLongitude: -180, maxLongitude: maxLongitude),
                BoundingBox(minLatitude: minLatitude, maxLatitude: maxLatitude, minLongitude: minLongitude + 360, maxLongitude: 180))
        }
        if maxLongitude > 180 {
            return Envelope(
                BoundingBox(minLatitude: minLatitude, maxLatitude: maxLatitude, minLongitude: minLongitude, maxLongitude: 180),
                BoundingBox(minLatitude: minLatitude, maxLatitude: maxLatitude, minLongitude: -180, maxLongitude: maxLongitude - 360))
        }
        return Envelope(
            BoundingBox(minLatitude: minLatitude, maxLatitude: maxLatitude, minLongitude: minLongitude, maxLongitude: maxLongitude))
    }

    @inline(__always)
    public func contains(latitude: Double, longitude: Double) -> Bool {
        first.contains(latitude: latitude, longitude: longitude)
            || (second?.contains(latitude: latitude, longitude: longitude) ?? false)
    }

    /// True when every box of `other` lies inside one of this envelope's boxes.
    public func contains(_ other: Envelope) -> Bool {
        func covers(_ box: BoundingBox) -> Bool { first.contains(box) || (second?.contains(box) ?? false) }
        return covers(other.first) && (other.second.map(covers) ?? true)
    }

    static let empty = Envelope(.empty)
}
