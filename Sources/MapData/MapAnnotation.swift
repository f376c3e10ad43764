/// A named place from `MapData.json`, as in Apple's location-reminder sample data.
///
/// The radius is in metres; nil means "use the reminder default" (100 m). A place with an `area`
/// (a GeoJSON Polygon geometry) is watched as that outline; `coordinates` is where it is shown.
public struct MapAnnotation: Hashable, Sendable, Codable {
    public struct Coordinates: Hashable, Sendable, Codable {
        public var latitude: Double
        public var longitude: Double

        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    public var name: String
    public var coordinates: Coordinates
    public var radius: Double?
    public var area: Area?

    /// A GeoJSON Polygon geometry: rings of `[longitude, latitude]` positions, outer ring first.
    public struct Area: Hashable, Sendable, Codable {
        public var type: String
        public var coordinates: [[[Double]]]

        public init(coordinates: [[[Double]]]) {
            type = "Polygon"
            self.coordinates = coordinates
        }
    }

    public init(name: String, coordinates: Coordinates, radius: Double? = nil, area: Area? = nil) {
        self.name = name
        self.coordinates = coordinates
        self.radius = radius
        self.area = area
    }
}
