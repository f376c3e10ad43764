/// The GEO property value: `latitude;longitude` in decimal degrees.
///
/// Related RFC 5545 section: 3.8.1.6.
public struct ICalGeo: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    public init(_ text: String) throws(ICalValueError) {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let lat = try? ICalNumber.float(String(parts[0])), let lon = try? ICalNumber.float(String(parts[1])),
            (-90...90).contains(lat), (-180...180).contains(lon)
        else { throw .badGeo(value: text) }
        self.init(latitude: lat, longitude: lon)
    }

    public var text: String { ICalNumber.string(latitude) + ";" + ICalNumber.string(longitude) }
}
