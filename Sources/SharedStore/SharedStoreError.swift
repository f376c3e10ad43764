import Foundation
import GeoReminders

/// What can go wrong between georemind and a PostgreSQL store, worded for the person who typed
/// the address.
package enum SharedStoreError: Error, Equatable, CustomStringConvertible {
    case badAddress(String, reason: String)
    case cannotConnect(String, reason: String)
    case server(String)
    case targetNotEmpty(table: String, rows: Int)
    case newerSchema(String)
    case countMismatch(table: String, source: Int, copied: Int)
    /// This instance no longer holds the partition (its lease expired and another took it).
    case leaseLost(partition: Int)
    /// An evaluator on a partition's store asked for another key than the partition's.
    case foreignStateKey(String, partition: Int)
    /// Other writers kept changing the rows a piece of work changed.
    case conflict(attempts: Int)
    /// The database did not answer in time (away, or a connection lost mid-statement).
    case timedOut(seconds: Double)
    /// A server's heartbeats fail (the database is down, or cut off from this instance): work is
    /// refused at once rather than left waiting on a link that carries nothing.
    case unreachable
    /// The connection a statement was on closed before its answer came (the database went away,
    /// or the instance gave up on a link that stopped answering).
    case connectionLost

    package var description: String {
        switch self {
        case .badAddress(let address, let reason):
            "'\(address)' is not a PostgreSQL address (\(reason)); use postgres://USER[:PASSWORD]@HOST[:PORT]/DB or postgres://USER@/DB?host=/SOCKET/DIR"
        case .cannotConnect(let address, let reason):
            "cannot connect to \(address): \(reason)"
        case .server(let message):
            "PostgreSQL: \(message)"
        case .targetNotEmpty(let table, let rows):
            "the target already holds a georemind store (\(rows) row(s) in \(table)); migrate copies into an empty database only"
        case .newerSchema(let version):
            "the target's georemind schema (\(version)) is newer than this georemind knows; upgrade georemind"
        case .countMismatch(let table, let source, let copied):
            "the copy of \(table) has \(copied) row(s), the source \(source); nothing was committed"
        case .leaseLost(let partition):
            "partition \(partition) is no longer this instance's (its lease expired and another instance took it); nothing was committed"
        case .conflict(let attempts):
            "other writers changed the same reminders, lists or settings \(attempts) time(s) while this ran; nothing was written, run it again"
        case .timedOut(let seconds):
            "PostgreSQL did not answer within \(Int(seconds)) s; nothing was committed"
        case .connectionLost:
            "the connection to PostgreSQL was lost before it answered; try again shortly"
        case .unreachable:
            "PostgreSQL is unreachable from this instance (its heartbeats fail); nothing was committed, try again shortly"
        case .foreignStateKey(let key, let partition):
            "state key '\(key)' is not partition \(partition)'s; create the evaluator with the store's stateKey (partition-\(partition))"
        }
    }
}

extension SharedStoreError: StoreEngineError {
    package var failure: StoreEngineFailure {
        switch self {
        // The database is away: the request can be made again once it is back.
        case .cannotConnect, .timedOut, .unreachable, .connectionLost: .unavailable
        case .conflict: .conflict
        default: .fault
        }
    }
}
