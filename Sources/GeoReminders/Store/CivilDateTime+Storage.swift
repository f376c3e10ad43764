import CivilTime
import Foundation

extension CivilDateTime {
    /// `YYYY-MM-DD` for all-day values, `YYYY-MM-DDTHH:MM:SS` otherwise (ISO 8601 local time).
    var storageText: String {
        let timeFits = time.map { (0...99).contains($0.hour) && (0...99).contains($0.minute) && (0...99).contains($0.second) }
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day), timeFits ?? true else {
            return paddedText
        }
        // Digits written into the string's one allocation: a batch stores a date or two a reminder.
        return String(unsafeUninitializedCapacity: time == nil ? 10 : 19) { text in
            func put(_ value: Int, width: Int, at start: Int) {
                var value = value
                for offset in (0..<width).reversed() {
                    text[start + offset] = UInt8(48 + value % 10)
                    value /= 10
                }
            }
            put(year, width: 4, at: 0)
            text[4] = UInt8(ascii: "-")
            put(month, width: 2, at: 5)
            text[7] = UInt8(ascii: "-")
            put(day, width: 2, at: 8)
            guard let time else { return 10 }
            text[10] = UInt8(ascii: "T")
            put(time.hour, width: 2, at: 11)
            text[13] = UInt8(ascii: ":")
            put(time.minute, width: 2, at: 14)
            text[16] = UInt8(ascii: ":")
            put(time.second, width: 2, at: 17)
            return 19
        }
    }

    /// The same text for fields out of their widths (never stored: such dates fail validation).
    private var paddedText: String {
        var text = Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
        if let time {
            text += "T" + Self.pad(time.hour, 2) + ":" + Self.pad(time.minute, 2) + ":" + Self.pad(time.second, 2)
        }
        return text
    }

    /// Reads `storageText` back; nil for text this store did not write.
    init?(storageText text: String, timeZoneIdentifier: String?) {
        var text = text
        let parsed = text.withUTF8 { CivilDateTime(storageBytes: $0) }
        guard var parsed else { return nil }
        if let timeZoneIdentifier {
            guard let zone = TimeZone(identifier: timeZoneIdentifier) else { return nil }
            parsed.timeZone = zone
        }
        self = parsed
    }

    /// Reads the UTF-8 bytes of `storageText` back, without a zone.
    init?(storageBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10 || bytes.count == 19,
            let year = Self.number(bytes, 0, 4), let month = Self.number(bytes, 5, 2),
            let day = Self.number(bytes, 8, 2)
        else { return nil }
        var time: TimeOfDay?
        if bytes.count == 19 {
            guard let hour = Self.number(bytes, 11, 2), let minute = Self.number(bytes, 14, 2),
                let second = Self.number(bytes, 17, 2)
            else { return nil }
            time = TimeOfDay(hour: hour, minute: minute, second: second)
        }
        self.init(year: year, month: month, day: day, time: time)
    }

    /// Seconds since 2001-01-01 UTC used to order and pre-filter due dates: the exact instant for
    /// zoned values; floating values read in `floatingZone` (the store's zone for floating dates),
    /// so a floating 2026-11-24 sorts after 2026-11-23T17:45-08:00 for someone in Los Angeles.
    /// All-day values stand for 00:00 of their day.
    func sortKey(floatingZone: TimeZone) -> Double {
        let days = CivilDay(year: year, month: month, day: day).number
        let t = time ?? TimeOfDay(hour: 0, minute: 0)
        let local = Double(days * 86_400 + t.hour * 3_600 + t.minute * 60 + t.second) - 978_307_200
        let zone = timeZone ?? floatingZone
        func offset(_ instant: Double) -> Double {
            Double(zone.secondsFromGMT(for: Date(timeIntervalSinceReferenceDate: instant)))
        }
        // The offset at the guessed instant, then at the corrected one: the first that reads back
        // as this wall-clock time wins.
        let first = offset(local)
        if offset(local - first) == first { return local - first }
        let second = offset(local - first)
        if offset(local - second) == second { return local - second }
        // Neither reads back: the time falls in a DST gap and moves forward by the gap, as
        // RFC 5545 section 3.3.5 says (read with the offset in force before the change).
        return local - min(first, second)
    }

    private static func pad(_ value: Int, _ width: Int) -> String { ASCIIDigits.padded(value, width: width) }

    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for byte in bytes[start..<start + count] {
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }
}
