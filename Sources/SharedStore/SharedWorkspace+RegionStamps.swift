import Foundation
import GeoReminders
import PostgresNIO

/// The region catalogue's stamp on PostgreSQL, by three small queries instead of a working copy.
extension SharedWorkspace: RegionStamps {
    package func regionStamp() throws -> RegionStamp {
        do {
            return try connections.with { db in
                try db.blockingTransaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
                    var reminders: [Double] = []
                    for row in try db.blockingQuery(SharedReminders.fingerprintQuery) {
                        let (count, modified, completed, number) = try row.decode((Double, Double, Double, Double).self)
                        reminders = [count, modified, completed, number]
                    }
                    let people = try SharedPeople.read(devices: false) { try db.blockingQuery($0) }
                    return RegionStamp(reminders: reminders, accounts: people.accounts, listMembers: people.listMembers)
                }
            }
        } catch {
            throw PostgresSession.translate(error)
        }
    }
}
