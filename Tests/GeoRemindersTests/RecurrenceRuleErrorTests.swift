import Testing

@testable import GeoReminders

/// Every way a rule is refused, with the error naming the part.
struct RecurrenceRuleErrorTests {
    @Test(
        arguments: [
            ("", RecurrenceRuleError.emptyRule),
            ("RRULE:", .emptyRule),
            ("FREQ=DAILY;COUNT", .malformedPart(part: "COUNT")),
            ("FREQ=DAILY;", .malformedPart(part: "")),
            ("FREQ=DAILY;BYEASTER=1", .unknownPart(name: "BYEASTER")),
            ("FREQ=DAILY;BYHOUR=9,17", .unsupportedPart(name: "BYHOUR")),
            ("FREQ=DAILY;BYMINUTE=0,30", .unsupportedPart(name: "BYMINUTE")),
            ("FREQ=DAILY;BYHOUR=24", .outOfRange(part: "BYHOUR", value: 24, allowed: "0...23")),
            ("FREQ=DAILY;BYMINUTE=-1", .outOfRange(part: "BYMINUTE", value: -1, allowed: "0...59")),
            ("FREQ=DAILY;BYSECOND=noon", .invalidNumber(part: "BYSECOND", value: "NOON")),
            ("FREQ=DAILY;BYHOUR=", .emptyValue(part: "BYHOUR")),
            ("FREQ=DAILY;COUNT=2;COUNT=3", .duplicatePart(name: "COUNT")),
            ("COUNT=3", .missingFrequency),
            ("FREQ=FORTNIGHTLY", .unknownFrequency(value: "FORTNIGHTLY")),
            ("FREQ=HOURLY", .unsupportedFrequency(value: "HOURLY")),
            ("FREQ=MINUTELY", .unsupportedFrequency(value: "MINUTELY")),
            ("FREQ=SECONDLY", .unsupportedFrequency(value: "SECONDLY")),
            ("FREQ=DAILY;INTERVAL=0", .invalidInterval(value: "0")),
            ("FREQ=DAILY;INTERVAL=-2", .invalidInterval(value: "-2")),
            ("FREQ=DAILY;INTERVAL=two", .invalidInterval(value: "TWO")),
            ("FREQ=DAILY;COUNT=0", .invalidCount(value: "0")),
            ("FREQ=DAILY;COUNT=1.5", .invalidCount(value: "1.5")),
            ("FREQ=DAILY;UNTIL=2026-01-01", .invalidUntil(value: "2026-01-01")),
            ("FREQ=DAILY;UNTIL=20260230", .invalidUntil(value: "20260230")),
            ("FREQ=DAILY;UNTIL=20260101T250000Z", .invalidUntil(value: "20260101T250000Z")),
            ("FREQ=DAILY;UNTIL=20260101X090000", .invalidUntil(value: "20260101X090000")),
            ("FREQ=DAILY;UNTIL=20260101T090000Y", .invalidUntil(value: "20260101T090000Y")),
            ("FREQ=DAILY;COUNT=3;UNTIL=20260101", .countAndUntil),
            ("FREQ=DAILY;BYMONTH=", .emptyValue(part: "BYMONTH")),
            ("FREQ=MONTHLY;BYMONTHDAY=1,,2", .invalidNumber(part: "BYMONTHDAY", value: "")),
            ("FREQ=MONTHLY;BYMONTHDAY=first", .invalidNumber(part: "BYMONTHDAY", value: "FIRST")),
            ("FREQ=MONTHLY;BYMONTHDAY=0", .outOfRange(part: "BYMONTHDAY", value: 0, allowed: "1...31 or -31...-1")),
            ("FREQ=MONTHLY;BYMONTHDAY=32", .outOfRange(part: "BYMONTHDAY", value: 32, allowed: "1...31 or -31...-1")),
            ("FREQ=MONTHLY;BYMONTHDAY=-32", .outOfRange(part: "BYMONTHDAY", value: -32, allowed: "1...31 or -31...-1")),
            ("FREQ=YEARLY;BYMONTH=13", .outOfRange(part: "BYMONTH", value: 13, allowed: "1...12")),
            ("FREQ=YEARLY;BYMONTH=-1", .outOfRange(part: "BYMONTH", value: -1, allowed: "1...12")),
            ("FREQ=YEARLY;BYYEARDAY=367", .outOfRange(part: "BYYEARDAY", value: 367, allowed: "1...366 or -366...-1")),
            ("FREQ=YEARLY;BYWEEKNO=54", .outOfRange(part: "BYWEEKNO", value: 54, allowed: "1...53 or -53...-1")),
            ("FREQ=YEARLY;BYWEEKNO=0", .outOfRange(part: "BYWEEKNO", value: 0, allowed: "1...53 or -53...-1")),
            ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=0", .outOfRange(part: "BYSETPOS", value: 0, allowed: "1...366 or -366...-1")),
            ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=-367", .outOfRange(part: "BYSETPOS", value: -367, allowed: "1...366 or -366...-1")),
            ("FREQ=MONTHLY;BYDAY=0MO", .outOfRange(part: "BYDAY", value: 0, allowed: "1...53 or -53...-1")),
            ("FREQ=YEARLY;BYDAY=54MO", .outOfRange(part: "BYDAY", value: 54, allowed: "1...53 or -53...-1")),
            ("FREQ=WEEKLY;BYDAY=MON", .unknownWeekday(part: "BYDAY", value: "MON")),
            ("FREQ=WEEKLY;BYDAY=XX", .unknownWeekday(part: "BYDAY", value: "XX")),
            ("FREQ=MONTHLY;BYDAY=FIRSTMO", .unknownWeekday(part: "BYDAY", value: "FIRSTMO")),
            ("FREQ=WEEKLY;WKST=MONDAY", .unknownWeekday(part: "WKST", value: "MONDAY")),
            ("FREQ=MONTHLY;BYSETPOS=-1", .setPositionWithoutOtherPart),
            ("FREQ=MONTHLY;BYWEEKNO=1", .partNotAllowed(part: "BYWEEKNO", frequency: .monthly)),
            ("FREQ=DAILY;BYWEEKNO=1", .partNotAllowed(part: "BYWEEKNO", frequency: .daily)),
            ("FREQ=MONTHLY;BYYEARDAY=1", .partNotAllowed(part: "BYYEARDAY", frequency: .monthly)),
            ("FREQ=WEEKLY;BYYEARDAY=1", .partNotAllowed(part: "BYYEARDAY", frequency: .weekly)),
            ("FREQ=DAILY;BYYEARDAY=1", .partNotAllowed(part: "BYYEARDAY", frequency: .daily)),
            ("FREQ=WEEKLY;BYMONTHDAY=1", .partNotAllowed(part: "BYMONTHDAY", frequency: .weekly)),
            ("FREQ=WEEKLY;BYDAY=2TU", .ordinalWeekdayNotAllowed(value: "2TU", frequency: .weekly, withWeekNumbers: false)),
            ("FREQ=DAILY;BYDAY=-1FR", .ordinalWeekdayNotAllowed(value: "-1FR", frequency: .daily, withWeekNumbers: false)),
            ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=1MO", .ordinalWeekdayNotAllowed(value: "1MO", frequency: .yearly, withWeekNumbers: true)),
        ] as [(String, RecurrenceRuleError)])
    func invalidRuleIsRefusedNamingThePart(_ text: String, _ error: RecurrenceRuleError) {
        #expect(throws: error) { try RecurrenceRule(rrule: text) }
    }

