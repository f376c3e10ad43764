import CivilTime

/// Reads RFC 5545 RRULE text into a `RecurrenceRule`, refusing what it cannot honour with an
/// error naming the part.
///
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.10>.
struct RRULEReader {
    let text: String

    func read() throws -> RecurrenceRule {
        var body = Substring(text)
        if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst(6) }
        guard !body.isEmpty else { throw RecurrenceRuleError.emptyRule }

        var order: [RecurrenceRulePart] = []
        var values: [RecurrenceRulePart: String] = [:]
        for piece in body.split(separator: ";", omittingEmptySubsequences: false) {
            guard let equals = piece.firstIndex(of: "=") else {
                throw RecurrenceRuleError.malformedPart(part: String(piece))
            }
            let name = piece[..<equals].uppercased()
            let value = piece[piece.index(after: equals)...].uppercased()
            guard let part = RecurrenceRulePart(rawValue: name) else {
                throw RecurrenceRuleError.unknownPart(name: name)
            }
            guard values[part] == nil else { throw RecurrenceRuleError.duplicatePart(name: name) }
            guard !value.isEmpty else { throw RecurrenceRuleError.emptyValue(part: name) }
            values[part] = value
            order.append(part)
        }

        guard let freqText = values[.frequency] else { throw RecurrenceRuleError.missingFrequency }
        guard let frequency = RecurrenceFrequency(rawValue: freqText) else {
            if ["SECONDLY", "MINUTELY", "HOURLY"].contains(freqText) {
                throw RecurrenceRuleError.unsupportedFrequency(value: freqText)
            }
            throw RecurrenceRuleError.unknownFrequency(value: freqText)
        }
        if values[.count] != nil && values[.until] != nil { throw RecurrenceRuleError.countAndUntil }

        var interval = 1
        if let text = values[.interval] {
            guard let value = Self.integer(text), value >= 1 else {
                throw RecurrenceRuleError.invalidInterval(value: text)
            }
            interval = value
        }
        var end: RecurrenceEnd?
        if let text = values[.count] {
            guard let value = Self.integer(text), value >= 1 else {
                throw RecurrenceRuleError.invalidCount(value: text)
            }
            end = .count(value)
        }
        if let text = values[.until] {
            end = .until(try Self.until(text))
        }
        var weekStart: RecurrenceWeekday?
        if let text = values[.weekStart] {
            guard let day = RecurrenceWeekday(rawValue: text) else {
                throw RecurrenceRuleError.unknownWeekday(part: "WKST", value: text)
            }
            weekStart = day
        }
        return try RecurrenceRule(
            frequency: frequency, interval: interval, end: end,
            daysOfTheWeek: try values[.weekdays].map(Self.weekdays) ?? [],
            daysOfTheMonth: try Self.integers(values[.monthDays], part: .monthDays),
            daysOfTheYear: try Self.integers(values[.yearDays], part: .yearDays),
            weeksOfTheYear: try Self.integers(values[.weekNumbers], part: .weekNumbers),
            monthsOfTheYear: try Self.integers(values[.months], part: .months),
            setPositions: try Self.integers(values[.setPositions], part: .setPositions),
            firstDayOfTheWeek: weekStart,
            timeOfDay: RecurrenceTimeOfDay(
                hour: try Self.timePart(values[.hour], .hour, limit: 23),
                minute: try Self.timePart(values[.minute], .minute, limit: 59),
                second: try Self.timePart(values[.second], .second, limit: 60)),
            fromCompletion: false, parts: order)
    }

    /// RFC 5545 integers: optional sign, digits only (Swift's `Int("+3")` agrees).
    private static func integer(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.count <= 9,
            text.enumerated().allSatisfy({ $1.isASCII && ($1.isNumber || ($0 == 0 && ($1 == "+" || $1 == "-"))) })
        else { return nil }
        return Int(text)
    }

    /// BYHOUR, BYMINUTE or BYSECOND: one value in 0...limit; several would repeat a reminder
    /// more than once a day.
    private static func timePart(_ text: String?, _ part: RecurrenceRulePart, limit: Int) throws -> Int? {
        guard let text else { return nil }
        guard !text.contains(",") else { throw RecurrenceRuleError.unsupportedPart(name: part.rawValue) }
        guard let value = integer(text) else { throw RecurrenceRuleError.invalidNumber(part: part.rawValue, value: text) }
        guard (0...limit).contains(value) else {
            throw RecurrenceRuleError.outOfRange(part: part.rawValue, value: value, allowed: "0...\(limit)")
        }
        return value
    }

    private static func integers(_ text: String?, part: RecurrenceRulePart) throws -> [Int] {
        guard let text else { return [] }
        return try text.split(separator: ",", omittingEmptySubsequences: false).map {
            guard let value = integer($0) else {
                throw RecurrenceRuleError.invalidNumber(part: part.rawValue, value: String($0))
            }
            return value
        }
    }

    /// `MO`, `2TU`, `-1FR`, `+3WE`.
    private static func weekdays(_ text: String) throws -> [RecurrenceDayOfWeek] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map { item in
            let code = item.suffix(2)
            guard let weekday = RecurrenceWeekday(rawValue: String(code)) else {
                throw RecurrenceRuleError.unknownWeekday(part: "BYDAY", value: String(item))
            }
            let ordinalText = item.dropLast(2)
            if ordinalText.isEmpty { return RecurrenceDayOfWeek(weekday) }
            guard let ordinal = integer(ordinalText) else {
                throw RecurrenceRuleError.unknownWeekday(part: "BYDAY", value: String(item))
            }
            guard ordinal != 0 else {
                throw RecurrenceRuleError.outOfRange(part: "BYDAY", value: 0, allowed: "1...53 or -53...-1")
            }
            return RecurrenceDayOfWeek(weekday, weekNumber: ordinal)
        }
    }

    /// `YYYYMMDD`, `YYYYMMDDTHHMMSS` (floating) or `YYYYMMDDTHHMMSSZ` (UTC).
    private static func until(_ text: String) throws -> CivilDateTime {
        let invalid = RecurrenceRuleError.invalidUntil(value: text)
        let chars = Array(text)
        guard chars.count == 8 || chars.count == 15 || chars.count == 16 else { throw invalid }
        func number(_ range: Range<Int>) throws -> Int {
            let slice = chars[range]
            guard slice.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(String(slice)) else { throw invalid }
            return value
        }
        let year = try number(0..<4), month = try number(4..<6), day = try number(6..<8)
        guard (1...12).contains(month), (1...CivilDay.daysInMonth(year: year, month: month)).contains(day) else {
            throw invalid
        }
        guard chars.count > 8 else { return CivilDateTime(year: year, month: month, day: day) }
        guard chars[8] == "T", chars.count == 15 || chars[15] == "Z" else { throw invalid }
        let hour = try number(9..<11), minute = try number(11..<13), second = try number(13..<15)
        guard hour < 24, minute < 60, second < 60 else { throw invalid }
        return CivilDateTime(
            year: year, month: month, day: day, time: TimeOfDay(hour: hour, minute: minute, second: second),
            timeZone: chars.count == 16 ? RecurrenceRule.utc : nil)
    }
}
