import CivilTime
import Foundation
import Testing

@testable import GeoReminders

/// Import as a whole: matching by UID, dry runs, list choice, skips, broken files.
struct VTODOImportTests {
    private func calendar(_ todos: String) -> Data {
        Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n\(todos)END:VCALENDAR\r\n".utf8)
    }

    private func todo(_ uid: String, _ lines: String) -> String {
        "BEGIN:VTODO\r\nUID:\(uid)\r\nDTSTAMP:20261001T120000Z\r\n\(lines)END:VTODO\r\n"
    }

    @Test func importingTwiceDoesNotDuplicate() throws {
        let store = try memoryStore()
        let data = try icalFixture("apple-reminders.ics")
        let first = try store.importICalendar(data, fileName: "a.ics")
        let second = try store.importICalendar(data, fileName: "a.ics")
        #expect(first.created.count == 4)
        #expect(second.entries.map(\.outcome) == Array(repeating: .unchanged, count: 4))
        #expect(try store.reminders().count == 4)
    }

    @Test func changedFileUpdates() throws {
        let store = try memoryStore()
        _ = try store.importICalendar(calendar(todo(uuid(1), "SUMMARY:Old title\r\n")), fileName: "a.ics")
        let report = try store.importICalendar(
            calendar(todo(uuid(1), "SUMMARY:New title\r\nLAST-MODIFIED:20261005T100000Z\r\n")),
            fileName: "a.ics")
        #expect(report.updated.map(\.title) == ["New title"])
        let reminders = try store.reminders()
        #expect(reminders.map(\.title) == ["New title"])
        #expect(reminders.map(\.lastModifiedDate) == [VTODOSamples.utc("20261005T100000Z")])
    }

    @Test func exportThenImportIntoTheSameStoreChangesNothing() throws {
        let clock = TestClock(800_000_000.25)
        let store = try memoryStore(clock: clock)
        for reminder in VTODOSamples.all {
            var copy = reminder
            copy.listID = nil
            try store.save(copy)
        }
        let data = try store.exportICalendar()
        clock.advance(3600)
        let report = try store.importICalendar(data, fileName: "export.ics")
        #expect(report.entries.count == VTODOSamples.all.count)
        #expect(report.unchanged.count == VTODOSamples.all.count)
    }

    @Test func dryRunWritesNothing() throws {
        let store = try memoryStore()
        let report = try store.importICalendar(
            try icalFixture("nextcloud-tasks.ics"), fileName: "n.ics",
            options: ICalendarImportOptions(dryRun: true, createsMissingLists: true))
        #expect(report.dryRun)
        #expect(report.created.count == 3)
        #expect(report.createdLists.map(\.title) == ["Home"])
        #expect(try store.reminders().isEmpty)
        #expect(try store.lists().count == 1)
    }

