import Foundation
import GeoReminders
import PostgresNIO

/// New devices on PostgreSQL: one insert each, by key, in one transaction, instead of a working
/// copy of every device and token. As on SQLite: named after their id, the token's account, and a
/// device someone else registered meanwhile is left as it is.
extension SharedWorkspace: DeviceRegistry {
    package func registerDevices(_ devices: [(id: String, tokenName: String)]) throws {
        guard !devices.isEmpty else { return }
        let now = configuration.now().timeIntervalSinceReferenceDate
        do {
            try connections.with { db in
                try db.blockingTransaction(begin: "BEGIN") {
                    for device in devices {
                        try db.blockingQuery(
                            """
                            INSERT INTO device (id, name, tokenName, createdDate, account)
                            VALUES (\(device.id), \(device.id), \(device.tokenName), \(now),
                                (SELECT account FROM apiToken WHERE name = \(device.tokenName)))
                            ON CONFLICT DO NOTHING
                            """)
                    }
                }
            }
        } catch {
            throw PostgresSession.translate(error)
        }
    }
}
