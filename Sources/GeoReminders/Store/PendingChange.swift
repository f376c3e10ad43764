/// A save or removal held until the store commits.
enum PendingChange: Sendable {
    case save(Reminder)
    case remove(id: String)
}
