import CivilTime
import Foundation
import Testing

@testable import GeoReminders

@Suite struct ReminderSortTests {
    /// Six reminders with ties on every key and two without a due date.
    static func store() throws -> ReminderStore {
        let store = try memoryStore()
        let utc = TimeZone(identifier: "UTC")!
        func due(_ day: Int, _ hour: Int, zone: TimeZone? = utc) -> CivilDateTime {
            CivilDateTime(year: 2026, month: 5, day: day, time: TimeOfDay(hour: hour, minute: 0), timeZone: zone)
        }
        let rows: [(Int, String, CivilDateTime?, Double)] = [
            (1, "banana", due(2, 9), 30),
            (2, "Äpfel", nil, 10),
            (3, "apple", due(2, 9), 10),
            (4, "Banana", due(1, 12, zone: paris), 20),  // 10:00 UTC on 1 May
            (5, "cherry", nil, 10),
            (6, "Apfel", due(1, 10), 20),
        ]
        for (n, title, dueDate, created) in rows {
            try store.save(Reminder(id: uuid(n), title: title, dueDate: dueDate, creationDate: date(created)), commit: false)
        }
        try store.commit()
        return store
    }

    func order(_ sort: ReminderSort, descending: Bool = false) throws -> [String] {
        try Self.store().reminders(sortedBy: sort, descending: descending).map { String($0.id.suffix(1)) }
    }

    @Test func byCreationDateThenIdentifier() throws {
        #expect(try order(.creationDate) == ["2", "3", "5", "4", "6", "1"])
        #expect(try order(.creationDate, descending: true) == ["1", "6", "4", "5", "3", "2"])
    }

    @Test func byDueDateWithMissingLast() throws {
        // 4 and 6 are both 10:00 UTC on 1 May: creation ties too, so the identifier decides.
        #expect(try order(.dueDate) == ["4", "6", "3", "1", "2", "5"])
        #expect(try order(.dueDate, descending: true) == ["1", "3", "6", "4", "5", "2"])
    }

    @Test func byTitleIgnoringCaseAndDiacritics() throws {
        // apfel (Apfel, Äpfel), apple, banana (banana, Banana), cherry.
        #expect(try order(.title) == ["2", "6", "3", "4", "1", "5"])
        #expect(try order(.title, descending: true) == ["5", "1", "4", "3", "6", "2"])
    }

    @Test(arguments: ["en_US", "tr_TR", "de_DE"])
    func characterByCharacterFoldingMatchesFoundations(locale: String) {
        let keys = TitleSortKey(locale: Locale(identifier: locale))
        var folder = TitleSortKey.Folder(keys: keys)
        for title in [
            "Straße", "Ｆｕｌｌｗｉｄｔｈ", "e\u{301}clair", "ÉCOLE École", "İstanbul Istanbul", "ﬁle", "Ωmega ΣΑΣ", "🇫🇷 Café 👍🏽", "naïve Ärger",
        ] {
            #expect(
                folder.key(title)
                    == title.folding(
                        options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive],
                        locale: Locale(identifier: locale)), "\(title)")
        }
    }

    @Test func sortKeyFoldsInTheStoresLocale() {
        #expect(TitleSortKey(locale: Locale(identifier: "en_US")).key("Éclair ÅNGSTRÖM") == "eclair angstrom")
        #expect(TitleSortKey(locale: Locale(identifier: "en_US")).key("Plain ASCII") == "plain ascii")
        #expect(TitleSortKey(locale: Locale(identifier: "tr_TR")).key("Istanbul") == "ıstanbul")
    }
}
