import Foundation
import GeoReminders
import PostgresNIO

/// Phones' reply states on PostgreSQL: the one row asked for, by its key, instead of a working
/// copy of the table (every phone's row, at every post).
extension SharedWorkspace: PhoneReplyStates {
    package func phoneReplyState(phone: String) throws -> PhoneReplyState? {
        do {
            return try connections.with { db in try Self.phoneReplyState(phone: phone, lock: false, on: db) }
        } catch {
            throw PostgresSession.translate(error)
        }
    }

    package func phoneAccount(phone: String) throws -> String? {
        do {
            return try connections.with { db in try SharedPeople.deviceAccount(phone) { try db.blockingQuery($0) } }
        } catch {
            throw PostgresSession.translate(error)
        }
    }

    package func updatePhoneReplyState<T>(
        phone: String, _ decide: (PhoneReplyState?) throws -> (save: PhoneReplyState?, result: T)
    ) throws -> T {
        do {
            return try connections.with { db in
                try db.blockingTransaction(begin: "BEGIN") {
                    // FOR UPDATE: another post of the same phone waits for this one's decision.
                    let (save, result) = try decide(try Self.phoneReplyState(phone: phone, lock: true, on: db))
                    if let save { try Self.save(save, on: db) }
                    return result
                }
            }
        } catch {
            throw PostgresSession.translate(error)
        }
    }

    static func phoneReplyState(phone: String, lock: Bool, on db: PostgresConnection) throws -> PhoneReplyState? {
        let query: PostgresQuery =
            lock
            ? """
            SELECT phone, acknowledged, carried, carriedMessageDate, regions, carriedRegions
            FROM phoneReply WHERE phone = \(phone) FOR UPDATE
            """
            : """
            SELECT phone, acknowledged, carried, carriedMessageDate, regions, carriedRegions
            FROM phoneReply WHERE phone = \(phone)
            """
        for row in try db.blockingQuery(query) {
            let (phone, acknowledged, carried, messageDate, regions, carriedRegions) = try row.decode(
                (String, Int64, Int64, Double?, String, String?).self)
            return PhoneReplyState(
                phone: phone, acknowledged: acknowledged, carried: carried,
                carriedMessageDate: messageDate.map(Date.init(timeIntervalSinceReferenceDate:)), regions: regions,
                carriedRegions: carriedRegions)
        }
        return nil
    }

    static func save(_ state: PhoneReplyState, on db: PostgresConnection) throws {
        let messageDate = state.carriedMessageDate?.timeIntervalSinceReferenceDate
        try db.blockingQuery(
            """
            INSERT INTO phoneReply (phone, acknowledged, carried, carriedMessageDate, regions, carriedRegions)
            VALUES (\(state.phone), \(state.acknowledged), \(state.carried), \(messageDate), \(state.regions), \(state.carriedRegions))
            ON CONFLICT (phone) DO UPDATE SET acknowledged = excluded.acknowledged, carried = excluded.carried,
            carriedMessageDate = excluded.carriedMessageDate, regions = excluded.regions, carriedRegions = excluded.carriedRegions
            """)
    }
}
