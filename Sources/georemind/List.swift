import ArgumentParser
import CivilTime
import Foundation
import GeoReminders
import ReminderViews

/// `georemind list`: the reminders, filtered and sorted, as a table or a JSON array.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List reminders (incomplete ones unless --completed or --all).")

    enum SortKey: String, ExpressibleByArgument, CaseIterable {
        case creation, due, title, priority
        var sort: ReminderSort {
            switch self {
            case .creation: .creationDate
            case .due: .dueDate
            case .title: .title
            case .priority: .priority
            }
        }
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
    @Flag(help: "Only reminders with a location alarm.") var location = false
    @Flag(help: "Only completed reminders.") var completed = false
    @Flag(help: "Completed and incomplete reminders.") var all = false
    @Option(help: "Order: creation, due, title or priority.") var sort: SortKey = .creation
    @Flag(help: "Reverse the order (reminders without a due date stay last).") var descending = false
    @Flag(help: "Print a JSON array of reminders.") var json = false

    private var filtersDue: Bool { dueAfter != nil || dueBefore != nil }
    private var filtersCompletion: Bool { completedAfter != nil || completedBefore != nil }

    func validate() throws {
        if completed && all { throw ValidationError("use --completed or --all, not both") }
        for (option, value) in [("--priority", priority), ("--min-priority", minPriority)] {
            if let value, PriorityLevel(rawValue: value.lowercased()) == nil {
                throw ValidationError("\(option): '\(value)' is not none, low, medium or high")
            }
        }
        // As EventKit's two predicates: one selects incomplete reminders, the other completed ones.
        if filtersDue && filtersCompletion {
            throw ValidationError(
                "--due-after/--due-before select incomplete reminders, --completed-after/--completed-before completed ones; use one pair")
        }
        if filtersDue && (completed || all) {
            throw ValidationError("--due-after/--due-before select incomplete reminders; drop --completed/--all")
        }
        if filtersCompletion && all {
            throw ValidationError("--completed-after/--completed-before select completed reminders; drop --all")
        }
    }

    func run() throws {
        let store = try global.openStore(readOnly: true)
        let zone = store.floatingTimeZone
        var predicate = ReminderPredicate(
            completion: all ? .any : completed || filtersCompletion ? .completed : .incomplete,
            locationOnly: location,
            priorityLevel: priority.flatMap { PriorityLevel(rawValue: $0.lowercased()) },
            minimumPriorityLevel: minPriority.flatMap { PriorityLevel(rawValue: $0.lowercased()) },
            titleContains: search)
        if !lists.isEmpty {
            predicate.listIDs = Set(try lists.map { try ReminderOptions.list(named: $0, in: store).id })
        }
        if filtersDue {
            predicate.dueRange = try Self.range(after: dueAfter, before: dueBefore, options: ("--due-after", "--due-before"), zone: zone)
        }
        if filtersCompletion {
            predicate.completionRange = try Self.range(
                after: completedAfter, before: completedBefore,
                options: ("--completed-after", "--completed-before"), zone: zone)
        }
        let reminders = try store.reminders(matching: predicate, sortedBy: sort.sort, descending: descending)
        let listTitles = try ListTitles(store: store)
        if json {
            print(ReminderJSON.text(reminders.map { ReminderJSON($0, listTitle: listTitles[$0.listID]) }))
        } else if !reminders.isEmpty {
            print(ReminderTable(reminders, listTitles: listTitles).text)
        }
    }

    /// The half-open range `[after, before)`; a date without a zone is read in the store's
    /// floating zone (a bare date is its midnight), as due dates are.
    static func range(after: String?, before: String?, options: (String, String), zone: TimeZone) throws -> Range<Date> {
        func instant(_ text: String?, _ option: String, _ missing: Date) throws -> Date {
            guard let text else { return missing }
            return try CLIError.reading(option) { try ReminderDate(iso8601: text, timeZone: nil).instant(floatingZone: zone) }
        }
        let lower = try instant(after, options.0, .distantPast)
        let upper = try instant(before, options.1, .distantFuture)
        guard lower < upper else {
            throw CLIError.badValue(option: options.1, message: "'\(before ?? "")' is not after \(options.0) '\(after ?? "")'")
        }
        return lower..<upper
    }
}
