import CivilTime
import Foundation

extension ICalComponent {
    /// A VTIMEZONE describing `zone`'s real transitions over `years`, so that a TZID in the file
    /// means the same wall clock to any reader.
    ///
    /// Transitions that repeat yearly on the same rule (e.g. the second Sunday of March) become
    /// one STANDARD or DAYLIGHT with an RRULE; the rule is left open when it still holds after
    /// the span, and ends with UNTIL otherwise. The last transition before the span is included
    /// so dates early in the first year are covered. A zone without transitions gets one STANDARD.
    ///
    /// Related RFC 5545 section: 3.6.5.
    public static func vtimezone(for zone: TimeZone, years: ClosedRange<Int>) -> ICalComponent {
        let names = ZoneAbbreviations(zone: zone)
        let spanStart = utcInstant(year: years.lowerBound)
        let spanEnd = utcInstant(year: years.upperBound + 1)
        var vtimezone = ICalComponent(name: "VTIMEZONE", properties: [ICalProperty(name: "TZID", value: zone.identifier)])

        // Walk from a year before the span to two years after it; the tail only tells whether
        // the last rule continues.
        var all: [Onset] = []
        var cursor = spanStart.addingTimeInterval(-366 * 86_400)
        let horizon = spanEnd.addingTimeInterval(2 * 366 * 86_400)
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < horizon {
            all.append(Onset(zone: zone, instant: next, names: names))
            cursor = next
        }
        let beforeSpan = all.lastIndex { $0.instant < spanStart }
        let inSpan = all.enumerated().filter { index, onset in
            onset.instant < spanEnd && (onset.instant >= spanStart || index == beforeSpan)
        }.map(\.element)
        let after = all.filter { $0.instant >= spanEnd }

        guard !inSpan.isEmpty else {
            let offset = zone.secondsFromGMT(for: spanStart)
            let isDaylight = zone.daylightSavingTimeOffset(for: spanStart) != 0
            vtimezone.append(
                observance(
                    kind: isDaylight ? "DAYLIGHT" : "STANDARD",
                    from: zone.secondsFromGMT(for: spanStart.addingTimeInterval(-1)), to: offset,
                    name: names.name(offset: offset, isDaylight: isDaylight),
                    start: "\(years.lowerBound)0101T000000", rule: nil))
            return vtimezone
        }

        var groups: [[Onset]] = []
        for onset in inSpan {
            if let g = groups.lastIndex(where: { $0.last!.isDaylight == onset.isDaylight }),
                groups[g].last!.continues(with: onset)
            {
                groups[g].append(onset)
            } else {
                groups.append([onset])
            }
        }
        for group in groups.sorted(by: { $0[0].instant < $1[0].instant }) {
            let first = group[0], last = group.last!
            let isLastOfKind = !inSpan.contains { $0.isDaylight == last.isDaylight && $0.instant > last.instant }
            let nextOfKind = after.first { $0.isDaylight == last.isDaylight }
            let stillHolds = isLastOfKind && nextOfKind.map(last.continues(with:)) == true
            var rule: String?
            if group.count > 1 || stillHolds {
                rule = "FREQ=YEARLY;BYMONTH=\(first.month);BYDAY=\(first.ordinal)\(first.weekdayCode)"
                if !stillHolds { rule! += ";UNTIL=" + ICalDateTime.utcString(last.instant) }
            }
            vtimezone.append(
                observance(
                    kind: first.isDaylight ? "DAYLIGHT" : "STANDARD",
                    from: first.offsetFrom, to: first.offsetTo, name: first.name,
                    start: first.localStart, rule: rule))
        }
        return vtimezone
    }

