import Foundation
import GRDB

extension ReminderStore {
    /// Keeps `copy` as the bytes a client stored for reminder `reminderID`, or forgets them (nil).
    /// A reminder that is not stored keeps nothing; deleting a reminder forgets its copy.
    static func keepClientCopy(_ copy: ClientCopy?, reminderID: String, _ db: Database) throws {
        guard let copy else {
            try db.cachedStatement(
                sql: "DELETE FROM davClientCopy WHERE reminderNumber = (SELECT number FROM reminder WHERE id = ?)"
            ).execute(arguments: [reminderID])
            return
        }
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO davClientCopy (reminderNumber, renderedTag, tag, bytes)
                SELECT number, ?, ?, ? FROM reminder WHERE id = ?
                """
        ).execute(arguments: [copy.renderedTag, copy.tag, Data(copy.bytes), reminderID])
    }

    /// The client copies kept for the reminders `reminderIDs`, by reminder identifier.
    public func clientCopies(reminderIDs: [String]) throws -> [String: ClientCopy] {
        let database = try authorizedDatabase(for: "read reminders", allowedWith: [.full, .writeOnly])
        guard access == .full, !reminderIDs.isEmpty else { return [:] }
        // One resource (a GET, a PUT's precondition) by its key; a listing's in one statement.
        let (term, argument): (String, String) =
            reminderIDs.count == 1
            ? ("= ?", reminderIDs[0])
            : ("IN (SELECT value FROM json_each(?))", String(decoding: try JSONEncoder().encode(reminderIDs), as: UTF8.self))
        return try database.read { db in
            var copies: [String: ClientCopy] = [:]
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: "SELECT id, renderedTag, tag, bytes FROM davClientCopy JOIN reminder ON number = reminderNumber WHERE id \(term)"),
                arguments: [argument])
            while let row = try rows.next() {
                let bytes: Data = row[3]
                copies[row[0]] = ClientCopy(renderedTag: row[1], tag: row[2], bytes: Array(bytes))
            }
            return copies
        }
    }
}
