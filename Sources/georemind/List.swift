import ArgumentParser
import CivilTime
import Foundation
import GeoReminders
import ReminderViews

/// `georemind list`: the reminders, filtered and sorted, as a table or a JSON array.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List reminders (incomplete ones unless --completed or --all).")

    enum SortKey: String, ExpressibleByArgument, CaseIterable {
        case creation, due, title, priority
    }

    @OptionGroup var global: GlobalOptions
    @Option(name: .customLong("list"), help: ArgumentHelp("Only reminders of this list (repeatable).", valueName: "name"))
    var lists: [String] = []
    @Option(help: ArgumentHelp("Only this level: none, low, medium, high.", valueName: "level")) var priority: String?
    @Option(
        name: .customLong("min-priority"),
        help: ArgumentHelp("Only this level or a more urgent one (high ≥ medium ≥ low).", valueName: "level"))
    var minPriority: String?
    @Option(
        name: .customLong("due-after"),
        help: ArgumentHelp("Only incomplete reminders due at or after this date (forms of --due).", valueName: "date"))
    var dueAfter: String?
    @Option(
        name: .customLong("due-before"),
        help: ArgumentHelp("Only incomplete reminders due before this date.", valueName: "date"))
    var dueBefore: String?
    @Option(
        name: .customLong("completed-after"),
        help: ArgumentHelp("Only reminders completed at or after this date.", valueName: "date"))
    var completedAfter: String?
    @Option(
        name: .customLong("completed-before"),
        help: ArgumentHelp("Only reminders completed before this date.", valueName: "date"))
    var completedBefore: String?
    @Option(help: ArgumentHelp("Only titles containing this text, ignoring case and diacritics.", valueName: "text"))
    var search: String?
    @Option(help: ArgumentHelp("Only reminders with this tag (ignoring case).", valueName: "tag")) var tag: String?
    @Flag(help: "Only reminders with a location alarm.") var location = false
    @Flag(help: "Only completed reminders.") var completed = false
    @Flag(help: "Completed and incomplete reminders.") var all = false
    @Option(help: "Order: creation, due, title or priority.") var sort: SortKey = .creation
    @Flag(help: "Reverse the order (reminders without a due date stay last).") var descending = false
    @Flag(help: "Print a JSON array of reminders.") var json = false

    /// The query these options stand for.
    var query: ReminderQuery {
        var query = ReminderQuery()
        query.lists = lists
        query.priority = priority
        query.minPriority = minPriority
        query.dueAfter = dueAfter
        query.dueBefore = dueBefore
        query.completedAfter = completedAfter
        query.completedBefore = completedBefore
        query.search = search
        query.tag = tag
        query.locationOnly = location
        query.completed = completed
        query.all = all
        query.sort = sort.rawValue
        query.descending = descending
        return query
    }

    func validate() throws {
        do {
            try query.validate()
        } catch {
            throw ValidationError(error.message(spelling: .option))
        }
    }

    func run() throws {
        let (reminders, listTitles) = try global.withStore(readOnly: true) { access in
            try access.reading(.reminders) { store in
                var query = query
                query.account = try global.actor(in: store)
                return (try query.reminders(in: store), try ListTitles(store: store))
            }
        }
        if json {
            print(ReminderJSON.text(reminders.map { ReminderJSON($0, listTitle: listTitles[$0.listID]) }))
        } else if !reminders.isEmpty {
            print(ReminderTable(reminders, listTitles: listTitles).text)
        }
    }
}
