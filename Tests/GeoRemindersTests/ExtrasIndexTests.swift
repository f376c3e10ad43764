import Foundation
import GRDB
import Testing

@testable import GeoReminders

/// The reminders of a list holding an iCalendar property in their extras: found exactly, and
/// through the partial index for CalDAV's kept resource names rather than a scan of the list
/// (a CalDAV PUT of a new resource asks this of lists of thousands).
@Suite struct ExtrasIndexTests {
    @Test func keptResourceNamesAreFoundThroughTheirIndex() throws {
        let store = try ReminderStore.inMemory()
        let list = try store.defaultList()
        var kept = Reminder(listID: list.id, title: "Kept")
        kept.iCalendarExtras = "BEGIN:VTODO\r\nX-GEOREMIND-CALDAV-NAME:my task.ics\r\nEND:VTODO\r\n"
        kept = try store.save(kept)
        for number in 0..<20 {
            var plain = Reminder(listID: list.id, title: "Plain \(number)")
            plain.iCalendarExtras = "BEGIN:VTODO\r\nX-APPLE-SORT-ORDER:\(number)\r\nEND:VTODO\r\n"
            _ = try store.save(plain)
        }
        var predicate = ReminderPredicate(listIDs: [list.id])
        predicate.extrasContaining = "X-GEOREMIND-CALDAV-NAME"
        #expect(try store.reminders(matching: predicate).map(\.id) == [kept.id])
        predicate.extrasContaining = "X-APPLE-SORT-ORDER:7"
        #expect(try store.reminders(matching: predicate).map(\.title) == ["Plain 7"])

        predicate.extrasContaining = "X-GEOREMIND-CALDAV-NAME"
        let filter = try ReminderFilter(predicate, titleKeys: store.titleKeys)
        let plan = try #require(store.database).read { db in
            try Row.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN SELECT id FROM reminder WHERE \(filter.sql) ORDER BY creationDate, id",
                arguments: filter.arguments
            ).map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("USING INDEX reminder_keeping_dav_name") }, "\(plan)")
    }
}
