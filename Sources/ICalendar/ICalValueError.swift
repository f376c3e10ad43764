/// Why a property value does not read as its RFC 5545 value type (section 3.3).
public enum ICalValueError: Error, Hashable, Sendable, CustomStringConvertible {
    case badDate(value: String)
    case badDateTime(value: String)
    case badDuration(value: String)
    case badUTCOffset(value: String)
    case badInteger(value: String)
    case badFloat(value: String)
    case badGeo(value: String)
    case badGeoURI(value: String, reason: String)
    /// A DATE-TIME names a TZID that neither the Olson database nor the file's VTIMEZONEs explain.
    case unknownTimeZone(tzid: String, reason: String)

    public var description: String {
        switch self {
        case .badDate(let value):
            return "\"\(value)\" is not a DATE; expected YYYYMMDD (RFC 5545 §3.3.4)"
        case .badDateTime(let value):
            return "\"\(value)\" is not a DATE-TIME; expected YYYYMMDDTHHMMSS with an optional Z (RFC 5545 §3.3.5)"
        case .badDuration(let value):
            return "\"\(value)\" is not a DURATION; expected e.g. -PT15M, P1DT2H or P1W (RFC 5545 §3.3.6)"
        case .badUTCOffset(let value):
            return "\"\(value)\" is not a UTC-OFFSET; expected +HHMM or -HHMM[SS] (RFC 5545 §3.3.14)"
        case .badInteger(let value):
            return "\"\(value)\" is not an INTEGER in -2147483648...2147483647 (RFC 5545 §3.3.8)"
        case .badFloat(let value):
            return "\"\(value)\" is not a FLOAT; expected digits with an optional sign and decimal point (RFC 5545 §3.3.7)"
        case .badGeo(let value):
            return "\"\(value)\" is not a GEO value; expected latitude;longitude in degrees (RFC 5545 §3.8.1.6)"
        case .badGeoURI(let value, let reason):
            return "\"\(value)\" is not a geo: URI (RFC 5870): \(reason)"
        case .unknownTimeZone(let tzid, let reason):
            return "unknown time zone \"\(tzid)\": \(reason)"
        }
    }
}