    @Test func rulesBuiltInCodeAreCheckedToo() {
        #expect(throws: RecurrenceRuleError.invalidInterval(value: "0")) {
            try RecurrenceRule(frequency: .daily, interval: 0)
        }
        #expect(throws: RecurrenceRuleError.invalidCount(value: "0")) {
            try RecurrenceRule(frequency: .daily, end: .count(0))
        }
        #expect(throws: RecurrenceRuleError.setPositionWithoutOtherPart) {
            try RecurrenceRule(frequency: .monthly, setPositions: [1])
        }
        #expect(throws: RecurrenceRuleError.partNotAllowed(part: "BYWEEKNO", frequency: .weekly)) {
            try RecurrenceRule(frequency: .weekly, weeksOfTheYear: [3])
        }
        #expect(throws: RecurrenceRuleError.outOfRange(part: "BYMONTH", value: 0, allowed: "1...12")) {
            try RecurrenceRule(frequency: .yearly, monthsOfTheYear: [0])
        }
    }

    @Test func messagesNameThePartAndSayWhatToDo() {
        #expect(
            RecurrenceRuleError.unknownFrequency(value: "FORTNIGHTLY").description
                == "unknown FREQ=FORTNIGHTLY: expected DAILY, WEEKLY, MONTHLY or YEARLY")
        #expect(
            RecurrenceRuleError.setPositionWithoutOtherPart.description
                == "BYSETPOS needs another BYxxx part (BYDAY, BYMONTHDAY, ...) to select from")
        #expect(
            RecurrenceRuleError.invalidInterval(value: "0").description
                == "invalid INTERVAL=0: expected a whole number of periods, 1 or more")
        #expect(RecurrenceRuleError.countAndUntil.description == "RRULE has both COUNT and UNTIL: keep one of them")
        #expect(
            RecurrenceRuleError.partNotAllowed(part: "BYWEEKNO", frequency: .monthly).description
                == "BYWEEKNO is not allowed with FREQ=MONTHLY: week numbers need FREQ=YEARLY")
        #expect(
            RecurrenceRuleError.ordinalWeekdayNotAllowed(value: "2TU", frequency: .weekly, withWeekNumbers: false).description
                == "BYDAY=2TU has an ordinal, which is not allowed with FREQ=WEEKLY: use MONTHLY or YEARLY, or a plain weekday")
        #expect(
            RecurrenceRuleError.outOfRange(part: "BYMONTHDAY", value: 32, allowed: "1...31 or -31...-1").description
                == "BYMONTHDAY value 32 is out of range: expected 1...31 or -31...-1")
    }
}
