import Foundation
import GeoReminders
import SharedStore
import TestSupport
import Testing

/// A PostgreSQL working copy loads the tables its work names, and no other: listing the lists
/// (`.lists`) reads the lists, their members and the settings, not the reminders, so its cost
/// does not grow with them; `.reminders` reads both. A copy for one account
/// (``GeoReminders/StoreScope/seenBy(account:)``) holds its lists' rows and answers it as the
/// whole store does, and what it writes back leaves every other row as it was.
@Suite struct WorkingCopyTablesTests {
    @Test func aListsCopyHoldsTheListsAndNoReminder() async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let workspace = try await SharedWorkspace.open(try PostgresAddress(parsing: try server.createDatabase("store")))
        let outcome = await Task.detached {
            Result {
                try workspace.writing(.reminders) { store in
                    let errands = ReminderList(title: "Errands")
                    _ = try store.save(errands)
                    _ = try store.save(Reminder(listID: errands.id, title: "Buy milk"))
                }
                let lists = try workspace.reading(.lists) { store in
                    (try store.lists().map(\.title), try store.defaultListID(of: "default"), try store.reminders().count)
                }
                let reminders = try workspace.reading(.reminders) { try $0.reminders().map(\.title) }
                return (lists, reminders)
            }
        }.value
        await workspace.close()
        let (lists, reminders) = try outcome.get()
        #expect(lists.0 == ["Reminders", "Errands"])
        #expect(!lists.1.isEmpty)
        #expect(lists.2 == 0)
        #expect(reminders == ["Buy milk"])
    }

    @Test func anAccountsCopyHoldsWhatItSeesAndWritesBackOnlyThat() async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let workspace = try await SharedWorkspace.open(try PostgresAddress(parsing: try server.createDatabase("store")))
        let alarmDate = Date(timeIntervalSinceReferenceDate: 815_000_000)
        let outcome = await Task.detached {
            Result {
                try workspace.writing(.reminders) { store in
                    for name in ["anna", "ben", "carl"] { try store.addAccount(name: name) }
                    let shop = try store.save(ReminderList(title: "Shop"), owner: "anna")
                    try store.share(listID: shop.id, with: "ben", role: .editor, by: "anna")
                    let work = try store.save(ReminderList(title: "Work"), owner: "ben")
                    let carls = try store.defaultListID(of: "carl")
                    _ = try store.save(Reminder(listID: shop.id, title: "Buy milk", alarms: [.absolute(alarmDate)]))
                    _ = try store.save(Reminder(listID: work.id, title: "Call the plumber"))
                    _ = try store.save(Reminder(listID: carls, title: "Carl's secret"))
                }
                let whole = try workspace.reading(.reminders) { store in
                    (try store.reminderIDs(visibleTo: "ben"), try Self.settingKeys(store))
                }
                let bens = try workspace.reading(.reminders, .seenBy(account: "ben")) { store in
                    (
                        try store.reminderIDs(visibleTo: "ben"), try store.reminders().map(\.title).sorted(),
                        try store.accounts().map(\.name), try store.lists().map(\.title).sorted(), try Self.settingKeys(store)
                    )
                }
                let added = try workspace.writing(.reminders, .seenBy(account: "anna")) { store in
                    var milk = try #require(try store.reminders().first { $0.title == "Buy milk" })
                    milk.title = "Buy oat milk"
                    _ = try store.save(milk)
                    let bread = Reminder(listID: try store.defaultListID(of: "anna"), title: "Bread", alarms: [.absolute(alarmDate)])
                    return try ReminderDraft.save(bread, in: store, as: "anna")
                }
                let after = try workspace.reading(.reminders) { store in
                    (
                        try store.reminders().map { "\($0.title): \($0.alarms.count)" }.sorted(),
                        try store.reminder(id: added.id)?.listID == store.defaultListID(of: "anna")
                    )
                }
                return (whole, bens, after)
            }
        }.value
        await workspace.close()
        let (whole, bens, after) = try outcome.get()
        #expect(bens.0 == whole.0)
        // The store's settings and Ben's own default list; the other people's are theirs.
        #expect(bens.4 == whole.1.filter { !$0.hasPrefix("defaultListID:") || $0 == "defaultListID:ben" })
        #expect(bens.4.contains("defaultListID:ben") && whole.1.contains("defaultListID:anna"))
        #expect(bens.1 == ["Buy milk", "Call the plumber"])
        #expect(bens.2 == ["default", "anna", "ben"])
        #expect(bens.3 == ["Reminders", "Reminders (ben)", "Shop", "Work"])
        #expect(after.0 == ["Bread: 1", "Buy oat milk: 1", "Call the plumber: 0", "Carl's secret: 0"])
        #expect(after.1)
    }

    /// Keys made for another sort locale are rebuilt over every row, so an account's writer that
    /// meets them reads the whole tables: Carl's title, never in Anna's copy, is keyed anew too.
    @Test func anAccountsWriterUnderAnotherLocaleRebuildsEveryKey() async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let address = try PostgresAddress(parsing: try server.createDatabase("store"))
        var english = StoreConfiguration()
        english.locale = Locale(identifier: "en_US")
        var turkish = StoreConfiguration()
        turkish.locale = Locale(identifier: "tr_TR")
        let first = try await SharedWorkspace.open(address, configuration: english)
        let second = try await SharedWorkspace.open(address, configuration: turkish)
        let outcome = await Task.detached {
            Result {
                try first.writing(.reminders) { store in
                    for name in ["anna", "carl"] { try store.addAccount(name: name) }
                    _ = try store.save(Reminder(listID: try store.defaultListID(of: "carl"), title: "IGLOO"))
                }
                try second.writing(.reminders, .seenBy(account: "anna")) { store in
                    _ = try store.save(Reminder(listID: try store.defaultListID(of: "anna"), title: "IGLOO"))
                }
                let titleKey = try #require(StoreCatalogue.table("reminder")?.columns.firstIndex(of: "titleKey"))
                return try second.reading(.reminders) { store -> [String] in
                    let rows: [[StoreValue]] = try store.rows(of: ["reminder"])["reminder"] ?? []
                    return rows.map { "\($0[titleKey])" }
                }
            }
        }.value
        await first.close()
        await second.close()
        let keys = try outcome.get()
        #expect(keys.count == 2)
        #expect(Set(keys).count == 1, "\(keys)")
    }

    private static func settingKeys(_ store: ReminderStore) throws -> [String] {
        let storeInfo = try #require(StoreCatalogue.table("storeInfo"))
        return try #require(try store.rows(of: ["storeInfo"])["storeInfo"]).compactMap { row -> String? in
            if case .text(let key) = row[storeInfo.keyPositions[0]] { key } else { nil }
        }.sorted()
    }
}
