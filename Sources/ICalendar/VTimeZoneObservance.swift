import CivilTime
import Foundation

/// A STANDARD or DAYLIGHT subcomponent as the resolver reads it: its offsets, its first onset,
/// and the yearly rule (`BYMONTH` with `BYDAY` such as `2SU`/`-1SU`, or `BYMONTHDAY`) if any.
///
/// Related RFC 5545 section: 3.6.5.
struct VTimeZoneObservance {
    var isDaylight: Bool
    var offsetTo: Int
    var start: CivilDateTime
    var rule: [String: String]?

    init?(_ component: ICalComponent) {
        guard component.name == "STANDARD" || component.name == "DAYLIGHT",
            let to = component.property("TZOFFSETTO").flatMap({ try? ICalUTCOffset.seconds($0.value) }),
            let start = component.property("DTSTART").flatMap({ try? ICalDateTime.civilDateTime($0.value) })
        else { return nil }
        isDaylight = component.name == "DAYLIGHT"
        offsetTo = to
        self.start = start
        rule = component.property("RRULE").map { rrule in
            Dictionary(
                rrule.value.split(separator: ";").compactMap { part -> (String, String)? in
                    let pair = part.split(separator: "=", maxSplits: 1)
                    return pair.count == 2 ? (pair[0].uppercased(), String(pair[1]).uppercased()) : nil
                }, uniquingKeysWith: { a, _ in a })
        }
    }

    /// The local date (month, day) this observance begins on in `year`, if it begins then.
    func onset(in year: Int) -> (month: Int, day: Int)? {
        guard year >= start.year else { return nil }
        guard let rule else { return year == start.year ? (start.month, start.day) : nil }
        guard rule["FREQ"] == "YEARLY" else { return nil }
        if let until = rule["UNTIL"], let untilYear = Int(until.prefix(4)), untilYear < year { return nil }
        let month = rule["BYMONTH"].flatMap { Int($0) } ?? start.month
        let length = CivilDay.daysInMonth(year: year, month: month)
        var days = rule["BYMONTHDAY"].map { $0.split(separator: ",").compactMap { Int($0) } } ?? Array(1...length)
        days = days.map { $0 < 0 ? length + 1 + $0 : $0 }.filter { (1...length).contains($0) }
        guard let byDay = rule["BYDAY"] else {
            return rule["BYMONTHDAY"] == nil ? (month, start.day) : days.first.map { (month, $0) }
        }
        let codes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        guard let weekday = codes.firstIndex(of: String(byDay.suffix(2))) else { return nil }
        let matching = days.filter { (CivilDay(year: year, month: month, day: $0).weekday + 1) % 7 == weekday }
        let ordinal = Int(byDay.dropLast(2)) ?? 0
        if ordinal > 0, ordinal <= matching.count { return (month, matching[ordinal - 1]) }
        if ordinal < 0, -ordinal <= matching.count { return (month, matching[matching.count + ordinal]) }
        if ordinal == 0, let first = matching.first { return (month, first) }
        return nil
    }

    /// What a zone must look like in `year` to match these observances.
    static func signature(of observances: [VTimeZoneObservance], in year: Int) -> ZoneSignature {
        let onsets = observances.compactMap { o in
            o.onset(in: year).map { ZoneSignature.Transition(month: $0.month, day: $0.day, offsetTo: o.offsetTo) }
        }
        if !onsets.isEmpty { return .transitions(Set(onsets)) }
        // No change that year: the latest observance begun by then is in force all year.
        let latest = observances.filter { $0.start.year <= year }.max {
            ($0.start.year, $0.start.month, $0.start.day) < ($1.start.year, $1.start.month, $1.start.day)
        }
        return .fixed(offset: (latest ?? observances[0]).offsetTo)
    }

}

/// A zone's behaviour over one year: a fixed offset, or the local dates it changes offset on.
enum ZoneSignature: Hashable, CustomStringConvertible {
    struct Transition: Hashable {
        var month: Int, day: Int, offsetTo: Int
    }

    case fixed(offset: Int)
    case transitions(Set<Transition>)

    init(zone: TimeZone, year: Int) {
        let start = CivilDateTime(year: year, month: 1, day: 1, time: TimeOfDay(hour: 0, minute: 0), timeZone: ICalDateTime.utc).instant()
        let end = CivilDateTime(year: year + 1, month: 1, day: 1, time: TimeOfDay(hour: 0, minute: 0), timeZone: ICalDateTime.utc).instant()
        var found: Set<Transition> = []
        var cursor = start
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < end {
            let before = zone.secondsFromGMT(for: next.addingTimeInterval(-1))
            let local = WallClockReading(next.addingTimeInterval(TimeInterval(before)), in: ICalDateTime.utc)
            found.insert(Transition(month: local.month, day: local.day, offsetTo: zone.secondsFromGMT(for: next)))
            cursor = next
        }
        self = found.isEmpty ? .fixed(offset: zone.secondsFromGMT(for: start)) : .transitions(found)
    }

    var description: String {
        switch self {
        case .fixed(let offset):
            return "fixed \(ICalUTCOffset.string(offset))"
        case .transitions(let set):
            return set.sorted { ($0.month, $0.day) < ($1.month, $1.day) }
                .map { "\($0.month)/\($0.day) to \(ICalUTCOffset.string($0.offsetTo))" }.joined(separator: ", ")
        }
    }
}
