/// Why a reader passed over a record; raw values are stable keys the CLI prints as JSON.
///
/// Fixes without time or with out-of-range coordinates are not skipped here: they are yielded
/// as read and the engine's admission rules count them (`no-time`, `bad-coordinates`).
public enum SkipReason: String, CaseIterable, Sendable, Comparable {
    /// A line or record that is not valid in its format (bad JSON, missing field, not a number).
    case unparsable
    /// A time field is present but is not a time the reader understands.
    case badTime = "bad-time"
    /// A record without latitude or longitude.
    case noCoordinates = "no-coordinates"
    /// An NMEA sentence whose checksum is missing or does not match.
    case badChecksum = "bad-checksum"
    /// An NMEA RMC with status V, or GGA with fix quality 0: the receiver had no fix.
    case noFix = "no-fix"
    /// An NMEA GGA before any RMC: it has a time of day but no date.
    case noDate = "no-date"
    /// An NMEA sentence repeating the previous fix (GGA and RMC of the same epoch).
    case duplicate
    /// An NMEA sentence other than RMC and GGA (GSV, GSA, VTG...).
    case skippedSentence = "skipped-sentence"
    /// An OwnTracks payload whose `_type` is not `location`.
    case skippedType = "skipped-type"
    /// A GPX route point or waypoint, read only when ``TraceReadOptions`` asks for it.
    case skippedPlanPoint = "skipped-plan-point"
    /// A GeoJSON feature that is neither a Point nor a timed LineString/MultiLineString.
    case skippedGeometry = "skipped-geometry"

    public static func < (lhs: SkipReason, rhs: SkipReason) -> Bool { lhs.rawValue < rhs.rawValue }
}
