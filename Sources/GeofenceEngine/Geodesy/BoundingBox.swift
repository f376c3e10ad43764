import Foundation

/// A latitude/longitude box in degrees, never crossing the antimeridian (``Envelope`` splits those).
public struct BoundingBox: Hashable, Sendable {
    public var minLatitude: Double
    public var maxLatitude: Double
    public var minLongitude: Double
    public var maxLongitude: Double

    public init(minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.maxLatitude = maxLatitude
        self.minLongitude = minLongitude
        self.maxLongitude = maxLongitude
    }

    /// A box that contains nothing, so that a first `contains` check always fails.
    static let empty = BoundingBox(
        minLatitude: .infinity, maxLatitude: -.infinity,
        minLongitude: .infinity, maxLongitude: -.infinity)

    @inline(__always)
    public func contains(latitude: Double, longitude: Double) -> Bool {
        latitude >= minLatitude && latitude <= maxLatitude && longitude >= minLongitude && longitude <= maxLongitude
    }

    public func contains(_ other: BoundingBox) -> Bool {
        other.minLatitude >= minLatitude && other.maxLatitude <= maxLatitude
            && other.minLongitude >= minLongitude && other.maxLongitude <= maxLongitude
    }
}
