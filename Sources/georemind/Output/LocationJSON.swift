/// A place as the JSON outputs show it: `{"latitude", "longitude", "radius", "title"}`, radius in metres.
struct LocationJSON: Encodable {
    var title: String
    var latitude: Double
    var longitude: Double
    /// Metres: in an event, the geofence radius used (100 for a stored 0); in a reminder, as stored.
    var radius: Double

    /// Writes the object as `JSONEncoder` would with sorted keys.
    func write(to json: inout JSONText) {
        json.beginObject()
        json.member("latitude", latitude)
        json.member("longitude", longitude)
        json.member("radius", radius)
        json.member("title", title)
        json.endObject()
    }
}