    @Test func brokenFileNamesTheLineAndWritesNothing() throws {
        let store = try memoryStore()
        let good = ICalendarSource(name: "good.ics", data: try icalFixture("apple-reminders.ics"))
        let broken = ICalendarSource(name: "broken.ics", data: calendar(todo(uuid(1), "SUMMARY:Fine\r\nDUE;VALUE=DATE:20261341\r\n")))
        #expect(
            throws: ICalendarImportError.unreadable(
                file: "broken.ics",
                error: .invalidValue(
                    line: 8, property: "DUE", problem: .badDate(value: "20261341")))
        ) {
            try store.importICalendar([good, broken])
        }
        #expect(try store.reminders().isEmpty)
        let noColon = calendar(todo(uuid(1), "SUMMARY Fine\r\n"))
        do {
            _ = try store.importICalendar(noColon, fileName: "nocolon.ics")
            Issue.record("a broken file was accepted")
        } catch let error as ICalendarImportError {
            #expect(
                error.description == "nocolon.ics: line 7: no ':' between name and value in \"SUMMARY Fine\"; content lines are NAME:VALUE")
        }
        #expect(throws: ICalendarImportError.noCalendar(file: "card.vcf")) {
            try store.importICalendar(Data("BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n".utf8), fileName: "card.vcf")
        }
    }

    @Test func listOverrideAndCreatedLists() throws {
        let store = try memoryStore()
        let target = try store.save(ReminderList(id: uuid(0xB), title: "Inbox"))
        let data = try icalFixture("apple-reminders.ics")
        let report = try store.importICalendar(data, fileName: "a.ics", options: ICalendarImportOptions(listID: target.id))
        #expect(report.entries.allSatisfy { $0.listID == target.id })
        #expect(try store.reminders().allSatisfy { $0.listID == target.id })
        #expect(throws: StoreError.unknownList(id: uuid(0xC))) {
            try store.importICalendar(data, fileName: "a.ics", options: ICalendarImportOptions(listID: uuid(0xC)))
        }

        let other = try memoryStore()
        let created = try other.importICalendar(data, fileName: "a.ics", options: ICalendarImportOptions(createsMissingLists: true))
        #expect(created.createdLists.map(\.title) == ["Errands"])
        let errands = try #require(try other.lists().first { $0.title == "Errands" })
        #expect(try other.reminders().allSatisfy { $0.listID == errands.id })
    }

    /// Without --list, a reminder already in the store stays in its list.
    @Test func existingReminderKeepsItsList() throws {
        let store = try memoryStore()
        let home = try store.save(ReminderList(id: uuid(0xD), title: "Home"))
        try store.save(Reminder(id: uuid(1), listID: home.id, title: "Old"))
        let report = try store.importICalendar(calendar(todo(uuid(1), "SUMMARY:New\r\n")), fileName: "a.ics")
        #expect(report.updated.map(\.listID) == [home.id])
    }

    @Test func skipsSayWhy() throws {
        let store = try memoryStore()
        let data = calendar(
            todo(uuid(1), "")
                + todo(uuid(2), "SUMMARY:Dropped\r\nSTATUS:CANCELLED\r\n")
                + todo(uuid(3), "SUMMARY:Moved\r\nRECURRENCE-ID:20261005T090000Z\r\n")
                + todo(uuid(4), "SUMMARY:Loud\r\nPRIORITY:12\r\n")
                + todo(uuid(5), "SUMMARY:Hourly\r\nRRULE:FREQ=HOURLY\r\n")
                + todo(uuid(6), "SUMMARY:Kept\r\n")
                + todo(uuid(6).uppercased(), "SUMMARY:Twice\r\n")
                + "BEGIN:VEVENT\r\nUID:e\r\nEND:VEVENT\r\n")
        let report = try store.importICalendar(data, fileName: "s.ics")
        #expect(
            report.entries.map(\.outcome) == [
                .skipped(reason: "it has no SUMMARY; a reminder needs a title"),
                .skipped(reason: "it is cancelled (STATUS:CANCELLED)"),
                .skipped(reason: "line 18: it overrides one occurrence (RECURRENCE-ID), which georemind does not keep"),
                .skipped(reason: "line 24: PRIORITY 12 is outside 0-9 (RFC 5545 §3.8.1.9)"),
                .skipped(reason: "line 30: RRULE FREQ=HOURLY: \(RecurrenceRuleError.unsupportedFrequency(value: "HOURLY"))"),
                .created,
                .skipped(reason: "its UID was already read at s.ics line 32"),
            ])
        #expect(report.entries.map(\.line) == [4, 8, 14, 20, 26, 32, 37])
        #expect(report.notes.map(\.description) == ["s.ics:42: VEVENT ignored; georemind imports VTODO only"])
        #expect(try store.reminders().map(\.title) == ["Kept"])
    }

    @Test func readOnlyListIsNotTouched() throws {
        let store = try memoryStore()
        let locked = try store.save(ReminderList(id: uuid(0xF), title: "Shared"))
        try store.save(Reminder(id: uuid(1), listID: locked.id, title: "Theirs"))
        var readOnly = locked
        readOnly.allowsContentModifications = false
        try store.save(readOnly)
        let report = try store.importICalendar(calendar(todo(uuid(1), "SUMMARY:Mine\r\n")), fileName: "a.ics")
        #expect(report.entries.map(\.outcome) == [.skipped(reason: "the reminder is in read-only list 'Shared'")])
        #expect(try store.reminder(id: uuid(1))?.title == "Theirs")
    }

    /// An old export that says nothing of fired state does not re-arm an alarm that fired since.
    @Test func reimportKeepsFiredState() throws {
        let store = try memoryStore()
        var reminder = VTODOSamples.absoluteAlarm
        reminder.listID = nil
        try store.save(reminder)
        let data = try store.exportICalendar()
        try store.setAlarmState(
            reminderID: reminder.id, alarmID: uuid(105), firedDate: VTODOSamples.utc("20261005T070000Z"),
            acknowledgedDate: nil)
        let report = try store.importICalendar(data, fileName: "old.ics")
        #expect(report.entries.map(\.outcome) == [.unchanged])
        #expect(try store.reminder(id: reminder.id)?.alarms.first?.firedDate == VTODOSamples.utc("20261005T070000Z"))
    }
}

