import Foundation
import GeofenceEngine

/// The file formats a ``TraceReader`` understands; raw values are the CLI's `--format` names.
public enum TraceFormat: String, CaseIterable, Sendable {
    case gpx
    case csv
    case geojson
    case nmea
    /// One JSON object per line, OwnTracks `location` payloads included.
    case ndjson

    /// The format a file name promises, ignoring a trailing `.gz`; nil when the extension
    /// says nothing reliable (`.log`, `.txt`, none) and the content must be sniffed.
    ///
    /// `.json` is returned as ``geojson``; ``TraceReader`` re-checks it against the content
    /// because OwnTracks exports are often named `.json` too.
    public static func fromExtension(of path: String) -> TraceFormat? {
        var name = Substring(path.lowercased())
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if name.hasSuffix(".gz") { name = name.dropLast(3) }
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...] {
        case "gpx": return .gpx
        case "csv", "tsv": return .csv
        case "json", "geojson": return .geojson
        case "jsonl", "ndjson", "rec": return .ndjson
        case "nmea": return .nmea
        default: return nil
        }
    }

    /// Whether the bytes name a GeoJSON type (`"type": "FeatureCollection"` or `"Feature"`).
    static func namesGeoJSONType(_ bytes: some Collection<UInt8>) -> Bool {
        let compact = String(decoding: bytes.prefix(4096), as: UTF8.self).replacingOccurrences(of: " ", with: "")
        return compact.contains("\"type\":\"FeatureCollection\"") || compact.contains("\"type\":\"Feature\"")
    }

    /// The format the first bytes of a (decompressed) file look like, or nil.
    ///
    /// JSON is told apart by shape: a document whose first line is a complete object
    /// followed by another object line is NDJSON; a `"type": "FeatureCollection"` or
    /// `"Feature"` near the start is GeoJSON.
    public static func sniff(_ bytes: some Collection<UInt8>) -> TraceFormat? {
        var head = Array(bytes.prefix(4096))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head.removeFirst(3) }
        guard let first = head.firstIndex(where: { !ByteClass.isSpace($0) }) else { return nil }
        let text = head[first...]
        switch text.first {
        case UInt8(ascii: "<"):
            return String(decoding: text, as: UTF8.self).contains("<gpx") ? .gpx : nil
        case UInt8(ascii: "$"), UInt8(ascii: "!"):
            return .nmea
        case UInt8(ascii: "{"):
            let string = String(decoding: text, as: UTF8.self)
            let compact = string.replacingOccurrences(of: " ", with: "")
            if namesGeoJSONType(head) { return .geojson }
            // NDJSON's first line is a whole object; a pretty-printed document's is a lone "{".
            // Split on bytes: as Characters, "\r\n" is one and would hide every CRLF line end.
            let lines = text.split(separator: 0x0A, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
            let first = lines.first?.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r"))) ?? ""
            let wholeObject = first.count > 1 && first.hasSuffix("}")
            if wholeObject && (lines.count >= 2 || compact.contains("\"_type\"") || compact.contains("\"lat\"")) {
                return .ndjson
            }
            return .geojson
        default:
            let line = text.prefix { $0 != UInt8(ascii: "\n") }
            let header = String(decoding: line, as: UTF8.self).lowercased()
            let separators: Set<Character> = [",", ";", "\t"]
            let fields = header.split(whereSeparator: { separators.contains($0) })
                .map { $0.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\"\r"))) }
            let hasLat = fields.contains { CSVColumns.latitudeNames.contains($0) }
            let hasLon = fields.contains { CSVColumns.longitudeNames.contains($0) }
            return hasLat && hasLon ? .csv : nil
        }
    }
}
