import ArgumentParser
import Foundation
import GeoReminders
import MapData
import SharedStore
import Synchronization

/// `--store` and `--map-data`, which every command that touches them includes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The store file (default: $GEOREMIND_STORE, else $XDG_DATA_HOME/georemind/store.sqlite, else ~/.local/share/georemind/store.sqlite).",
            valueName: "path"))
    var store: String?

    @Option(
        name: .customLong("map-data"),
        help: ArgumentHelp(
            "The places file (default: $GEOREMIND_MAP_DATA, else the bundled Fixtures/MapData.json).",
            valueName: "file"))
    var mapData: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Act as this account (default: $GEOREMIND_ACCOUNT, else the store's first account).", valueName: "name"))
    var account: String?

    /// The account the command acts as, as the option or the environment names it; nil for the
    /// store's first account.
    var accountName: String? {
        if let account, !account.isEmpty { return account }
        if let name = ProcessInfo.processInfo.environment["GEOREMIND_ACCOUNT"], !name.isEmpty { return name }
        return nil
    }

    /// The account the command acts as, checked against the store: it exists and is enabled.
    func actor(in store: ReminderStore) throws -> String {
        let account = try store.account(named: accountName)
        if account.isDisabled { throw PeopleError.disabledAccount(name: account.name) }
        return account.name
    }

    /// The store file path, as the option, the environment or the XDG default names it.
    var storePath: String {
        let environment = ProcessInfo.processInfo.environment
        if let store, !store.isEmpty { return store }
        if let path = environment["GEOREMIND_STORE"], !path.isEmpty { return path }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            dataHome = xdg
        } else {
            dataHome = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return dataHome + "/georemind/store.sqlite"
    }

    /// The store the options name, a file or a PostgreSQL database: parsed once here, so each
    /// command switches on the engine rather than testing the text again.
    var storeAddress: StoreAddress {
        get throws { try StoreAddress(parsing: storePath) }
    }

    /// Runs `body` on the store the options name: the SQLite file (see ``openStore(readOnly:)``),
    /// or a PostgreSQL store's working copies, closed when `body` returns.
    func withStore<T>(readOnly: Bool = false, _ body: (any StoreAccess) throws -> T) throws -> T {
        guard case let .postgres(address) = try storeAddress else { return try body(try openStore(readOnly: readOnly)) }
        let configuration = Self.storeConfiguration(readOnly: readOnly)
        let workspace = try AsyncCommand.value { try await SharedWorkspace.open(address, configuration: configuration) }
        defer { try? AsyncCommand.run { await workspace.close() } }
        return try body(workspace)
    }

    /// Opens the store file, creating its folder when missing; a command that only reads opens an
    /// existing file `readOnly` and changes no byte of it. Commands that also run on PostgreSQL go
    /// through ``withStore(readOnly:_:)``.
    func openStore(readOnly: Bool = false) throws -> ReminderStore {
        // Never taken for a file name: that would make a folder named "postgres:" here.
        guard case let .file(path) = try storeAddress else { throw CLIError.storeFileRequired(address: storePath) }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CLIError.cannotCreateFolder(path: folder.path)
        }
        return try ReminderStore(path: path, configuration: Self.storeConfiguration(readOnly: readOnly))
    }

    private static func storeConfiguration(readOnly: Bool) -> StoreConfiguration {
        var configuration = StoreConfiguration()
        configuration.readOnly = readOnly
        configuration.unreadableReminder = Self.warnOnce
        return configuration
    }

    /// The store `deliver` sends from: the file, or a PostgreSQL store whose deliveries this
    /// process shares with every other instance delivering from it.
    func openDeliveryStore() async throws -> any DeliveryStore {
        guard case let .postgres(address) = try storeAddress else { return try openStore() }
        return try await SharedDelivery.open(address)
    }

    /// Runs `body` on the delivery store (``openDeliveryStore()``), closed when it returns.
    func withDeliveryStore<T: Sendable>(_ body: (any DeliveryStore) async throws -> T) async throws -> T {
        let store = try await openDeliveryStore()
        do {
            let result = try await body(store)
            await (store as? SharedDelivery)?.close()
            return result
        } catch {
            await (store as? SharedDelivery)?.close()
            throw error
        }
    }

    /// One `warning:` line on stderr per reminder the store cannot read back; the command goes on.
    private static let warnOnce: @Sendable (String, String) -> Void = {
        let warned = Mutex<Set<String>>([])
        return { id, reason in
            guard warned.withLock({ $0.insert(id).inserted }) else { return }
            FileHandle.standardError.write(
                Data("warning: reminder \(id) is left out: \(reason); `georemind delete \(id)` removes it\n".utf8))
        }
    }()

    /// The places file named by the option or the environment, else the one in the source tree.
    func loadMapData() throws -> MapDataCatalog {
        let environment = ProcessInfo.processInfo.environment
        if let mapData, !mapData.isEmpty { return try MapDataCatalog(contentsOf: URL(fileURLWithPath: mapData)) }
        if let path = environment["GEOREMIND_MAP_DATA"], !path.isEmpty {
            return try MapDataCatalog(contentsOf: URL(fileURLWithPath: path))
        }
        let bundled = Self.bundledMapData
        guard FileManager.default.fileExists(atPath: bundled.path) else {
            throw CLIError.noMapData(bundledPath: bundled.path)
        }
        return try MapDataCatalog(contentsOf: bundled)
    }

    /// `Fixtures/MapData.json` of the source tree this binary was built from.
    static let bundledMapData = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/MapData.json")
}
