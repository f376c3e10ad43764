import Foundation

/// JSON as the commands print it: sorted keys so output is stable, slashes unescaped,
/// one line per value.
enum JSONLines {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// An instant as ISO 8601 UTC to the second: `2026-11-23T16:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
