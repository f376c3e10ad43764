import Foundation
import GeoReminders
import PostgresNIO

/// Tokens and devices on PostgreSQL, as ``ReminderStore``'s credential methods read and write
/// them on SQLite (the same tables and meanings).
package enum SharedCredentials {
    /// The tokens keyed by their SHA-256 hash (``ReminderStore/tokenHash(_:)``).
    package static func tokensByHash(on db: PostgresConnection) async throws -> [Data: APIToken] {
        do {
            var tokens: [Data: APIToken] = [:]
            let rows = try await db.query(
                """
                SELECT hash, name, scope, createdDate, account, device FROM apiToken
                WHERE account IS NULL OR account IN (SELECT name FROM account WHERE disabledDate IS NULL)
                """, logger: PostgresSession.logger)
            for try await (hash, name, scope, created, account, device) in rows.decode(
                (ByteBuffer, String, String, Double, String?, String?).self)
            {
                guard let scope = TokenScope(rawValue: scope) else { continue }
                tokens[Data(hash.readableBytesView)] = APIToken(
                    name: name, scope: scope, createdDate: Date(timeIntervalSinceReferenceDate: created),
                    account: account ?? Account.firstName, device: device)
            }
            return tokens
        } catch {
            throw PostgresSession.translate(error)
        }
    }

    /// The ids added with `device add` (not those first seen with a token): OsmAnd's credential.
    package static func registeredDevices(on db: PostgresConnection) async throws -> Set<String> {
        do {
            var devices: Set<String> = []
            let rows = try await db.query("SELECT id FROM device WHERE tokenName IS NULL", logger: PostgresSession.logger)
            for try await id in rows.decode(String.self) { devices.insert(id) }
            return devices
        } catch {
            throw PostgresSession.translate(error)
        }
    }

    /// Every device's account, by device id (``GeoReminders/DeviceClaim``).
    package static func deviceOwners(on db: PostgresConnection) async throws -> [String: String] {
        do {
            var owners: [String: String] = [:]
            let rows = try await db.query("SELECT id, account FROM device WHERE account IS NOT NULL", logger: PostgresSession.logger)
            for try await (id, account) in rows.decode((String, String).self) { owners[id] = account }
            return owners
        } catch {
            throw PostgresSession.translate(error)
        }
    }

    /// Records when tokens were last used and devices last seen, as ``ReminderStore/recordUse(tokens:devices:at:)``.
    package static func recordUse(tokens: Set<String>, devices: Set<String>, at date: Date, on db: PostgresConnection) async throws {
        let seconds = date.timeIntervalSinceReferenceDate
        do {
            if !tokens.isEmpty {
                try await db.query(
                    "UPDATE apiToken SET lastUsedDate = \(seconds) WHERE name = ANY(\(Array(tokens)))", logger: PostgresSession.logger)
            }
            if !devices.isEmpty {
                try await db.query(
                    "UPDATE device SET lastSeenDate = \(seconds) WHERE id = ANY(\(Array(devices)))", logger: PostgresSession.logger)
            }
        } catch {
            throw PostgresSession.translate(error)
        }
    }

    /// Adds the devices not yet known, named after their id, as ``ReminderStore/registerDevices(_:)``.
    package static func registerDevices(_ devices: [(id: String, tokenName: String)], on db: PostgresConnection) async throws {
        guard !devices.isEmpty else { return }
        let now = Date().timeIntervalSinceReferenceDate
        do {
            try await db.query(
                """
                INSERT INTO device (id, name, tokenName, createdDate, account)
                SELECT t.id, t.id, t.tokenName, \(now), apiToken.account
                FROM unnest(\(devices.map(\.id)), \(devices.map(\.tokenName))) AS t(id, tokenName)
                LEFT JOIN apiToken ON apiToken.name = t.tokenName
                ON CONFLICT DO NOTHING
                """, logger: PostgresSession.logger)
        } catch {
            throw PostgresSession.translate(error)
        }
    }
}
