import Testing

@testable import GeoReminders

/// The CLI's friendly repetitions and the RRULE each one means.
struct RecurrenceRuleShorthandTests {
    @Test(arguments: [
        ("daily", "FREQ=DAILY"),
        ("Daily", "FREQ=DAILY"),
        ("every day", "FREQ=DAILY"),
        ("weekly", "FREQ=WEEKLY"),
        ("every week", "FREQ=WEEKLY"),
        ("monthly", "FREQ=MONTHLY"),
        ("every month", "FREQ=MONTHLY"),
        ("yearly", "FREQ=YEARLY"),
        ("annually", "FREQ=YEARLY"),
        ("every year", "FREQ=YEARLY"),
        ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
        ("every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
        ("weekends", "FREQ=WEEKLY;BYDAY=SA,SU"),
        ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"),
        ("every 3 days", "FREQ=DAILY;INTERVAL=3"),
        ("every 6 months", "FREQ=MONTHLY;INTERVAL=6"),
        ("every 1 year", "FREQ=YEARLY"),
        ("every  other   week", "FREQ=WEEKLY;INTERVAL=2"),
        ("every monday", "FREQ=WEEKLY;BYDAY=MO"),
        ("every mon,wed,fri", "FREQ=WEEKLY;BYDAY=MO,WE,FR"),
        ("every other tuesday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"),
        ("  FREQ=MONTHLY;BYDAY=-1FR;COUNT=6 ", "FREQ=MONTHLY;BYDAY=-1FR;COUNT=6"),
    ])
    func shorthandMeansThisRule(_ text: String, _ rrule: String) throws {
        let rule = try RecurrenceRule(shorthand: text)
        #expect(rule.rrule == rrule)
        #expect(rule.fromCompletion == false)
    }

    @Test(arguments: [
        ("every! 3 days", "FREQ=DAILY;INTERVAL=3"),
        ("every! week", "FREQ=WEEKLY"),
        ("every! weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
    ])
    func everyBangCountsFromCompletion(_ text: String, _ rrule: String) throws {
        let rule = try RecurrenceRule(shorthand: text)
        #expect(rule.rrule == rrule)
        #expect(rule.fromCompletion)
    }

    @Test(arguments: [
        "", "sometimes", "every", "every 0 days", "every -1 days", "every 2", "every two weeks",
        "every 2 fortnights", "every day please", "biweekly",
    ])
    func unknownShorthandIsRefused(_ text: String) {
        #expect(throws: RecurrenceRuleError.unknownShorthand(text: text)) { try RecurrenceRule(shorthand: text) }
    }

    @Test func rruleTextErrorsComeThrough() {
        #expect(throws: RecurrenceRuleError.invalidInterval(value: "0")) {
            try RecurrenceRule(shorthand: "FREQ=DAILY;INTERVAL=0")
        }
    }
}
