import CivilTime
import Foundation
import Testing

@testable import GeoReminders

/// The examples of RFC 5545 section 3.8.5.3, in their America/New_York zone, 09:00 local
/// (EDT before 1997-10-26, EST after: the wall-clock time stays). The HOURLY and MINUTELY examples
/// are left out: reminders refuse those frequencies.
///
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.8.5.3>.
struct RecurrenceRuleRFCExampleTests {
    static let newYork = TimeZone(identifier: "America/New_York")!

    struct Example: CustomTestStringConvertible, Sendable {
        let name: String
        let rule: String
        let start: String
        /// How many occurrences to take from an endless rule; 0 takes all of a finite one.
        let take: Int
        let expected: [String]
        var testDescription: String { name }

        init(_ name: String, _ rule: String, from start: String, take: Int, _ expected: [String]) {
            self.name = name
            self.rule = rule
            self.start = start
            self.take = take
            self.expected = expected
        }
    }

    static let examples: [Example] = [
        Example(
            "Daily for 10 occurrences", "FREQ=DAILY;COUNT=10", from: "19970902", take: 0,
            [
                "19970902", "19970903", "19970904", "19970905", "19970906", "19970907", "19970908", "19970909",
                "19970910", "19970911",
            ]),
        Example(
            "Every other day", "FREQ=DAILY;INTERVAL=2", from: "19970902", take: 30,
            [
                "19970902", "19970904", "19970906", "19970908", "19970910", "19970912", "19970914", "19970916",
                "19970918", "19970920", "19970922", "19970924", "19970926", "19970928", "19970930", "19971002",
                "19971004", "19971006", "19971008", "19971010", "19971012", "19971014", "19971016", "19971018",
                "19971020", "19971022", "19971024", "19971026", "19971028", "19971030",
            ]),
        Example(
            "Every 10 days, 5 occurrences", "FREQ=DAILY;INTERVAL=10;COUNT=5", from: "19970902", take: 0,
            [
                "19970902", "19970912", "19970922", "19971002", "19971012",
            ]),
        Example(
            "Weekly for 10 occurrences", "FREQ=WEEKLY;COUNT=10", from: "19970902", take: 0,
            [
                "19970902", "19970909", "19970916", "19970923", "19970930", "19971007", "19971014", "19971021",
                "19971028", "19971104",
            ]),
        Example(
            "Weekly until December 24, 1997", "FREQ=WEEKLY;UNTIL=19971224T000000Z", from: "19970902", take: 0,
            [
                "19970902", "19970909", "19970916", "19970923", "19970930", "19971007", "19971014", "19971021",
                "19971028", "19971104", "19971111", "19971118", "19971125", "19971202", "19971209", "19971216",
                "19971223",
            ]),
        Example(
            "Every other week", "FREQ=WEEKLY;INTERVAL=2;WKST=SU", from: "19970902", take: 13,
            [
                "19970902", "19970916", "19970930", "19971014", "19971028", "19971111", "19971125", "19971209",
                "19971223", "19980106", "19980120", "19980203", "19980217",
            ]),
        Example(
            "Weekly on Tuesday and Thursday for five weeks (UNTIL)", "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH",
            from: "19970902", take: 0,
            [
                "19970902", "19970904", "19970909", "19970911", "19970916", "19970918", "19970923", "19970925",
                "19970930", "19971002",
            ]),
        Example(
            "Weekly on Tuesday and Thursday for five weeks (COUNT)", "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH", from: "19970902", take: 0,
            [
                "19970902", "19970904", "19970909", "19970911", "19970916", "19970918", "19970923", "19970925",
                "19970930", "19971002",
            ]),
        Example(
            "Every other week on Monday, Wednesday and Friday until December 24, 1997",
            "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR", from: "19970901", take: 0,
            [
                "19970901", "19970903", "19970905", "19970915", "19970917", "19970919", "19970929", "19971001",
                "19971003", "19971013", "19971015", "19971017", "19971027", "19971029", "19971031", "19971110",
                "19971112", "19971114", "19971124", "19971126", "19971128", "19971208", "19971210", "19971212",
                "19971222",
            ]),
        Example(
            "Every other week on Tuesday and Thursday, for 8 occurrences", "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH",
            from: "19970902", take: 0,
            [
                "19970902", "19970904", "19970916", "19970918", "19970930", "19971002", "19971014", "19971016",
            ]),
        Example(
            "Monthly on the first Friday for 10 occurrences", "FREQ=MONTHLY;COUNT=10;BYDAY=1FR", from: "19970905", take: 0,
            [
                "19970905", "19971003", "19971107", "19971205", "19980102", "19980206", "19980306", "19980403",
                "19980501", "19980605",
            ]),
        Example(
            "Monthly on the first Friday until December 24, 1997", "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR", from: "19970905",
            take: 0,
            [
                "19970905", "19971003", "19971107", "19971205",
            ]),
        Example(
            "Every other month on the first and last Sunday, for 10 occurrences", "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU",
            from: "19970907", take: 0,
            [
                "19970907", "19970928", "19971102", "19971130", "19980104", "19980125", "19980301", "19980329",
                "19980503", "19980531",
            ]),
        Example(
            "Monthly on the second-to-last Monday for 6 months", "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO", from: "19970922", take: 0,
            [
                "19970922", "19971020", "19971117", "19971222", "19980119", "19980216",
            ]),
        Example(
            "Monthly on the third-to-the-last day of the month", "FREQ=MONTHLY;BYMONTHDAY=-3", from: "19970928", take: 6,
            [
                "19970928", "19971029", "19971128", "19971229", "19980129", "19980226",
            ]),
        Example(
            "Monthly on the 2nd and 15th, for 10 occurrences", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15", from: "19970902", take: 0,
            [
                "19970902", "19970915", "19971002", "19971015", "19971102", "19971115", "19971202", "19971215",
                "19980102", "19980115",
            ]),
        Example(
            "Monthly on the first and last day, for 10 occurrences", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1", from: "19970930", take: 0,
            [
                "19970930", "19971001", "19971031", "19971101", "19971130", "19971201", "19971231", "19980101",
                "19980131", "19980201",
            ]),
        Example(
            "Every 18 months on the 10th thru 15th, for 10 occurrences", "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15",
            from: "19970910", take: 0,
            [
                "19970910", "19970911", "19970912", "19970913", "19970914", "19970915", "19990310", "19990311",
                "19990312", "19990313",
            ]),
        Example(
            "Every Tuesday, every other month", "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU", from: "19970902", take: 18,
            [
                "19970902", "19970909", "19970916", "19970923", "19970930", "19971104", "19971111", "19971118",
                "19971125", "19980106", "19980113", "19980120", "19980127", "19980303", "19980310", "19980317",
                "19980324", "19980331",
            ]),
        Example(
            "Yearly in June and July for 10 occurrences", "FREQ=YEARLY;COUNT=10;BYMONTH=6,7", from: "19970610", take: 0,
            [
                "19970610", "19970710", "19980610", "19980710", "19990610", "19990710", "20000610", "20000710",
                "20010610", "20010710",
            ]),
        Example(
            "Every other year on January, February, and March for 10 occurrences", "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3",
            from: "19970310", take: 0,
            [
                "19970310", "19990110", "19990210", "19990310", "20010110", "20010210", "20010310", "20030110",
                "20030210", "20030310",
            ]),
        Example(
            "Every third year on the 1st, 100th, and 200th day for 10 occurrences", "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200",
            from: "19970101", take: 0,
            [
                "19970101", "19970410", "19970719", "20000101", "20000409", "20000718", "20030101", "20030410",
                "20030719", "20060101",
            ]),
        Example(
            "Every 20th Monday of the year", "FREQ=YEARLY;BYDAY=20MO", from: "19970519", take: 3,
            [
                "19970519", "19980518", "19990517",
            ]),
        Example(
            "Monday of week number 20", "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", from: "19970512", take: 3,
            [
                "19970512", "19980511", "19990517",
            ]),
        Example(
            "Every Thursday in March", "FREQ=YEARLY;BYMONTH=3;BYDAY=TH", from: "19970313", take: 11,
            [
                "19970313", "19970320", "19970327", "19980305", "19980312", "19980319", "19980326", "19990304",
                "19990311", "19990318", "19990325",
            ]),
        Example(
            "Every Thursday, but only during June, July, and August", "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8", from: "19970605", take: 39,
            [
                "19970605", "19970612", "19970619", "19970626", "19970703", "19970710", "19970717", "19970724",
                "19970731", "19970807", "19970814", "19970821", "19970828", "19980604", "19980611", "19980618",
                "19980625", "19980702", "19980709", "19980716", "19980723", "19980730", "19980806", "19980813",
                "19980820", "19980827", "19990603", "19990610", "19990617", "19990624", "19990701", "19990708",
                "19990715", "19990722", "19990729", "19990805", "19990812", "19990819", "19990826",
            ]),
        Example(
            "Every Friday the 13th (the start, not a Friday the 13th, is not an occurrence)", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
            from: "19970902", take: 5,
            [
                "19980213", "19980313", "19981113", "19990813", "20001013",
            ]),
        Example(
            "The first Saturday that follows the first Sunday of the month", "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13",
            from: "19970913", take: 10,
            [
                "19970913", "19971011", "19971108", "19971213", "19980110", "19980207", "19980307", "19980411",
                "19980509", "19980613",
            ]),
        Example(
            "US Presidential Election Day", "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8", from: "19961105",
            take: 3,
            [
                "19961105", "20001107", "20041102",
            ]),
        Example(
            "The third instance of Tuesday, Wednesday or Thursday, for the next 3 months", "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3",
            from: "19970904", take: 0,
            [
                "19970904", "19971007", "19971106",
            ]),
        Example(
            "The second-to-last weekday of the month", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", from: "19970929", take: 7,
            [
                "19970929", "19971030", "19971127", "19971230", "19980129", "19980226", "19980330",
            ]),
        Example(
            "WKST=MO changes which Sunday follows", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", from: "19970805", take: 0,
            [
                "19970805", "19970810", "19970819", "19970824",
            ]),
        Example(
            "WKST=SU changes which Sunday follows", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", from: "19970805", take: 0,
            [
                "19970805", "19970817", "19970819", "19970831",
            ]),
        Example(
            "An invalid date (February 30) is skipped", "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5", from: "20070115", take: 0,
            [
                "20070115", "20070130", "20070215", "20070315", "20070330",
            ]),
    ]

