extension Collection<ReminderList> {
    /// The list people mean by `title`: the one spelled exactly so, else the first whose title
    /// matches ignoring case (`errands` finds "Errands"), as the Reminders app's list names do.
    public func first(titled title: String) -> ReminderList? {
        if let exact = first(where: { $0.title == title }) { return exact }
        let folded = ReminderList.foldedTitle(title)
        return first { ReminderList.foldedTitle($0.title) == folded }
    }
}

extension ReminderList {
    /// The form two list titles are compared in: two lists may not share it.
    static func foldedTitle(_ title: String) -> String { title.lowercased() }
}
