import GeoReminders

/// List titles by identifier, read once per command or request for display.
public struct ListTitles: Sendable {
    private let titles: [String: String]

    public init(store: ReminderStore) throws {
        titles = Dictionary(try store.lists().map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
    }

    public subscript(id: String?) -> String? { id.flatMap { titles[$0] } }
}
