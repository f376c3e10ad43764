import CivilTime
import Foundation

/// A listing as a person asks for it (`list Work`, `min-priority medium`, `due-before 2026-12-01`,
/// `sort priority`): the options of `list` and the query parameters of `GET /api/v1/reminders`.
/// Resolving it against a store gives EventKit-style predicates; the rules of which filters go
/// together live here, once.
public struct ReminderQuery: Sendable, Equatable {
    /// Lists by title; empty for every list. An unknown title is an error.
    public var lists: [String] = []
    /// Only this level: `none`, `low`, `medium`, `high`.
    public var priority: String?
    /// Only this level or a more urgent one.
    public var minPriority: String?
    /// Incomplete reminders due in `[dueAfter, dueBefore)`; dates in the forms of a due date, a
    /// date without a zone read in the store's floating zone.
    public var dueAfter: String?
    public var dueBefore: String?
    /// Completed reminders completed in `[completedAfter, completedBefore)`.
    public var completedAfter: String?
    public var completedBefore: String?
    /// Titles containing this text, ignoring case and diacritics.
    public var search: String?
    /// Only reminders with this tag (ignoring case).
    public var tag: String?
    public var locationOnly = false
    /// Only completed reminders (the default is incomplete ones).
    public var completed = false
    /// Completed and incomplete reminders.
    public var all = false
    /// `creation`, `due`, `title` or `priority`.
    public var sort: String?
    public var descending = false
    /// The account asking: only its lists' reminders, and lists named among its own; nil for
    /// every list.
    public var account: String?

    public init() {}

    /// The sort names people type, and what they order by.
    public static let sortNames: [(name: String, sort: ReminderSort)] = [
        ("creation", .creationDate), ("due", .dueDate), ("title", .title), ("priority", .priority),
    ]

    private var filtersDue: Bool { dueAfter != nil || dueBefore != nil }
    private var filtersCompletion: Bool { completedAfter != nil || completedBefore != nil }

    /// The checks that need no store.
    public func validate() throws(RequestError) {
        if completed && all { throw .notBoth("completed", "all") }
        for (field, value) in [("priority", priority), ("min-priority", minPriority)] {
            if let value, PriorityLevel(rawValue: value.lowercased()) == nil {
                throw .badValue(field: field, message: "'\(value)' is not none, low, medium or high")
            }
        }
        // As EventKit's two predicates: one selects incomplete reminders, the other completed ones.
        if filtersDue && filtersCompletion { throw .dueAndCompletionRanges }
        if filtersDue && (completed || all) { throw .dueRangeWithCompletion }
        if filtersCompletion && all { throw .completionRangeWithAll }
        if let sort, !Self.sortNames.contains(where: { $0.name == sort.lowercased() }) {
            throw .badValue(field: "sort", message: "'\(sort)' is not creation, due, title or priority")
        }
    }

    /// The reminders asked for, in the order asked for.
    public func reminders(in store: ReminderStore) throws -> [Reminder] {
        let (predicate, order) = try resolve(in: store)
        return try store.reminders(matching: predicate, sortedBy: order, descending: descending)
    }

    /// The store predicate and order this query stands for.
    public func resolve(in store: ReminderStore) throws -> (ReminderPredicate, ReminderSort) {
        try validate()
        let zone = store.floatingTimeZone
        var predicate = ReminderPredicate(
            completion: all ? .any : completed || filtersCompletion ? .completed : .incomplete,
            locationOnly: locationOnly,
            priorityLevel: priority.flatMap { PriorityLevel(rawValue: $0.lowercased()) },
            minimumPriorityLevel: minPriority.flatMap { PriorityLevel(rawValue: $0.lowercased()) },
            titleContains: search)
        predicate.tag = tag
        predicate.visibleTo = account
        if !lists.isEmpty {
            predicate.listIDs = Set(
                try lists.map { name in
                    let found = try account.map { try store.list(titled: name, visibleTo: $0) } ?? store.list(titled: name)
                    guard let list = found else { throw RequestError.unknownList(name: name) }
                    return list.id
                })
        }
        if filtersDue {
            predicate.dueRange = try Self.range(after: dueAfter, before: dueBefore, fields: ("due-after", "due-before"), zone: zone)
        }
        if filtersCompletion {
            predicate.completionRange = try Self.range(
                after: completedAfter, before: completedBefore, fields: ("completed-after", "completed-before"), zone: zone)
        }
        let order = sort.flatMap { name in Self.sortNames.first { $0.name == name.lowercased() }?.sort } ?? .creationDate
        return (predicate, order)
    }

    /// The half-open range `[after, before)`; a date without a zone is read in the store's
    /// floating zone (a bare date is its midnight), as due dates are.
    static func range(after: String?, before: String?, fields: (String, String), zone: TimeZone) throws -> Range<Date> {
        func instant(_ text: String?, _ field: String, _ missing: Date) throws -> Date {
            guard let text else { return missing }
            return try ReminderDraft.reading(field) { try CivilDateTime(iso8601: text, timeZone: nil).instant(floatingZone: zone) }
        }
        let lower = try instant(after, fields.0, .distantPast)
        let upper = try instant(before, fields.1, .distantFuture)
        guard lower < upper else {
            throw RequestError.emptyRange(after: fields.0, afterValue: after ?? "", before: fields.1, beforeValue: before ?? "")
        }
        return lower..<upper
    }
}
