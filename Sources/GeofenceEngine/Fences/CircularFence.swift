/// A geodesic circle: every point whose WGS84 geodesic distance to `center` is at most `radius` metres.
public struct CircularFence: Hashable, Sendable {
    public let center: Coordinate
    public let radius: Double

    /// `id` only names the fence in the error.
    public init(id: String = "", center: Coordinate, radius: Double) throws(FenceError) {
        guard center.isValid else { throw .badCenter(fence: id, latitude: center.latitude, longitude: center.longitude) }
        guard radius.isFinite, radius > 0 else { throw .badRadius(fence: id, radius: radius) }
        self.center = center
        self.radius = radius
    }
}
