import Foundation
import GeoReminders
import TestSupport

@testable import CalDAV

/// A CalDAV service over a store file with a fixed clock, and the default list's collection. A
/// file, as people run it: a store file keeps renderings (``KeptRendering``), so every test here
/// also checks that what it lists after a change is the reminder's new bytes.
struct CalDAVFixture {
    let store: ReminderStore
    let service: CalDAVService
    let listID: String

    init() throws {
        var configuration = StoreConfiguration()
        configuration.now = { Date(timeIntervalSince1970: 1_790_000_000) }
        store = try ReminderStore(
            path: temporaryDirectory().appendingPathComponent("store.sqlite").path, configuration: configuration)
        service = CalDAVService(access: store, history: SyncHistory(store: store))
        listID = try store.defaultList().id
    }

    private init(store: ReminderStore, listID: String) {
        self.store = store
        self.listID = listID
        service = CalDAVService(access: store, history: SyncHistory(store: store))
    }

    /// The same store served by a new service: what a client sees after the server restarted.
    func restarted() -> CalDAVFixture { CalDAVFixture(store: store, listID: listID) }

    var collection: String { "/dav/calendars/default/\(listID)/" }

    @discardableResult
    func send(
        _ method: String, _ path: String, _ body: String = "", headers: [String: String] = [:],
        privileges: DAVPrivileges = .readWrite, as account: String = "default"
    ) -> DAVResponse {
        service.acting(as: account).respond(
            DAVRequest(method: method, path: path, headers: headers, body: Array(body.utf8)), privileges: privileges)
    }

    static func text(_ response: DAVResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    /// iOS Reminders' PUT of an arriving location reminder.
    static func appleTodo(uid: String = "5E1C2A9B-3F4D-4E5F-8A9B-0C1D2E3F4A5B", title: String = "Buy milk", alarm: Bool = true)
        -> String
    {
        AppleRemindersTodo.text(uid: uid, title: title, alarm: alarm)
    }

    /// Tasks.org's PUT: a task-level GEO and no alarm, no precondition.
    static func tasksOrgTodo(uid: String, geo: String = "47.376887;8.541694", extra: String = "") -> String {
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:+//IDN tasks.org//android-140102//EN\r
        BEGIN:VTODO\r
        DTSTAMP:20261001T120000Z\r
        UID:\(uid)\r
        CREATED:20261001T120000Z\r
        LAST-MODIFIED:20261001T120000Z\r
        SUMMARY:Post office\r
        GEO:\(geo)\r
        \(extra)END:VTODO\r
        END:VCALENDAR\r

        """
    }
}
