import CivilTime

/// Whether a day matches a rule's BYMONTH, BYWEEKNO, BYYEARDAY, BYMONTHDAY and BYDAY parts,
/// with RFC 5545's defaults taken from the start when none of the day-selecting parts is given
/// (YEARLY: the start's month and day; MONTHLY: its day; WEEKLY: its weekday).
struct RecurrenceDayFilter: Sendable {
    /// Membership tables: index n for value n, and n for value -n in the `negative` tables.
    private var months: [Bool]?
    private var monthDays: (positive: [Bool], negative: [Bool])?
    private var yearDays: (positive: [Bool], negative: [Bool])?
    private var weekNumbers: (positive: [Bool], negative: [Bool])?
    private var weekdays: [Bool]?
    private var ordinalWeekdays: [(weekday: Int, ordinal: Int)] = []
    /// Ordinals count within the month (MONTHLY, or YEARLY with BYMONTH), else within the year.
    private let ordinalsByMonth: Bool
    private let weekStart: Int

    init(rule: RecurrenceRule, start: CivilDateTime, startDay: CivilDay) {
        weekStart = (rule.firstDayOfTheWeek ?? .monday).index
        ordinalsByMonth = rule.frequency == .monthly || !rule.monthsOfTheYear.isEmpty
        var monthList = rule.monthsOfTheYear
        var monthDayList = rule.daysOfTheMonth
        var weekdayList = rule.daysOfTheWeek
        if rule.weeksOfTheYear.isEmpty && rule.daysOfTheYear.isEmpty
            && rule.daysOfTheMonth.isEmpty && rule.daysOfTheWeek.isEmpty
        {
            switch rule.frequency {
            case .yearly:
                if monthList.isEmpty { monthList = [start.month] }
                monthDayList = [start.day]
            case .monthly:
                monthDayList = [start.day]
            case .weekly:
                weekdayList = [RecurrenceDayOfWeek(RecurrenceWeekday(index: startDay.weekday))]
            case .daily:
                break
            }
        }
        if !monthList.isEmpty {
            var table = [Bool](repeating: false, count: 13)
            for m in monthList { table[m] = true }
            months = table
        }
        monthDays = Self.signedTable(monthDayList, size: 31)
        yearDays = Self.signedTable(rule.daysOfTheYear, size: 366)
        weekNumbers = Self.signedTable(rule.weeksOfTheYear, size: 53)
        if !weekdayList.isEmpty {
            var table = [Bool](repeating: false, count: 7)
            for entry in weekdayList {
                if entry.weekNumber == 0 {
                    table[entry.weekday.index] = true
                } else {
                    ordinalWeekdays.append((entry.weekday.index, entry.weekNumber))
                }
            }
            weekdays = table
        }
    }

    private static func signedTable(_ values: [Int], size: Int) -> (positive: [Bool], negative: [Bool])? {
        guard !values.isEmpty else { return nil }
        var positive = [Bool](repeating: false, count: size + 1)
        var negative = positive
        for value in values {
            if value > 0 { positive[value] = true } else { negative[-value] = true }
        }
        return (positive, negative)
    }

    func admitsMonth(_ month: Int) -> Bool {
        months?[month] ?? true
    }

    func admits(_ date: CivilDay, year: Int, month: Int, day: Int) -> Bool {
        if let months, !months[month] { return false }
        let monthLength = CivilDay.daysInMonth(year: year, month: month)
        if let monthDays, !(monthDays.positive[day] || monthDays.negative[monthLength - day + 1]) {
            return false
        }
        let needsYear = yearDays != nil || (!ordinalWeekdays.isEmpty && !ordinalsByMonth)
        let dayOfYear = needsYear ? date - CivilDay(year: year, month: 1, day: 1) + 1 : 0
        let yearLength = needsYear ? CivilDay.daysInYear(year) : 0
        if let yearDays, !(yearDays.positive[dayOfYear] || yearDays.negative[yearLength - dayOfYear + 1]) {
            return false
        }
        if weekNumbers != nil && !admitsWeek(of: date) { return false }
        if let weekdays {
            let weekday = date.weekday
            if weekdays[weekday] { return true }
            // BYDAY=MO,1TU is every Monday and the first Tuesday (python-dateutil intersects them).
            let (position, length) = ordinalsByMonth ? (day, monthLength) : (dayOfYear, yearLength)
            for entry in ordinalWeekdays where entry.weekday == weekday {
                let ordinal = entry.ordinal > 0 ? (position - 1) / 7 + 1 : -((length - position) / 7 + 1)
                if ordinal == entry.ordinal { return true }
            }
            return false
        }
        return true
    }

    /// BYWEEKNO: week 1 is the first week (starting on WKST) with at least four days in the
    /// year, as ISO 8601 with Monday; a week belongs to the year holding its fourth day.
    private func admitsWeek(of date: CivilDay) -> Bool {
        guard let weekNumbers else { return true }
        let weekBegin = date + -((date.weekday - weekStart + 7) % 7)
        let weekYear = (weekBegin + 3).components.year
        let firstWeek = firstWeekBegin(of: weekYear)
        let number = (weekBegin - firstWeek) / 7 + 1
        let total = (firstWeekBegin(of: weekYear + 1) - firstWeek) / 7
        return weekNumbers.positive[number] || weekNumbers.negative[total - number + 1]
    }

    private func firstWeekBegin(of year: Int) -> CivilDay {
        let january1 = CivilDay(year: year, month: 1, day: 1)
        let offset = (january1.weekday - weekStart + 7) % 7
        return january1 + (offset >= 4 ? 7 - offset : -offset)
    }
}
