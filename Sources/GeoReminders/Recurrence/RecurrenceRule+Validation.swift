import CivilTime

extension RecurrenceRule {
    /// The largest INTERVAL or COUNT: nine digits, as the RRULE reader reads them.
    public static let largestNumber = 999_999_999

    /// RFC 5545 section 3.3.10's constraints on which parts go together, and value ranges.
    func validate() throws {
        guard interval >= 1 else { throw RecurrenceRuleError.invalidInterval(value: String(interval)) }
        // What the store accepts it must read back: the RRULE reader takes at most nine digits.
        guard interval <= Self.largestNumber else { throw RecurrenceRuleError.numberTooLarge(part: "INTERVAL", value: interval) }
        if case .count(let count) = end {
            guard count >= 1 else { throw RecurrenceRuleError.invalidCount(value: String(count)) }
            guard count <= Self.largestNumber else { throw RecurrenceRuleError.numberTooLarge(part: "COUNT", value: count) }
        }
        for (part, values) in [
            (RecurrenceRulePart.monthDays, daysOfTheMonth), (.yearDays, daysOfTheYear),
            (.weekNumbers, weeksOfTheYear), (.months, monthsOfTheYear),
            (.setPositions, setPositions),
        ]
        where parts.contains(part) && values.isEmpty {
            throw RecurrenceRuleError.emptyValue(part: part.rawValue)
        }
        if parts.contains(.weekdays) && daysOfTheWeek.isEmpty {
            throw RecurrenceRuleError.emptyValue(part: RecurrenceRulePart.weekdays.rawValue)
        }
        try Self.check(daysOfTheMonth, part: .monthDays, limit: 31, signed: true)
        try Self.check(daysOfTheYear, part: .yearDays, limit: 366, signed: true)
        try Self.check(weeksOfTheYear, part: .weekNumbers, limit: 53, signed: true)
        try Self.check(monthsOfTheYear, part: .months, limit: 12, signed: false)
        try Self.check(setPositions, part: .setPositions, limit: 366, signed: true)
        try Self.check(daysOfTheWeek.map(\.weekNumber).filter { $0 != 0 }, part: .weekdays, limit: 53, signed: true)

        if !weeksOfTheYear.isEmpty && frequency != .yearly {
            throw RecurrenceRuleError.partNotAllowed(part: "BYWEEKNO", frequency: frequency)
        }
        if !daysOfTheYear.isEmpty && frequency != .yearly {
            throw RecurrenceRuleError.partNotAllowed(part: "BYYEARDAY", frequency: frequency)
        }
        if !daysOfTheMonth.isEmpty && frequency == .weekly {
            throw RecurrenceRuleError.partNotAllowed(part: "BYMONTHDAY", frequency: frequency)
        }
        if let ordinal = daysOfTheWeek.first(where: { $0.weekNumber != 0 }) {
            if frequency == .daily || frequency == .weekly {
                throw RecurrenceRuleError.ordinalWeekdayNotAllowed(
                    value: ordinal.rruleValue, frequency: frequency, withWeekNumbers: false)
            }
            if frequency == .yearly && !weeksOfTheYear.isEmpty {
                throw RecurrenceRuleError.ordinalWeekdayNotAllowed(
                    value: ordinal.rruleValue, frequency: frequency, withWeekNumbers: true)
            }
        }
        let selectors =
            daysOfTheWeek.count + daysOfTheMonth.count + daysOfTheYear.count
            + weeksOfTheYear.count + monthsOfTheYear.count
        if !setPositions.isEmpty && selectors == 0 {
            throw RecurrenceRuleError.setPositionWithoutOtherPart
        }
    }

    /// Values must lie in 1...limit, or also in -limit...-1 when `signed`.
    private static func check(_ values: [Int], part: RecurrenceRulePart, limit: Int, signed: Bool) throws {
        for value in values where !(1...limit).contains(signed ? abs(value) : value) {
            throw RecurrenceRuleError.outOfRange(
                part: part.rawValue, value: value,
                allowed: signed ? "1...\(limit) or -\(limit)...-1" : "1...\(limit)")
        }
    }

    /// The RRULE spelling of one part's value.
    func value(of part: RecurrenceRulePart) -> String {
        func list(_ values: [Int]) -> String { values.map(String.init).joined(separator: ",") }
        switch part {
        case .frequency: return frequency.rawValue
        case .interval: return String(interval)
        case .months: return list(monthsOfTheYear)
        case .weekNumbers: return list(weeksOfTheYear)
        case .yearDays: return list(daysOfTheYear)
        case .monthDays: return list(daysOfTheMonth)
        case .weekdays: return daysOfTheWeek.map(\.rruleValue).joined(separator: ",")
        case .setPositions: return list(setPositions)
        case .weekStart: return (firstDayOfTheWeek ?? .monday).rawValue
        case .hour: return timeOfDay.hour.map(String.init) ?? ""
        case .minute: return timeOfDay.minute.map(String.init) ?? ""
        case .second: return timeOfDay.second.map(String.init) ?? ""
        case .count:
            if case .count(let count) = end { return String(count) }
            return ""
        case .until:
            if case .until(let date) = end { return Self.untilText(date) }
            return ""
        }
    }

    /// `YYYYMMDD`, `YYYYMMDDTHHMMSS` (floating) or `YYYYMMDDTHHMMSSZ` (UTC).
    static func untilText(_ date: CivilDateTime) -> String {
        func pad(_ value: Int, _ width: Int) -> String { ASCIIDigits.padded(value, width: width) }
        var text = pad(date.year, 4) + pad(date.month, 2) + pad(date.day, 2)
        if let time = date.time {
            text += "T" + pad(time.hour, 2) + pad(time.minute, 2) + pad(time.second, 2)
            if date.timeZone != nil { text += "Z" }
        }
        return text
    }
}