/// Zones that are no Olson name: a fixed offset typed as `+01:00`, and a reminder read back.
struct VTODOFixedOffsetTests {
    @Test func fixedOffsetZoneRoundTrips() throws {
        let due = try CivilDateTime(iso8601: "2026-10-05T09:00:00+01:00", timeZone: nil)
        let reminder = Reminder(
            id: uuid(1), title: "Offset", dueDate: due, creationDate: VTODOSamples.created,
            lastModifiedDate: VTODOSamples.modified)
        let text = ICalendarExport.text([reminder], lists: [])
        #expect(due.timeZone!.identifier == "GMT+0100")
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:GMT+0100\r\nBEGIN:STANDARD\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0100\r\n"))
        #expect(text.contains("DUE;TZID=GMT+0100:20261005T090000\r\n"))
        let store = try memoryStore()
        let report = try store.importICalendar(Data(text.utf8), fileName: "o.ics")
        #expect(report.created.count == 1)
        #expect(try store.reminder(id: uuid(1))?.dueDate?.instant() == due.instant())
    }
}

/// Less common shapes other writers use, and export's predicate.
struct VTODOVariantTests {
    @Test func durationGivesTheDueDateAndTheCompletionPropertyMarksRules() throws {
        let text = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//test//EN\r
            BEGIN:VTODO\r
            UID:\(uuid(1))\r
            DTSTAMP:20261001T120000Z\r
            SUMMARY:Timed\r
            DTSTART;TZID=Europe/Paris:20261025T013000\r
            DURATION:PT2H\r
            X-GEOREMIND-REPEAT-FROM-COMPLETION:TRUE\r
            RRULE:FREQ=DAILY\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:\(uuid(2))\r
            DTSTAMP:20261001T120000Z\r
            SUMMARY:Days\r
            DTSTART;VALUE=DATE:20261230\r
            DURATION:P3D\r
            END:VTODO\r
            END:VCALENDAR\r

            """
        let store = try memoryStore()
        _ = try store.importICalendar(Data(text.utf8), fileName: "d.ics")
        // 01:30 CEST plus two hours is 02:30 CET: the clocks went back at 03:00 that night.
        #expect(
            try store.reminder(id: uuid(1))?.dueDate
                == CivilDateTime(
                    year: 2026, month: 10, day: 25, time: TimeOfDay(hour: 2, minute: 30), timeZone: paris))
        #expect(try store.reminder(id: uuid(1))?.recurrenceRules.map(\.fromCompletion) == [true])
        #expect(try store.reminder(id: uuid(2))?.dueDate == CivilDateTime(year: 2027, month: 1, day: 2))
    }

    @Test func exportFollowsThePredicate() throws {
        let store = try memoryStore()
        let errands = try store.save(VTODOSamples.list)
        for reminder in [VTODOSamples.allDay, VTODOSamples.completed] { try store.save(reminder) }
        try store.save(Reminder(id: uuid(99), title: "Elsewhere"))
        let text = String(
            decoding: try store.exportICalendar(
                matching: ReminderPredicate(
                    listIDs: [errands.id], completion: .incomplete)), as: UTF8.self)
        #expect(
            text.hasPrefix(
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//georemind//georemind//EN\r\nCALSCALE:GREGORIAN\r\nX-WR-CALNAME:Errands\r\nBEGIN:VTODO\r\nUID:\(uuid(1))\r\n"
            ))
        #expect(text.components(separatedBy: "BEGIN:VTODO").count == 2)
        let all = String(decoding: try store.exportICalendar(), as: UTF8.self)
        #expect(all.components(separatedBy: "BEGIN:VTODO").count == 4)
        #expect(!all.contains("X-WR-CALNAME"))
    }
}
