import GeoReminders

/// List titles by identifier, read once per command for display.
struct ListTitles {
    private let titles: [String: String]

    init(store: ReminderStore) throws {
        titles = Dictionary(try store.lists().map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
    }

    subscript(id: String?) -> String? { id.flatMap { titles[$0] } }
}
