/// The box a device's candidates were queried for, in 32 bytes (an ``Envelope`` takes 72): one
/// latitude band and a longitude range that wraps across ±180° when `minLongitude > maxLongitude`,
/// which is exactly what ``Envelope/around(_:radius:)`` produces (one box, or two split at the
/// antimeridian sharing their latitudes). Empty when its bounds are NaN.
struct CandidateBox {
    var minLatitude: Double
    var maxLatitude: Double
    var minLongitude: Double
    var maxLongitude: Double

    static let empty = CandidateBox(minLatitude: .nan, maxLatitude: .nan, minLongitude: .nan, maxLongitude: .nan)

    /// The region of an envelope made by ``Envelope/around(_:radius:)`` or ``Envelope/split``.
    init(_ envelope: Envelope) {
        let first = envelope.first
        minLatitude = first.minLatitude
        maxLatitude = first.maxLatitude
        guard let second = envelope.second else {
            minLongitude = first.minLongitude
            maxLongitude = first.maxLongitude
            return
        }
        precondition(
            second.minLatitude == first.minLatitude && second.maxLatitude == first.maxLatitude,
            "an antimeridian split keeps its latitudes")
        // One box ends at +180, the other starts at −180: the range runs east from the first's west edge.
        if first.maxLongitude == 180 {
            minLongitude = first.minLongitude
            maxLongitude = second.maxLongitude
        } else {
            minLongitude = second.minLongitude
            maxLongitude = first.maxLongitude
        }
    }

    private init(minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.maxLatitude = maxLatitude
        self.minLongitude = minLongitude
        self.maxLongitude = maxLongitude
    }

    @inline(__always)
    func contains(latitude: Double, longitude: Double) -> Bool {
        guard latitude >= minLatitude && latitude <= maxLatitude else { return false }  // false when empty (NaN)
        return minLongitude <= maxLongitude
            ? longitude >= minLongitude && longitude <= maxLongitude
            : longitude >= minLongitude || longitude <= maxLongitude
    }

    /// True when every box of `other` lies inside this region.
    func contains(_ other: Envelope) -> Bool {
        func covers(_ box: BoundingBox) -> Bool {
            guard box.minLatitude >= minLatitude && box.maxLatitude <= maxLatitude else { return false }
            if minLongitude <= maxLongitude { return box.minLongitude >= minLongitude && box.maxLongitude <= maxLongitude }
            // Wrapping: the box lies in the eastern part [min, 180] or the western part [−180, max].
            return box.minLongitude >= minLongitude || box.maxLongitude <= maxLongitude
        }
        return covers(other.first) && (other.second.map(covers) ?? true)
    }
}