    /// Adds, ahead of the other subcomponents, a VTIMEZONE for every TZID used anywhere below
    /// this component that it does not define yet, as RFC 5545 §3.6.5 requires. TZIDs that are
    /// no Olson name are left alone; they are returned so the caller can report them.
    @discardableResult
    public mutating func insertVTimeZones(years: ClosedRange<Int>) -> [String] {
        var used: Set<String> = []
        func collect(_ component: ICalComponent) {
            guard component.name != "VTIMEZONE" else { return }
            for property in component.properties { if let tzid = property.parameter("TZID") { used.insert(tzid) } }
            component.components.forEach(collect)
        }
        collect(self)
        let defined = Set(components(named: "VTIMEZONE").compactMap { $0.property("TZID")?.value })
        var added: [ICalComponent] = []
        var unknown: [String] = []
        for tzid in used.subtracting(defined).sorted() {
            if let zone = TimeZone(identifier: tzid), zone.identifier == tzid {
                added.append(.vtimezone(for: zone, years: years))
            } else {
                unknown.append(tzid)
            }
        }
        components.insert(contentsOf: added, at: 0)
        return unknown
    }

    private static func observance(
        kind: String, from: Int, to: Int, name: String, start: String,
        rule: String?
    ) -> ICalComponent {
        var component = ICalComponent(name: kind)
        component.append(ICalProperty(name: "TZOFFSETFROM", value: ICalUTCOffset.string(from)))
        component.append(ICalProperty(name: "TZOFFSETTO", value: ICalUTCOffset.string(to)))
        component.append(ICalProperty(name: "TZNAME", text: name))
        component.append(ICalProperty(name: "DTSTART", value: start))
        if let rule { component.append(ICalProperty(name: "RRULE", value: rule)) }
        return component
    }

    private static func utcInstant(year: Int) -> Date {
        CivilDateTime(year: year, month: 1, day: 1, time: TimeOfDay(hour: 0, minute: 0), timeZone: ICalDateTime.utc).instant()
    }
}

/// One transition of a zone, described as a VTIMEZONE observance onset.
private struct Onset {
    var instant: Date
    var offsetFrom: Int
    var offsetTo: Int
    var isDaylight: Bool
    var name: String
    /// Wall-clock fields of the onset, read in the offset in force before it (RFC 5545 §3.6.5).
    var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    var weekday: Int
    var isLastOfMonth: Bool

    init(zone: TimeZone, instant: Date, names: ZoneAbbreviations) {
        self.instant = instant
        offsetFrom = zone.secondsFromGMT(for: instant.addingTimeInterval(-1))
        offsetTo = zone.secondsFromGMT(for: instant)
        isDaylight = zone.daylightSavingTimeOffset(for: instant) != 0
        name = names.name(offset: offsetTo, isDaylight: isDaylight)
        let wall = WallClockReading(instant.addingTimeInterval(TimeInterval(offsetFrom)), in: ICalDateTime.utc)
        (year, month, day, hour, minute, second) = (wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second)
        weekday = wall.weekday
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = ICalDateTime.utc
        let monthLength = calendar.range(of: .day, in: .month, for: instant.addingTimeInterval(TimeInterval(offsetFrom)))!.count
        isLastOfMonth = day + 7 > monthLength
    }

    /// `-1` for the last such weekday of the month, else its rank (2 for the second Sunday).
    var ordinal: Int { isLastOfMonth ? -1 : (day - 1) / 7 + 1 }
    var weekdayCode: String { ["SU", "MO", "TU", "WE", "TH", "FR", "SA"][weekday - 1] }
    var localStart: String {
        ICalDateTime.string(
            CivilDateTime(
                year: year, month: month, day: day,
                time: TimeOfDay(hour: hour, minute: minute, second: second)))
    }

    /// Whether `next` is the following year's occurrence of the same yearly rule.
    func continues(with next: Onset) -> Bool {
        next.year == year + 1 && next.month == month && next.weekday == weekday && next.ordinal == ordinal
            && (next.hour, next.minute, next.second) == (hour, minute, second)
            && next.offsetFrom == offsetFrom && next.offsetTo == offsetTo && next.isDaylight == isDaylight
            && next.name == name
    }
}
