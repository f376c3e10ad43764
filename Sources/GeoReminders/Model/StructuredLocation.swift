/// A place a location alarm watches, as EventKit's `EKStructuredLocation`.
public struct StructuredLocation: Hashable, Sendable, Codable {
    /// The radius used when `radius` is 0, in metres (EventKit's default geofence).
    public static let defaultRadius: Double = 100

    public var title: String
    public var latitude: Double
    public var longitude: Double
    /// The geofence radius in metres; 0 means `defaultRadius`.
    public var radius: Double
    /// The place's outline when it is watched as an area; `latitude`/`longitude` are then its
    /// centre, and `radius` is unused. nil: a circle.
    public var area: PlaceArea?

    public init(title: String, latitude: Double, longitude: Double, radius: Double = 0) {
        self.title = title
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
    }

    /// A place watched as an area, located at the area's centre.
    public init(title: String, area: PlaceArea) {
        let centre = area.centre
        self.init(title: title, latitude: centre.latitude, longitude: centre.longitude)
        self.area = area
    }

    /// The radius a geofence should use, in metres.
    public var effectiveRadius: Double { radius == 0 ? Self.defaultRadius : radius }
}
