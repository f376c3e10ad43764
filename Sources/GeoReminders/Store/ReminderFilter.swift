import Foundation
import GRDB

/// A predicate as an SQL condition on the `reminder` table.
struct ReminderFilter {
    var sql: String
    var arguments: StatementArguments

    init(sql: String, arguments: StatementArguments) {
        self.sql = sql
        self.arguments = arguments
    }

    /// Largest distance between a floating date read as UTC and its instant in any zone.
    private static let zoneSlack: Double = 14 * 3_600

    init(_ predicate: ReminderPredicate, titleKeys: TitleSortKey) throws {
        var conditions: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let listIDs = predicate.listIDs {
            let ids = listIDs.compactMap { try? Reminder.canonicalIdentifier($0) }.sorted()
            conditions.append("listID IN (\(ids.map { _ in "?" }.joined(separator: ", ")))")
            arguments += ids
        }
        switch predicate.completion {
        case .any: break
        case .completed: conditions.append("isCompleted")
        case .incomplete: conditions.append("NOT isCompleted")
        }
        if let range = predicate.dueRange {
            conditions.append("dueKey >= ? AND dueKey < ?")
            arguments += [
                range.lowerBound.timeIntervalSinceReferenceDate - Self.zoneSlack,
                range.upperBound.timeIntervalSinceReferenceDate + Self.zoneSlack,
            ]
        }
        if predicate.locationOnly {
            conditions.append("isLocationReminder = 1")
        } else if predicate.priorityLevel != nil {
            // Lets the (isLocationReminder, priorityLevel, dueKey) index serve level filters.
            conditions.append("isLocationReminder IN (0, 1)")
        }
        if let level = predicate.priorityLevel {
            conditions.append("priorityLevel = ?")
            arguments.append(level.rawValue)
        }
        if let minimum = predicate.minimumPriorityLevel, minimum != .none {
            // Levels are raw ranges 1–4, 5, 6–9: "at least" is 1 up to the level's last raw value.
            conditions.append("priority BETWEEN 1 AND ?")
            arguments.append(minimum.priorities.upperBound)
        }
        if let range = predicate.completionRange {
            conditions.append("isCompleted AND completionDate >= ? AND completionDate < ?")
            arguments += [
                range.lowerBound.timeIntervalSinceReferenceDate,
                range.upperBound.timeIntervalSinceReferenceDate,
            ]
        }
        if let text = predicate.titleContains {
            conditions.append("instr(titleKey, ?) > 0")
            arguments.append(titleKeys.key(text))
        }
        if let tag = predicate.tag {
            conditions.append("EXISTS (SELECT 1 FROM json_each(reminder.tags) WHERE lower(json_each.value) = lower(?))")
            arguments.append(tag)
        }
        if let parentID = predicate.parentID {
            conditions.append("parentID = ?")
            arguments.append(parentID)
        }
        if let account = predicate.visibleTo {
            conditions.append("listID IN (SELECT listID FROM listMember WHERE account = ?)")
            arguments.append(account)
        }
        if let text = predicate.extrasContaining {
            // A property name is written into the SQL, not bound: a partial index on that very
            // term (StoreSchema's reminder_keeping_dav_name) then answers instead of a scan.
            if text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
                conditions.append("instr(iCalendarExtras, '\(text)') > 0")
            } else {
                conditions.append("instr(iCalendarExtras, ?) > 0")
                arguments.append(text)
            }
        }
        if let seriesID = predicate.seriesID {
            conditions.append("seriesID = ?")
            arguments.append(seriesID)
        }
        sql = conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
        self.arguments = StatementArguments(arguments)
    }
}
