import Foundation

extension RecurrenceRule {
    /// Reads the CLI's friendly repetitions, or RRULE text when the input has an `=`.
    ///
    /// Accepted (case-insensitive): `daily`, `weekly`, `monthly`, `yearly` (or `annually`),
    /// `weekdays`, `weekends`, `every day|week|month|year`, `every other day|week|month|year`,
    /// `every N days|weeks|months|years`, `every monday` (any weekday, or a comma list of them).
    /// A leading `every!` (Todoist's spelling) marks the rule `fromCompletion`: `every! 3 days`.
    public init(shorthand text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.contains("=") {
            try self.init(rrule: trimmed)
            return
        }
        let unknown = RecurrenceRuleError.unknownShorthand(text: text)
        var words = trimmed.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var fromCompletion = false
        if words.first == "every!" {
            fromCompletion = true
            words[0] = "every"
        }
        if words.count == 1, let rule = Self.singleWord[words[0]] {
            self = try RecurrenceRule(
                frequency: rule.0, daysOfTheWeek: rule.1.map { RecurrenceDayOfWeek($0) },
                fromCompletion: fromCompletion)
            return
        }
        guard words.first == "every", words.count >= 2 else { throw unknown }
        var interval = 1
        var unitIndex = 1
        if words.count == 3 {
            if words[1] == "other" {
                interval = 2
            } else if let n = Int(words[1]), n >= 1, words[1].allSatisfy(\.isNumber) {
                interval = n
            } else {
                throw unknown
            }
            unitIndex = 2
        } else if words.count != 2 {
            throw unknown
        }
        let unit = words[unitIndex]
        if let frequency = Self.units[unit] ?? Self.units[String(unit.dropLast())] {
            // `every 2 day` and `every week` read as meant; `every 2 week` too.
            self = try RecurrenceRule(frequency: frequency, interval: interval, fromCompletion: fromCompletion)
            return
        }
        if words.count == 2, unit == "weekday" || unit == "weekend" {
            try self.init(shorthand: unit + "s")
            self.fromCompletion = fromCompletion
            return
        }
        let days = try unit.split(separator: ",").map { name -> RecurrenceDayOfWeek in
            guard let day = Self.weekdayNames[String(name)] ?? Self.weekdayNames[String(name.dropLast())] else {
                throw unknown
            }
            return RecurrenceDayOfWeek(day)
        }
        self = try RecurrenceRule(
            frequency: .weekly, interval: interval, daysOfTheWeek: days,
            fromCompletion: fromCompletion)
    }

    private static let singleWord: [String: (RecurrenceFrequency, [RecurrenceWeekday])] = [
        "daily": (.daily, []), "weekly": (.weekly, []), "monthly": (.monthly, []),
        "yearly": (.yearly, []), "annually": (.yearly, []),
        "weekdays": (.weekly, [.monday, .tuesday, .wednesday, .thursday, .friday]),
        "weekends": (.weekly, [.saturday, .sunday]),
    ]

    private static let units: [String: RecurrenceFrequency] = [
        "day": .daily, "week": .weekly, "month": .monthly, "year": .yearly,
    ]

    /// Full and three-letter names; a trailing `s` is dropped first (`every mondays`).
    private static let weekdayNames: [String: RecurrenceWeekday] = [
        "monday": .monday, "mon": .monday, "tuesday": .tuesday, "tue": .tuesday,
        "wednesday": .wednesday, "wed": .wednesday, "thursday": .thursday, "thu": .thursday,
        "friday": .friday, "fri": .friday, "saturday": .saturday, "sat": .saturday,
        "sunday": .sunday, "sun": .sunday,
    ]
}
