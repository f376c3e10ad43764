/// A named place from `MapData.json`, as in Apple's location-reminder sample data.
///
/// The radius is in metres; nil means "use the reminder default" (100 m). A place with an `area`
/// (a GeoJSON Polygon geometry) is watched as that outline; `coordinates` is where it is shown.
package struct MapAnnotation: Hashable, Sendable, Codable {
    package struct Coordinates: Hashable, Sendable, Codable {
        package var latitude: Double
        package var longitude: Double

        package init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    package var name: String
    package var coordinates: Coordinates
    package var radius: Double?
    package var area: Area?

    /// A GeoJSON Polygon geometry: rings of `[longitude, latitude]` positions, outer ring first.
    package struct Area: Hashable, Sendable, Codable {
        package var type: String
        package var coordinates: [[[Double]]]

        package init(coordinates: [[[Double]]]) {
            type = "Polygon"
            self.coordinates = coordinates
        }
    }

    package init(name: String, coordinates: Coordinates, radius: Double? = nil, area: Area? = nil) {
        self.name = name
        self.coordinates = coordinates
        self.radius = radius
        self.area = area
    }
}
