import ArgumentParser
import GeoReminders
import ReminderViews

/// `georemind list`: the reminders, filtered and sorted, as a table or a JSON array.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List reminders (incomplete ones unless --completed or --all).")

    enum SortKey: String, ExpressibleByArgument, CaseIterable {
        case creation, due, title
        var sort: ReminderSort {
            switch self {
            case .creation: .creationDate
            case .due: .dueDate
            case .title: .title
            }
        }
    }

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Only this level: none, low, medium, high.", valueName: "level")) var priority: String?
    @Flag(help: "Only reminders with a location alarm.") var location = false
    @Flag(help: "Only completed reminders.") var completed = false
    @Flag(help: "Completed and incomplete reminders.") var all = false
    @Option(help: "Order: creation, due or title.") var sort: SortKey = .creation
    @Flag(help: "Reverse the order (reminders without a due date stay last).") var descending = false
    @Flag(help: "Print a JSON array of reminders.") var json = false

    func validate() throws {
        if completed && all { throw ValidationError("use --completed or --all, not both") }
        if let priority, PriorityLevel(rawValue: priority.lowercased()) == nil {
            throw ValidationError("--priority: '\(priority)' is not none, low, medium or high")
        }
    }

    func run() throws {
        let store = try global.openStore(readOnly: true)
        let predicate = ReminderPredicate(
            completion: all ? .any : completed ? .completed : .incomplete,
            locationOnly: location,
            priorityLevel: priority.flatMap { PriorityLevel(rawValue: $0.lowercased()) })
        let reminders = try store.reminders(matching: predicate, sortedBy: sort.sort, descending: descending)
        let listTitles = try ListTitles(store: store)
        if json {
            print(ReminderJSON.text(reminders.map { ReminderJSON($0, listTitle: listTitles[$0.listID]) }))
        } else if !reminders.isEmpty {
            print(ReminderTable(reminders, listTitles: listTitles).text)
        }
    }
}
