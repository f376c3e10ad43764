import CivilTime
import Foundation
import GeofenceEngine

/// JSON as the commands print it: sorted keys so output is stable, slashes unescaped,
/// one line per value.
package enum JSONLines {
    /// An encoder configured for the commands' output; make one per run and reuse it.
    package static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    package static func encode(_ value: some Encodable, with encoder: JSONEncoder = makeEncoder()) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// An instant as ISO 8601 UTC to the second (truncated): `2026-11-23T16:00:00Z`.
    /// Hand-written by the engine's `UTCTimestamp`: `list --json` formats three instants a reminder.
    package static func timestamp(_ date: Date) -> String {
        UTCTimestamp.string(date, precision: .seconds) ?? date.ISO8601Format()
    }

    /// An event or fix time as ISO 8601 UTC with its milliseconds when not zero:
    /// `2026-03-02T17:03:10.193Z`, so two events of one second keep their order and a fix its time.
    package static func preciseTimestamp(_ date: Date) -> String {
        UTCTimestamp.string(date, precision: .milliseconds) ?? date.ISO8601Format()
    }
}
