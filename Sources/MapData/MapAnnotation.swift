/// A named place from `MapData.json`, as in Apple's location-reminder sample data.
///
/// The radius is in metres; nil means "use the reminder default" (100 m).
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

    public init(name: String, coordinates: Coordinates, radius: Double? = nil) {
        self.name = name
        self.coordinates = coordinates
        self.radius = radius
    }
}
