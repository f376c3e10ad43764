import Foundation

/// Instants as ISO 8601 wall-clock text in a zone with its offset (`2026-11-23T12:00:00.193-05:00`),
/// for readable output; `Z` when the offset is zero. Written with ``UTCTimestamp``'s digits.
public enum ZonedTimestamp {
    /// The text of `date` in `zone`; nil outside the years 0001 to 9999.
    public static func string(
        _ date: Date, in zone: TimeZone,
        precision: UTCTimestamp.Precision = .milliseconds
    ) -> String? {
        let offset = zone.secondsFromGMT(for: date)
        guard var text = UTCTimestamp.string(date.addingTimeInterval(Double(offset)), precision: precision) else {
            return nil
        }
        guard offset != 0 else { return text }
        text.removeLast()  // the "Z"
        let minutes = abs(offset) / 60
        let hours = minutes / 60, rest = minutes % 60
        text += (offset < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + String(hours) + ":" + (rest < 10 ? "0" : "") + String(rest)
        return text
    }
}