    static func start(_ day: String) -> CivilDateTime {
        CivilDateTime(compact: day + "T090000", zone: "America/New_York")
    }

    @Test(arguments: examples)
    func example(_ example: Example) throws {
        let rule = try RecurrenceRule(rrule: example.rule)
        let occurrences = rule.preview(from: Self.start(example.start), count: example.take == 0 ? 1000 : example.take)
        #expect(occurrences.map { $0.compact.prefix(8) } == example.expected.map { $0[...] })
        #expect(occurrences.allSatisfy { $0.time == TimeOfDay(hour: 9, minute: 0) && $0.timeZone == Self.newYork })
    }

    /// Every day from `first` through `last`, by Foundation's calendar (independent of ours).
    static func everyDay(from first: String, through last: String) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let start = CivilDateTime(compact: first), end = CivilDateTime(compact: last)
        var date = calendar.date(from: DateComponents(year: start.year, month: start.month, day: start.day))!
        let stop = calendar.date(from: DateComponents(year: end.year, month: end.month, day: end.day))!
        var days: [String] = []
        while date <= stop {
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            days.append(CivilDateTime(year: c.year!, month: c.month!, day: c.day!).compact)
            date = calendar.date(byAdding: .day, value: 1, to: date)!
        }
        return days
    }

    @Test func dailyUntilDecember24() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=19971224T000000Z")
        let occurrences = rule.preview(from: Self.start("19970902"), count: 1000)
        #expect(occurrences.count == 113)
        #expect(occurrences.map(\.compact) == Self.everyDay(from: "19970902", through: "19971223").map { $0 + "T090000" })
    }

    @Test(arguments: [
        "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA",
        "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1",
    ])
    func everyDayInJanuaryForThreeYears(_ text: String) throws {
        let rule = try RecurrenceRule(rrule: text)
        let occurrences = rule.preview(from: Self.start("19980101"), count: 1000)
        let expected = ["1998", "1999", "2000"].flatMap { Self.everyDay(from: $0 + "0101", through: $0 + "0131") }
        #expect(occurrences.count == 93)
        #expect(occurrences.map { String($0.compact.prefix(8)) } == expected)
    }
}
