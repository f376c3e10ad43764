import Foundation

/// A proleptic Gregorian calendar day counted from 1970-01-01, for date arithmetic that never
/// goes through seconds (a day is not always 86,400 s long in a time zone).
///
/// Conversions follow Howard Hinnant's `days_from_civil` / `civil_from_days`:
/// <https://howardhinnant.github.io/date_algorithms.html>.
public struct CivilDay: Hashable, Comparable, Sendable {
    /// Days since 1970-01-01 (negative before it).
    public var number: Int

    public init(number: Int) {
        self.number = number
    }

    public init(year: Int, month: Int, day: Int) {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        number = era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month (1...12) and day of the month (1...31), by the engine's `civil_from_days`.
    public var components: (year: Int, month: Int, day: Int) {
        let date = UTCTimestamp.civilDate(daysSince1970: Int64(number))
        return (Int(date.year), Int(date.month), Int(date.day))
    }

    /// The weekday, 0 for Monday through 6 for Sunday (1970-01-01 was a Thursday).
    public var weekday: Int {
        let w = (number + 3) % 7
        return w >= 0 ? w : w + 7
    }

    public static func + (day: CivilDay, days: Int) -> CivilDay { CivilDay(number: day.number + days) }
    public static func - (a: CivilDay, b: CivilDay) -> Int { a.number - b.number }
    public static func < (a: CivilDay, b: CivilDay) -> Bool { a.number < b.number }

    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    public static func daysInYear(_ year: Int) -> Int { isLeapYear(year) ? 366 : 365 }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
