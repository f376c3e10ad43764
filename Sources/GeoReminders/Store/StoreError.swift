/// Why the store refused an operation.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case accessDenied(operation: String, access: AccessLevel)
    case readOnlyList(listID: String, title: String)
    case unknownList(id: String)
    case duplicateListTitle(title: String, existingID: String)
    case reminderNotFound(id: String)
    case unreadableReminder(id: String)
    case alarmNotFound(reminderID: String, alarmID: String)
    case noReminderMatches(prefix: String)
    case ambiguousPrefix(prefix: String, matches: [String])
    case cannotRemoveDefaultList(listID: String)
    case notAStore(path: String)
    case newerSchema(path: String)
    case olderSchemaReadOnly(path: String)
    case cannotOpen(path: String, reason: String)
    case unreadableFixLog(key: String)
    /// Loading another engine's rows is for a store that lives in memory, never a user's file.
    case notInMemory(operation: String)

    public var description: String {
        switch self {
        case let .accessDenied(operation, access):
            "cannot \(operation): the store was opened with \(access) access; open it with full access"
        case let .readOnlyList(listID, title):
            "list '\(title)' (\(listID)) is read-only; choose a list that allows changes"
        case let .duplicateListTitle(title, existingID):
            "a list named '\(title)' already exists (\(existingID)); choose another name"
        case let .unknownList(id):
            "no list has identifier \(id); list them to see their identifiers"
        case let .unreadableReminder(id):
            "reminder \(id) cannot be read back (it was stored by an older georemind); delete it with `georemind delete \(id)`"
        case let .reminderNotFound(id):
            "no reminder has identifier \(id)"
        case let .alarmNotFound(reminderID, alarmID):
            "reminder \(reminderID) has no alarm with identifier \(alarmID)"
        case let .noReminderMatches(prefix):
            "no reminder identifier starts with '\(prefix)'"
        case let .ambiguousPrefix(prefix, matches):
            "'\(prefix)' is the start of several identifiers (\(matches.joined(separator: ", "))); type more of it"
        case let .cannotRemoveDefaultList(listID):
            "list \(listID) is the default list; make another list the default first"
        case let .notAStore(path):
            "\(path) is not a georemind store; it was left untouched, choose another path"
        case let .olderSchemaReadOnly(path):
            "\(path) was written by an older georemind and cannot be upgraded: it is read-only; make it writable once"
        case let .newerSchema(path):
            "\(path) was written by a newer georemind; upgrade georemind to open it"
        case let .cannotOpen(path, reason):
            "cannot open \(path): \(reason)"
        case let .unreadableFixLog(key):
            "the live fix log of '\(key)' cannot be read back; stop the server, then delete its rows (DELETE FROM liveFixBatch WHERE stateKey = '\(key)') to restart from the last saved state"
        case let .notInMemory(operation):
            "cannot \(operation) into a store file; only a store made by ReminderStore.inMemory() takes them"
        }
    }
}
