import CivilTime
import Foundation
import GRDB
import Synchronization

/// People's reminders and lists in one SQLite file, with EventKit's operations: save and
/// remove (batched with `commit:`), fetch with predicates, change notifications, access levels.
///
/// Safe to share between tasks: GRDB serializes writes; the held batch sits behind a mutex.
/// Several processes may open one file (WAL mode; writers wait up to `busyTimeout`).
public final class ReminderStore: Sendable {
    public let access: AccessLevel
    /// The file, or nil for an in-memory store.
    public let path: String?
    let configuration: StoreConfiguration

    /// The zone floating dates (no zone of their own) are read in, for filters typed as dates.
    public var floatingTimeZone: TimeZone { configuration.floatingTimeZone }
    /// Nil when access is `.none`: such a store never touches its file.
    let database: (any DatabaseWriter)?
    let titleKeys: TitleSortKey
    /// Saves and removals held by `commit: false` until `commit()`.
    let pending = Mutex<[PendingChange]>([])
    /// The default list as last read; new reminders without a list go there.
    let cachedDefaultListID = Mutex<String>("")
    let observers = ChangeObservers()

    /// Opens the store at `path`, creating it when missing. Refuses, without writing to it,
    /// a file that is not a georemind store or was written by a newer georemind.
    public convenience init(
        path: String, access: AccessLevel = .full,
        configuration: StoreConfiguration = StoreConfiguration()
    ) throws {
        guard access != .none else {
            self.init(database: nil, path: path, access: access, configuration: configuration)
            return
        }
        // A store not created yet is created as by any first use; an existing file is only read.
        if configuration.readOnly, let size = StoreFile.size(path: path), size > 0 {
            let database = try Self.openForReading(path: path, configuration: configuration)
            self.init(database: database, path: path, access: access, configuration: configuration)
            try prepare(path: path, migrates: false)
            return
        }
        // Processes opening a new file at once take turns: creating and migrating is one step.
        let lock = try StoreFile.lock(path: path)
        defer { lock.unlock() }
        try StoreFile.checkIsStoreOrAbsent(path: path)
        // Refused before a writing connection opens: setting up WAL writes to the file.
        if let size = StoreFile.size(path: path), size > 0 {
            try Self.openForReading(path: path, configuration: configuration, upgrading: false).close()
        }
        var config = Configuration()
        config.busyMode = .timeout(configuration.busyTimeout)
        config.prepareDatabase { db in
            // SQLite's default 2 MB page cache makes a 100k-row batch re-read index pages from
            // disk; memory-mapped reads spare listings a system call per page. 16 KiB pages
            // (taken only by a file that has none yet: the first connection runs this before
            // GRDB turns WAL on) make the B-trees shallower and the commit fewer frames.
            try db.execute(sql: "PRAGMA page_size = 16384; PRAGMA cache_size = -65536; PRAGMA mmap_size = 1073741824")
        }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: config)
        } catch {
            throw StoreError.cannotOpen(path: path, reason: "\(error)")
        }
        self.init(database: pool, path: path, access: access, configuration: configuration)
        try prepare(path: path)
    }

    /// A store that lives in memory for the life of the value: for tests and previews.
    public static func inMemory(
        access: AccessLevel = .full,
        configuration: StoreConfiguration = StoreConfiguration()
    ) throws -> ReminderStore {
        guard access != .none else {
            return ReminderStore(database: nil, path: nil, access: access, configuration: configuration)
        }
        let store = ReminderStore(database: try DatabaseQueue(), path: nil, access: access, configuration: configuration)
        try store.prepare(path: ":memory:")
        return store
    }

    /// An empty in-memory store to load another engine's rows into (``loadSnapshot(_:generatedKeys:)``):
    /// a copy of one schema made once per process, since running every migration cost more than a
    /// small store's whole working copy. Its default list is the template's until rows replace it.
    /// The template is this process's own migrated schema, so the copy is not checked against the
    /// migrations again (that check was an eighth of a PostgreSQL API call's CPU), and a writer
    /// adopts the settings of the rows it loads (``adoptStoredSettings()``).
    public static func workingCopy(configuration: StoreConfiguration = StoreConfiguration()) throws -> ReminderStore {
        let queue = try DatabaseQueue()
        try emptySchema.get().backup(to: queue)
        let store = ReminderStore(database: queue, path: nil, access: .full, configuration: configuration)
        try store.prepare(path: ":memory:", migrates: false)
        return store
    }

    /// The migrated, empty schema ``workingCopy(configuration:)`` copies.
    private static let emptySchema = Result {
        let queue = try DatabaseQueue()
        try StoreSchema.migrator.migrate(queue)
        try queue.write { db in
            for trigger in StoreSchema.keptRenderingTriggers { try db.execute(sql: "DROP TRIGGER \(trigger)") }
        }
        return queue
    }

    /// The file opened read-only. A file of an older schema is upgraded once, by a writing open,
    /// when it can be written.
    /// - Parameter upgrading: false to refuse a newer schema only, leaving an older one to the caller.
    private static func openForReading(path: String, configuration: StoreConfiguration, upgrading: Bool = true) throws
        -> DatabaseQueue
    {
        try StoreFile.checkIsStoreOrAbsent(path: path)
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(configuration.busyTimeout)
        func open() throws -> DatabaseQueue {
            do {
                return try DatabaseQueue(path: path, configuration: config)
            } catch let error as DatabaseError
                where error.resultCode == .SQLITE_READONLY || error.resultCode == .SQLITE_CANTOPEN
            {
                // A WAL file whose -shm is absent and cannot be made (a folder the user may not
                // write: another user's store, a read-only mount, a backup) opens only as
                // immutable (<https://www.sqlite.org/wal.html#readonly>). With no -wal file
                // everything committed is in the file itself, so nothing is missed.
                guard let immutable = StoreFile.immutableURI(path: path) else {
                    throw StoreError.cannotOpen(path: path, reason: "\(error)")
                }
                do {
                    return try DatabaseQueue(path: immutable, configuration: config)
                } catch {
                    throw StoreError.cannotOpen(path: path, reason: "\(error)")
                }
            } catch {
                throw StoreError.cannotOpen(path: path, reason: "\(error)")
            }
        }
        var queue = try open()
        let migrator = StoreSchema.migrator
        let upToDate = try queue.read { db in
            if try migrator.hasBeenSuperseded(db) { throw StoreError.newerSchema(path: path) }
            return try migrator.hasCompletedMigrations(db)
        }
        if !upToDate, upgrading {
            guard FileManager.default.isWritableFile(atPath: path) else { throw StoreError.olderSchemaReadOnly(path: path) }
            try queue.close()
            var writing = configuration
            writing.readOnly = false
            _ = try ReminderStore(path: path, configuration: writing)
            queue = try open()
        }
        return queue
    }

    private init(
        database: (any DatabaseWriter)?, path: String?, access: AccessLevel,
        configuration: StoreConfiguration
    ) {
        self.database = database
        self.path = path
        self.access = access
        self.configuration = configuration
        self.titleKeys = TitleSortKey(locale: configuration.locale)
    }

    /// Migrates the schema, then rebuilds the keys that depend on this opener's configuration:
    /// title keys when the sort locale changed, floating due keys when the floating zone changed.
    /// A file opened read-only is left as it is (`migrates` false): its keys stay as written.
    private func prepare(path: String, migrates: Bool = true) throws {
        guard let database else { return }
        guard migrates else {
            let defaultListID = try database.read { db in
                try String.fetchOne(db, sql: "SELECT value FROM storeInfo WHERE key = 'defaultListID'") ?? ""
            }
            cachedDefaultListID.withLock { $0 = defaultListID }
            return
        }
        let migrator = StoreSchema.migrator
        let upToDate = try database.read { db in
            if try migrator.hasBeenSuperseded(db) { throw StoreError.newerSchema(path: path) }
            return try migrator.hasCompletedMigrations(db)
        }
        if !upToDate {
            do {
                try migrator.migrate(database)
            } catch {
                // Another process may have created the schema between the check and the write.
                guard try database.read(migrator.hasCompletedMigrations) else { throw error }
            }
        }
        try adoptStoredSettings()
    }

    /// Reads the store's settings: the default list, and the locale and zone its keys were made
    /// for, rebuilding title and floating due keys made for others than this opener's (as a file
    /// opened for writing does; a working copy about to write calls it once its rows are loaded).
    public func adoptStoredSettings() throws {
        guard let database else { return }
        let localeID = titleKeys.locale.identifier
        let zoneID = configuration.floatingTimeZone.identifier
        let (defaultListID, storedLocale, storedZone) = try database.read { db in
            (
                try String.fetchOne(db, sql: "SELECT value FROM storeInfo WHERE key = 'defaultListID'") ?? "",
                try String.fetchOne(db, sql: "SELECT value FROM storeInfo WHERE key = 'sortLocale'"),
                try String.fetchOne(db, sql: "SELECT value FROM storeInfo WHERE key = 'floatingZone'")
            )
        }
        cachedDefaultListID.withLock { $0 = defaultListID }
        if storedLocale != localeID {
            try database.write { db in try self.rebuildTitleKeys(db, localeID: localeID) }
        }
        // A store without the row was keyed with floating dates read as UTC: rebuild those too.
        if storedZone != zoneID {
            try database.write { db in try self.rebuildFloatingDueKeys(db, zoneID: zoneID) }
        }
    }

    /// The keys of `storeInfo` that hold the store's own settings; the others are each account's
    /// (`defaultListID:NAME`). A setting added to the store is added here, or an account's working
    /// copy goes without it (`WorkingCopyTablesTests` compares them).
    static let storeSettingKeys = ["defaultListID", "sortLocale", "floatingZone", "actionKey"]

    /// Whether the stored keys were made for this opener's locale and floating zone, so that
    /// adopting the settings rebuilds nothing: a copy holding some of the rows can then write.
    public func storedSettingsAreCurrent() throws -> Bool {
        guard let database else { return true }
        let (locale, zone) = try database.read { db in
            (
                try String.fetchOne(db, sql: "SELECT value FROM storeInfo WHERE key = 'sortLocale'"),
                try String.fetchOne(db, sql: "SELECT value FROM storeInfo WHERE key = 'floatingZone'")
            )
        }
        return locale == titleKeys.locale.identifier && zone == configuration.floatingTimeZone.identifier
    }

    private func rebuildFloatingDueKeys(_ db: Database, zoneID: String) throws {
        let update = try db.makeStatement(sql: "UPDATE reminder SET dueKey = ? WHERE id = ?")
        let zone = configuration.floatingTimeZone
        let rows = try Row.fetchAll(db, sql: "SELECT id, dueDate FROM reminder WHERE dueDate IS NOT NULL AND dueTimeZone IS NULL")
        for row in rows {
            guard let due = CivilDateTime(storageText: row[1], timeZoneIdentifier: nil) else { continue }
            try update.execute(arguments: [due.sortKey(floatingZone: zone), row[0] as String])
        }
        try db.execute(sql: "INSERT OR REPLACE INTO storeInfo VALUES ('floatingZone', ?)", arguments: [zoneID])
    }

    private func rebuildTitleKeys(_ db: Database, localeID: String) throws {
        let update = try db.makeStatement(sql: "UPDATE reminder SET titleKey = ? WHERE id = ?")
        let rows = try Row.fetchAll(db, sql: "SELECT id, title FROM reminder")
        for row in rows {
            try update.execute(arguments: [titleKeys.key(row[1]), row[0] as String])
        }
        try db.execute(sql: "INSERT OR REPLACE INTO storeInfo VALUES ('sortLocale', ?)", arguments: [localeID])
    }

    /// The database for an operation `access` allows, or the refusal.
    func authorizedDatabase(for operation: String, allowedWith levels: Set<AccessLevel> = [.full]) throws -> any DatabaseWriter {
        guard let database, levels.contains(access) else {
            throw StoreError.accessDenied(operation: operation, access: access)
        }
        return database
    }
}
