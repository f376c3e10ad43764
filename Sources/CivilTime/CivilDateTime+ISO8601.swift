import Foundation

/// Why a date typed by a person could not be read.
public enum DateInputError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformed(text: String)
    case outOfRange(text: String, field: String)
    case unknownTimeZone(name: String)

    public var description: String {
        switch self {
        case let .malformed(text):
            return "'\(text)' is not a date: use 2026-11-23T16:00:00Z, 2026-11-23T16:00 or 2026-11-23"
        case let .outOfRange(text, field):
            return "'\(text)' has an invalid \(field)"
        case let .unknownTimeZone(name):
            return "unknown time zone '\(name)': use an IANA name such as Europe/Paris, or 'floating'"
        }
    }
}

extension CivilDateTime {
    /// Reads the ISO 8601 forms people type on the command line:
    /// `2026-11-23T16:00:00Z` or with an offset (`+01:00`) — an instant, kept in `timeZone` when one
    /// is given, else in UTC or a fixed-offset zone; `2026-11-23T16:00[:SS]` — wall-clock time in
    /// `timeZone` (nil means floating); `2026-11-23` — all-day, in `timeZone`.
    public init(iso8601 text: String, timeZone: TimeZone?) throws(DateInputError) {
        let bytes = Array(text.utf8)
        var cursor = 0
        func number(_ width: Int, _ field: String) throws(DateInputError) -> Int {
            guard cursor + width <= bytes.count else { throw .malformed(text: text) }
            var value = 0
            for byte in bytes[cursor..<(cursor + width)] {
                guard (48...57).contains(byte) else { throw .malformed(text: text) }
                value = value * 10 + Int(byte - 48)
            }
            cursor += width
            return value
        }
        func expect(_ byte: UInt8) throws(DateInputError) {
            guard cursor < bytes.count, bytes[cursor] == byte else { throw .malformed(text: text) }
            cursor += 1
        }
        let year = try number(4, "year")
        try expect(UInt8(ascii: "-"))
        let month = try number(2, "month")
        try expect(UInt8(ascii: "-"))
        let day = try number(2, "day")
        // Year 0 does not exist in the Gregorian calendar people write (1 BC precedes AD 1).
        guard year >= 1 else { throw .outOfRange(text: text, field: "year") }
        guard (1...12).contains(month) else { throw .outOfRange(text: text, field: "month") }
        guard (1...CivilDay.daysInMonth(year: year, month: month)).contains(day) else {
            throw .outOfRange(text: text, field: "day")
        }
        if cursor == bytes.count {
            self.init(year: year, month: month, day: day, time: nil, timeZone: timeZone)
            return
        }
        guard bytes[cursor] == UInt8(ascii: "T") || bytes[cursor] == UInt8(ascii: " ") else {
            throw .malformed(text: text)
        }
        cursor += 1
        let hour = try number(2, "hour")
        try expect(UInt8(ascii: ":"))
        let minute = try number(2, "minute")
        var second = 0
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") {
            cursor += 1
            second = try number(2, "second")
        }
        guard hour < 24 else { throw .outOfRange(text: text, field: "hour") }
        guard minute < 60 else { throw .outOfRange(text: text, field: "minute") }
        guard second < 60 else { throw .outOfRange(text: text, field: "second") }
        let wallTime = TimeOfDay(hour: hour, minute: minute, second: second)
        if cursor == bytes.count {
            self.init(year: year, month: month, day: day, time: wallTime, timeZone: timeZone)
            return
        }
        // An explicit UTC designator or offset names an instant.
        var offsetSeconds = 0
        if bytes[cursor] == UInt8(ascii: "Z") {
            cursor += 1
        } else if bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") {
            let sign = bytes[cursor] == UInt8(ascii: "-") ? -1 : 1
            cursor += 1
            let offsetHours = try number(2, "offset")
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") { cursor += 1 }
            let offsetMinutes = try number(2, "offset")
            guard offsetHours < 24, offsetMinutes < 60 else { throw .outOfRange(text: text, field: "offset") }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            throw .malformed(text: text)
        }
        guard cursor == bytes.count else { throw .malformed(text: text) }
        // Foundation's zones reach ±18:00 (real ones ±14:00); `+21:00` is refused, not a crash.
        guard let instantZone = TimeZone(secondsFromGMT: offsetSeconds) else { throw .outOfRange(text: text, field: "offset") }
        let stamp = CivilDateTime(year: year, month: month, day: day, time: wallTime, timeZone: instantZone)
        self.init(instant: stamp.instant(), in: timeZone ?? instantZone)
    }

    /// The wall-clock reading of `instant` in `zone`, as a zoned date-time.
    public init(instant: Date, in zone: TimeZone) {
        let wall = WallClockReading(instant, in: zone)
        self.init(
            year: wall.year, month: wall.month, day: wall.day,
            time: TimeOfDay(hour: wall.hour, minute: wall.minute, second: wall.second), timeZone: zone)
    }

    /// ISO 8601 text: `2026-03-09T09:00:00-04:00` for a zoned date-time (`Z` in UTC),
    /// `2026-03-09T09:00:00` when floating, `2026-03-09` when all-day.
    public var iso8601: String {
        var text: [UInt8] = []
        text.reserveCapacity(25)
        ASCIIDigits.append(UInt64(clamping: year), minimumWidth: 4, to: &text)
        text.append(UInt8(ascii: "-"))
        ASCIIDigits.append(UInt64(clamping: month), minimumWidth: 2, to: &text)
        text.append(UInt8(ascii: "-"))
        ASCIIDigits.append(UInt64(clamping: day), minimumWidth: 2, to: &text)
        if let time {
            text.append(UInt8(ascii: "T"))
            ASCIIDigits.append(UInt64(clamping: time.hour), minimumWidth: 2, to: &text)
            text.append(UInt8(ascii: ":"))
            ASCIIDigits.append(UInt64(clamping: time.minute), minimumWidth: 2, to: &text)
            text.append(UInt8(ascii: ":"))
            ASCIIDigits.append(UInt64(clamping: time.second), minimumWidth: 2, to: &text)
            if let timeZone {
                let offset = utcOffset(in: timeZone)
                if offset == 0 && (timeZone.identifier == "UTC" || timeZone.identifier == "GMT") {
                    text.append(UInt8(ascii: "Z"))
                } else {
                    let magnitude = abs(offset)
                    text.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                    ASCIIDigits.append(UInt64(clamping: magnitude / 3600), minimumWidth: 2, to: &text)
                    text.append(UInt8(ascii: ":"))
                    ASCIIDigits.append(UInt64(clamping: (magnitude % 3600) / 60), minimumWidth: 2, to: &text)
                }
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}

extension TimeZone {
    /// The zone named by a command-line option: an IANA name, `UTC`, or `floating` (nil).
    public static func named(option name: String) throws(DateInputError) -> TimeZone? {
        if name.lowercased() == "floating" { return nil }
        guard let zone = TimeZone(identifier: name) else { throw .unknownTimeZone(name: name) }
        return zone
    }
}
