import Foundation
import GeofenceEngine

/// Horizontal GPS-like noise: independent gaussian east and north errors of standard
/// deviation `sigma` metres, drawn with the Box–Muller transform from a ``SplitMix64``.
///
/// Box–Muller turns two uniforms into a radius `sigma·√(−2 ln u₁)` and an angle `2π·u₂`;
/// the angle is kept as an azimuth (degrees clockwise from north) so that the offset is
/// applied with the direct geodesic problem without a sine or cosine. The uniforms are
/// bit-identical on every platform; the radius goes through the C library's `log`, whose
/// last-bit differences between platforms move a point by far less than a nanometre.
public struct GaussianNoise: Sendable {
    /// One error: `distance` metres towards `azimuth` degrees (clockwise from north).
    public struct Offset: Hashable, Sendable {
        public var distance: Double
        public var azimuth: Double

        /// The eastward component in metres.
        public var east: Double { distance * sin(azimuth * .pi / 180) }
        /// The northward component in metres.
        public var north: Double { distance * cos(azimuth * .pi / 180) }
    }

    /// The standard deviation of each of the east and north errors, in metres.
    public let sigma: Double
    private var generator: SplitMix64

    public init(sigma: Double, seed: UInt64) {
        self.sigma = sigma
        generator = SplitMix64(seed: seed)
    }

    /// The next error; every call draws exactly two values from the generator.
    public mutating func next() -> Offset {
        let u1 = 1 - generator.nextUnit()  // (0, 1]: the logarithm stays finite
        let u2 = generator.nextUnit()
        return Offset(distance: sigma * (-2 * log(u1)).squareRoot(), azimuth: 360 * u2)
    }

    /// `coordinate` moved by the next error (exactly, along a geodesic).
    public mutating func perturb(_ coordinate: Coordinate) -> Coordinate {
        let offset = next()
        guard offset.distance > 0 else { return coordinate }
        return Geodesic.wgs84.destination(from: coordinate, azimuth: offset.azimuth, distance: offset.distance)
    }
}
