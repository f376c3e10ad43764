import GeoReminders

/// List titles by identifier, read once per command or request for display.
package struct ListTitles: Sendable {
    private let titles: [String: String]

    package init(store: ReminderStore) throws {
        titles = Dictionary(try store.lists().map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
    }

    package subscript(id: String?) -> String? { id.flatMap { titles[$0] } }
}
