import GeoReminders

/// A place as the JSON outputs show it: `{"area"?, "latitude", "longitude", "radius", "title"}`,
/// radius in metres; `area`, for a place watched as an outline, is its GeoJSON Polygon geometry
/// (`latitude`/`longitude` are then its centre).
package struct LocationJSON: Encodable {
    package var title: String
    package var latitude: Double
    package var longitude: Double
    /// Metres: in an event, the geofence radius used (100 for a stored 0); in a reminder, as stored.
    package var radius: Double
    package var area: AreaJSON?

    package init(title: String, latitude: Double, longitude: Double, radius: Double, area: PlaceArea? = nil) {
        self.title = title
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.area = area.map(AreaJSON.init)
    }

    /// A GeoJSON Polygon geometry: rings of `[longitude, latitude]`.
    package struct AreaJSON: Encodable {
        package var coordinates: [[[Double]]]
        package var type = "Polygon"

        init(_ area: PlaceArea) {
            coordinates = area.rings.map { ring in ring.map { [$0.longitude, $0.latitude] } }
        }
    }

    /// Writes the object as `JSONEncoder` would with sorted keys.
    package func write(to json: inout JSONText) {
        json.beginObject()
        if let area {
            json.key("area")
            json.beginObject()
            json.key("coordinates")
            json.beginArray()
            for ring in area.coordinates {
                json.beginArray()
                for position in ring {
                    json.beginArray()
                    for value in position { json.number(value) }
                    json.endArray()
                }
                json.endArray()
            }
            json.endArray()
            json.member("type", area.type)
            json.endObject()
        }
        json.member("latitude", latitude)
        json.member("longitude", longitude)
        json.member("radius", radius)
        json.member("title", title)
        json.endObject()
    }
}
