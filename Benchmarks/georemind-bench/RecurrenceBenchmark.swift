import CivilTime
import Foundation
import GeoReminders

/// Preview of 10,000 daily occurrences (zoned, floating, all-day), then a monthly rule with set
/// positions, and the slowest pathological case: a yearly rule that never matches (runs to 9999).
let recurrenceBenchmark = Benchmark(name: "recurrence") {
    let zone = TimeZone(identifier: "America/New_York")!
    let starts: [(String, CivilDateTime)] = [
        (
            "daily zoned 09:00 America/New_York",
            CivilDateTime(year: 2026, month: 1, day: 1, time: TimeOfDay(hour: 9, minute: 0), timeZone: zone)
        ),
        (
            "daily zoned 02:30 America/New_York",
            CivilDateTime(year: 2026, month: 1, day: 1, time: TimeOfDay(hour: 2, minute: 30), timeZone: zone)
        ),
        ("daily floating 09:00", CivilDateTime(year: 2026, month: 1, day: 1, time: TimeOfDay(hour: 9, minute: 0))),
        ("daily all-day", CivilDateTime(year: 2026, month: 1, day: 1)),
    ]
    let daily = try RecurrenceRule(rrule: "FREQ=DAILY")
    for (label, start) in starts {
        _ = daily.preview(from: start, count: 100)  // warm-up
        var best = Double.infinity
        var count = 0
        for _ in 0..<5 {
            let (seconds, result) = measure { daily.preview(from: start, count: 10_000) }
            best = min(best, seconds)
            count = result.count
        }
        print(String(format: "%@: %d occurrences in %.2f ms (best of 5)", label, count, best * 1000))
    }
    let others = [
        "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
        "FREQ=YEARLY;BYWEEKNO=1,20,-1;BYDAY=MO,FR",
        "FREQ=WEEKLY;BYDAY=MO,WE,FR",
    ]
    for text in others {
        let rule = try RecurrenceRule(rrule: text)
        let (seconds, result) = measure { rule.preview(from: starts[0].1, count: 10_000) }
        print(String(format: "%@: %d occurrences in %.2f ms", text, result.count, seconds * 1000))
    }
    let never = try RecurrenceRule(rrule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30")
    let (seconds, result) = measure { never.preview(from: starts[0].1, count: 1) }
    print(String(format: "never-matching yearly rule (searches to 9999): %d occurrences in %.2f ms", result.count, seconds * 1000))
    let neverDaily = try RecurrenceRule(rrule: "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30")
    let (seconds2, result2) = measure { neverDaily.preview(from: starts[0].1, count: 1) }
    print(String(format: "never-matching daily rule (searches to 9999): %d occurrences in %.2f ms", result2.count, seconds2 * 1000))
}
