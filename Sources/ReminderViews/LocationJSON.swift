/// A place as the JSON outputs show it: `{"latitude", "longitude", "radius", "title"}`, radius in metres.
public struct LocationJSON: Encodable {
    public var title: String
    public var latitude: Double
    public var longitude: Double
    /// Metres: in an event, the geofence radius used (100 for a stored 0); in a reminder, as stored.
    public var radius: Double

    /// Writes the object as `JSONEncoder` would with sorted keys.
    public func write(to json: inout JSONText) {
        json.beginObject()
        json.member("latitude", latitude)
        json.member("longitude", longitude)
        json.member("radius", radius)
        json.member("title", title)
        json.endObject()
    }
}
