/// A `geo:` URI (`geo:48.2010,16.3695;u=40`): WGS84 coordinates with an optional altitude and
/// uncertainty radius in meters. Apple's X-APPLE-STRUCTURED-LOCATION and RFC 9074 locations use it.
///
/// Related spec: RFC 5870 (geo URI), section 3.3 for the syntax.
public struct GeoURI: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    public var altitude: Double?
    /// The `u=` parameter: uncertainty in meters, used as a geofence radius.
    public var uncertainty: Double?
    /// Other parameters (`name=value` or `name`) in order, kept for a faithful rewrite.
    public var otherParameters: [String]

    public init(
        latitude: Double, longitude: Double, altitude: Double? = nil, uncertainty: Double? = nil,
        otherParameters: [String] = []
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.uncertainty = uncertainty
        self.otherParameters = otherParameters
    }

    public init(_ text: String) throws(ICalValueError) {
        guard text.count > 4, text.prefix(4).lowercased() == "geo:" else {
            throw .badGeoURI(value: text, reason: "it does not start with \"geo:\"")
        }
        let pieces = text.dropFirst(4).split(separator: ";", omittingEmptySubsequences: false)
        let coordinates = pieces[0].split(separator: ",", omittingEmptySubsequences: false)
        guard coordinates.count == 2 || coordinates.count == 3 else {
            throw .badGeoURI(value: text, reason: "expected latitude,longitude[,altitude]")
        }
        var numbers: [Double] = []
        for c in coordinates {
            guard let n = try? ICalNumber.float(String(c)) else {
                throw .badGeoURI(value: text, reason: "\"\(c)\" is not a decimal number")
            }
            numbers.append(n)
        }
        guard (-90...90).contains(numbers[0]) else { throw .badGeoURI(value: text, reason: "latitude is outside -90...90") }
        guard (-180...180).contains(numbers[1]) else { throw .badGeoURI(value: text, reason: "longitude is outside -180...180") }
        var uncertainty: Double?
        var others: [String] = []
        for parameter in pieces.dropFirst() {
            guard !parameter.isEmpty else { throw .badGeoURI(value: text, reason: "empty parameter") }
            let lower = parameter.lowercased()
            if lower.hasPrefix("u=") {
                guard uncertainty == nil, let u = try? ICalNumber.float(String(parameter.dropFirst(2))), u >= 0 else {
                    throw .badGeoURI(value: text, reason: "u= must appear once, as meters >= 0")
                }
                uncertainty = u
            } else if lower.hasPrefix("crs=") {
                // RFC 5870 §3.4.1: only WGS84 is registered; another CRS would misplace the point.
                guard lower == "crs=wgs84" else { throw .badGeoURI(value: text, reason: "only crs=wgs84 is supported") }
                others.append(String(parameter))
            } else {
                others.append(String(parameter))
            }
        }
        self.init(
            latitude: numbers[0], longitude: numbers[1], altitude: numbers.count == 3 ? numbers[2] : nil,
            uncertainty: uncertainty, otherParameters: others)
    }

    /// `geo:lat,lon[,alt]`, then crs-like parameters, then `u=`, then the rest, as RFC 5870 orders them.
    public var text: String {
        var out = "geo:" + ICalNumber.string(latitude) + "," + ICalNumber.string(longitude)
        if let altitude { out += "," + ICalNumber.string(altitude) }
        let crs = otherParameters.filter { $0.lowercased().hasPrefix("crs=") }
        let rest = otherParameters.filter { !$0.lowercased().hasPrefix("crs=") }
        for p in crs { out += ";" + p }
        if let uncertainty { out += ";u=" + ICalNumber.string(uncertainty) }
        for p in rest { out += ";" + p }
        return out
    }
}
