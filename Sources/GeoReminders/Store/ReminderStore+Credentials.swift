import Crypto
import Foundation
import GRDB

extension ReminderStore {
    /// Creates a token and returns its secret, which is stored only as a SHA-256 hash: show it once.
    /// - Parameters:
    ///   - account: the account it acts as (nil: the first account).
    ///   - device: pins an ingest token to one device (by name or id) of that account.
    public func createToken(name: String, scope: TokenScope, account: String? = nil, device: String? = nil) throws -> String {
        try Self.checkName(name)
        let account = try self.account(named: account).name
        var bytes = [UInt8](repeating: 0, count: 32)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = generator.next() }
        let secret = "grm_" + bytes.map { String(format: "%02x", $0) }.joined()
        let database = try authorizedDatabase(for: "create a token")
        try database.write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM apiToken WHERE name = ?", arguments: [name]) == true {
                throw CredentialError.duplicateTokenName(name: name)
            }
            var pinned: String?
            if let device {
                pinned = try String.fetchOne(
                    db, sql: "SELECT id FROM device WHERE (name = ? OR id = ?) AND account = ?", arguments: [device, device, account])
                if pinned == nil { throw CredentialError.unknownDevice(name: device) }
            }
            try db.execute(
                sql: "INSERT INTO apiToken (name, scope, hash, createdDate, account, device) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [
                    name, scope.rawValue, Self.tokenHash(secret),
                    configuration.now().timeIntervalSinceReferenceDate, account, pinned,
                ])
        }
        observers.notify(.credentials)
        return secret
    }

    /// The tokens by name.
    public func tokens() throws -> [APIToken] {
        let database = try authorizedDatabase(for: "list tokens")
        return try database.read { db in
            try Row.fetchAll(db, sql: "SELECT name, scope, createdDate, lastUsedDate, account, device FROM apiToken ORDER BY name").map {
                row in
                APIToken(
                    name: row[0], scope: TokenScope(rawValue: row[1]) ?? .ingest,
                    createdDate: Date(timeIntervalSinceReferenceDate: row[2]),
                    lastUsedDate: (row[3] as Double?).map(Date.init(timeIntervalSinceReferenceDate:)),
                    account: row[4] ?? Account.firstName, device: row[5])
            }
        }
    }

    /// The tokens keyed by their hash, for a server to check secrets without a query per request.
    public func tokensByHash() throws -> [Data: APIToken] {
        let database = try authorizedDatabase(for: "read tokens", allowedWith: [.full, .writeOnly])
        return try database.read { db in
            var result: [Data: APIToken] = [:]
            // A disabled account's tokens are not there to find.
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT hash, apiToken.name, scope, apiToken.createdDate, account, device FROM apiToken
                    WHERE account IS NULL OR account IN (SELECT name FROM account WHERE disabledDate IS NULL)
                    """)
            {
                guard let scope = TokenScope(rawValue: row[2]) else { continue }
                result[row[0]] = APIToken(
                    name: row[1], scope: scope, createdDate: Date(timeIntervalSinceReferenceDate: row[3]),
                    account: row[4] ?? Account.firstName, device: row[5])
            }
            return result
        }
    }

    /// Deletes a token: the server refuses it within a second.
    public func revokeToken(name: String) throws {
        let database = try authorizedDatabase(for: "revoke a token")
        try database.write { db in
            try db.execute(sql: "DELETE FROM apiToken WHERE name = ?", arguments: [name])
            if db.changesCount == 0 { throw CredentialError.unknownToken(name: name) }
        }
        observers.notify(.credentials)
    }

    /// Records when tokens were last used and devices last seen (one transaction).
    public func recordUse(tokens: Set<String>, devices: Set<String>, at date: Date) throws {
        guard !tokens.isEmpty || !devices.isEmpty else { return }
        let database = try authorizedDatabase(for: "record token use", allowedWith: [.full, .writeOnly])
        try database.write { db in
            for name in tokens {
                try db.execute(
                    sql: "UPDATE apiToken SET lastUsedDate = ? WHERE name = ?",
                    arguments: [date.timeIntervalSinceReferenceDate, name])
            }
            for id in devices {
                try db.execute(
                    sql: "UPDATE device SET lastSeenDate = ? WHERE id = ?",
                    arguments: [date.timeIntervalSinceReferenceDate, id])
            }
        }
    }

    /// Adds a device; with no id, a random unguessable one (its app's only credential for
    /// OsmAnd and Traccar Client, which send none).
    @discardableResult
    /// `account` is whose it is (nil: the first account).
    public func addDevice(name: String, id: String? = nil, tokenName: String? = nil, account: String? = nil) throws -> Device {
        try Self.checkName(name)
        if let id { try Self.checkName(id) }
        let id = id ?? Self.randomDeviceID()
        let account = try self.account(named: account).name
        let device = Device(id: id, name: name, tokenName: tokenName, createdDate: configuration.now(), account: account)
        let database = try authorizedDatabase(for: "add a device", allowedWith: [.full, .writeOnly])
        try database.write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM device WHERE name = ?", arguments: [name]) == true {
                throw CredentialError.duplicateDevice(name: name)
            }
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM device WHERE id = ?", arguments: [id]) == true {
                throw CredentialError.duplicateDeviceID(id: id)
            }
            try db.execute(
                sql: "INSERT INTO device (id, name, tokenName, createdDate, account) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, name, tokenName, device.createdDate.timeIntervalSinceReferenceDate, account])
        }
        observers.notify(.credentials)
        return device
    }

    /// Adds the devices not yet known, named after their id (those token-authenticated apps name
    /// on first use), to the account of the token that posted for them.
    public func registerDevices(_ devices: [(id: String, tokenName: String)]) throws {
        guard !devices.isEmpty else { return }
        let database = try authorizedDatabase(for: "add a device", allowedWith: [.full, .writeOnly])
        let now = configuration.now().timeIntervalSinceReferenceDate
        try database.write { db in
            for device in devices {
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO device (id, name, tokenName, createdDate, account)
                        VALUES (?1, ?1, ?2, ?3, (SELECT account FROM apiToken WHERE name = ?2))
                        """,
                    arguments: [device.id, device.tokenName, now])
            }
        }
    }

    /// The devices by name.
    public func devices() throws -> [Device] {
        let database = try authorizedDatabase(for: "list devices", allowedWith: [.full, .writeOnly])
        return try database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, tokenName, createdDate, lastSeenDate, account FROM device ORDER BY name").map {
                row in
                Device(
                    id: row[0], name: row[1], tokenName: row[2], createdDate: Date(timeIntervalSinceReferenceDate: row[3]),
                    lastSeenDate: (row[4] as Double?).map(Date.init(timeIntervalSinceReferenceDate:)),
                    account: row[5] ?? Account.firstName)
            }
        }
    }

    /// Removes a device by name: its id is refused from then on.
    public func removeDevice(name: String) throws {
        let database = try authorizedDatabase(for: "remove a device")
        try database.write { db in
            try db.execute(sql: "DELETE FROM device WHERE name = ?", arguments: [name])
            if db.changesCount == 0 { throw CredentialError.unknownDevice(name: name) }
        }
        observers.notify(.credentials)
    }

    /// SHA-256 of a token's secret: tokens are 256 random bits, so a fast unsalted hash is enough
    /// (nothing to brute-force), and lookups stay one dictionary probe.
    public static func tokenHash(_ secret: String) -> Data {
        Data(SHA256.hash(data: Data(secret.utf8)))
    }

    static func randomDeviceID() -> String {
        var generator = SystemRandomNumberGenerator()
        // 20 characters of a 32-letter alphabet: 100 bits, typeable into a phone's settings.
        let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")
        return String((0..<20).map { _ in alphabet[Int(generator.next() % 32)] })
    }

    static func checkName(_ name: String) throws {
        guard (1...64).contains(name.count), name.trimmingCharacters(in: .whitespaces) == name,
            !name.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) })
        else { throw CredentialError.badName(name: name) }
    }
}
