import CivilTime
import Foundation

/// Settles wall-clock readings in a time zone: a reading that a DST change skips moves forward
/// by the gap (RFC 5545 section 3.3.5 and erratum 4271: 02:30 on a spring-forward night in
/// America/New_York is 03:30 EDT); an ambiguous reading keeps its first occurrence.
///
/// Readings are `wall` seconds: a civil day number times 86,400 plus the seconds of the day, a
/// label for a clock reading, never an instant. Foundation's Gregorian calendar settles a reading
/// only near a DST transition; between transitions every reading exists once, so the result is
/// remembered as a window. Offset changes that are not DST transitions are not seen.
struct ZonedWallClock: Sendable {
    let zone: TimeZone
    private let calendar: Calendar
    /// Readings in `safe` exist exactly once in `zone`.
    private var safe: Range<Int> = 0..<0

    init(zone: TimeZone) {
        self.zone = zone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        self.calendar = calendar
    }

    /// The reading itself when it exists, else the reading the same instant shows after the gap.
    mutating func settle(_ wall: Int) -> Int {
        if safe.contains(wall) { return wall }
        let (dayNumber, seconds) = Self.split(wall)
        let (year, month, day) = CivilDay(number: dayNumber).components
        let components = DateComponents(
            year: year, month: month, day: day,
            hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60)
        guard let date = calendar.date(from: components) else { return wall }
        let offset = zone.secondsFromGMT(for: date)
        let settled = Int(date.timeIntervalSince1970.rounded()) + offset
        let end =
            zone.nextDaylightSavingTimeTransition(after: date)
            .map { Int($0.timeIntervalSince1970.rounded()) + offset } ?? Int.max
        safe = settled < end ? settled..<end : 0..<0
        return settled
    }

    /// (day number, seconds of the day) of a reading.
    static func split(_ wall: Int) -> (day: Int, seconds: Int) {
        let day = wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400
        return (day, wall - day * 86_400)
    }

    /// The reading of a day number and seconds of that day.
    static func wall(day: Int, seconds: Int) -> Int { day * 86_400 + seconds }

    /// The reading an instant shows in `zone`.
    func wall(of instant: Date) -> Int {
        Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
    }
}
