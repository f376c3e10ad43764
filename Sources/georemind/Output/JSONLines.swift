import Foundation

/// JSON as the commands print it: sorted keys so output is stable, slashes unescaped,
/// one line per value.
enum JSONLines {
    /// An encoder configured for the commands' output; make one per run and reuse it.
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static func encode(_ value: some Encodable, with encoder: JSONEncoder = makeEncoder()) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// An instant as ISO 8601 UTC to the second (truncated): `2026-11-23T16:00:00Z`.
    ///
    /// Written out rather than through `Date.ISO8601FormatStyle`, which costs microseconds a call
    /// and `list --json` formats three instants per reminder.
    static func timestamp(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Howard Hinnant's civil_from_days: proleptic Gregorian date of a day count from 1970.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        var text = [UInt8]()
        text.reserveCapacity(20)
        func digits(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                text.append(UInt8(48 + rest / divisor % 10))
                rest %= divisor
                divisor /= 10
            }
        }
        digits(year, 4); text.append(45); digits(month, 2); text.append(45); digits(day, 2)
        text.append(84)
        digits(secondOfDay / 3600, 2); text.append(58); digits(secondOfDay / 60 % 60, 2); text.append(58)
        digits(secondOfDay % 60, 2); text.append(90)
        return String(decoding: text, as: UTF8.self)
    }
}
