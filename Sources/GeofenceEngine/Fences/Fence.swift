/// A region with a caller-chosen id; transitions name fences by this id.
public struct Fence: Hashable, Sendable {
    public var id: String
    public var shape: FenceShape

    public init(id: String, shape: FenceShape) {
        self.id = id
        self.shape = shape
    }

    /// A circle of `radius` metres around `center`.
    public static func circle(id: String, center: Coordinate, radius: Double) throws(FenceError) -> Fence {
        Fence(id: id, shape: .circle(try CircularFence(id: id, center: center, radius: radius)))
    }

    /// A polygon read from WKT (`POLYGON((lon lat, …), (hole …))`).
    public static func polygon(id: String, wkt: String) throws(FenceError) -> Fence {
        Fence(id: id, shape: .polygon(try PolygonFence(id: id, wkt: wkt)))
    }

    /// A polygon read from a GeoJSON Polygon geometry (RFC 7946 §3.1.6).
    public static func polygon(id: String, geoJSON: String) throws(FenceError) -> Fence {
        Fence(id: id, shape: .polygon(try PolygonFence(id: id, geoJSON: geoJSON)))
    }
}

public enum FenceShape: Hashable, Sendable {
    case circle(CircularFence)
    case polygon(PolygonFence)
}
