import Foundation
import GRDB

extension ReminderStore: PhoneReplyStates {
    public func phoneReplyState(phone: String) throws -> PhoneReplyState? {
        let database = try authorizedDatabase(for: "read a phone's replies")
        return try database.read { db in try Self.phoneReplyState(phone: phone, in: db) }
    }

    public func phoneAccount(phone: String) throws -> String? { try deviceAccount(phone) }

    public func updatePhoneReplyState<T>(
        phone: String, _ decide: (PhoneReplyState?) throws -> (save: PhoneReplyState?, result: T)
    ) throws -> T {
        let database = try authorizedDatabase(for: "record a phone's replies")
        return try database.write { db in
            let (save, result) = try decide(try Self.phoneReplyState(phone: phone, in: db))
            if let save { try Self.savePhoneReplyState(save, in: db) }
            return result
        }
    }

    /// Records `state` as its phone's.
    public func savePhoneReplyState(_ state: PhoneReplyState) throws {
        let database = try authorizedDatabase(for: "record a phone's replies")
        try database.write { db in try Self.savePhoneReplyState(state, in: db) }
    }

    static func phoneReplyState(phone: String, in db: Database) throws -> PhoneReplyState? {
        // Cached statements: asked at every OwnTracks post, and compiling one (with GRDB's
        // authorizer noting every column read) cost more than running it.
        try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT phone, acknowledged, carried, carriedMessageDate, regions, carriedRegions
                    FROM phoneReply WHERE phone = ?
                    """), arguments: [phone]
        ).map { row in
            PhoneReplyState(
                phone: row["phone"], acknowledged: row["acknowledged"], carried: row["carried"],
                carriedMessageDate: (row["carriedMessageDate"] as Double?).map(Date.init(timeIntervalSinceReferenceDate:)),
                regions: row["regions"], carriedRegions: row["carriedRegions"])
        }
    }

    static func savePhoneReplyState(_ state: PhoneReplyState, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO phoneReply (phone, acknowledged, carried, carriedMessageDate, regions, carriedRegions)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (phone) DO UPDATE SET acknowledged = excluded.acknowledged, carried = excluded.carried,
                carriedMessageDate = excluded.carriedMessageDate, regions = excluded.regions,
                carriedRegions = excluded.carriedRegions
                """,
            arguments: [
                state.phone, state.acknowledged, state.carried, state.carriedMessageDate?.timeIntervalSinceReferenceDate,
                state.regions, state.carriedRegions,
            ])
    }
}

extension ReminderStore {
    /// The events fired by `devices` after `sequence`, in insertion order, at most `limit`
    /// (index `outboxEvent_on_device`).
    public func outboxEvents(devices: [String], after sequence: Int64, limit: Int) throws -> [OutboxEvent] {
        guard !devices.isEmpty else { return [] }
        let database = try authorizedDatabase(for: "read the outbox")
        let marks = Array(repeating: "?", count: devices.count).joined(separator: ", ")
        return try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(OutboxEvent.columns) FROM outboxEvent WHERE device IN (\(marks)) AND sequence > ?
                        ORDER BY sequence LIMIT ?
                        """), arguments: StatementArguments(devices + [sequence, limit] as [any DatabaseValueConvertible])
            ).map(OutboxEvent.init(row:))
        }
    }

    /// The sequence of the newest event of `devices` recorded before `date` (0 when none).
    public func outboxSequence(devices: [String], recordedBefore date: Date) throws -> Int64 {
        guard !devices.isEmpty else { return 0 }
        let database = try authorizedDatabase(for: "read the outbox")
        let marks = Array(repeating: "?", count: devices.count).joined(separator: ", ")
        return try database.read { db in
            try Int64.fetchOne(
                db.cachedStatement(
                    sql: "SELECT COALESCE(MAX(sequence), 0) FROM outboxEvent WHERE device IN (\(marks)) AND recordedDate < ?"),
                arguments: StatementArguments(devices + [date.timeIntervalSinceReferenceDate] as [any DatabaseValueConvertible])) ?? 0
        }
    }
}
