import ArgumentParser
import Delivery
import Dispatch
import Foundation
import GeoReminders
import GeoServer
import Logging
import ServerAssembly
import SharedStore
import Synchronization

/// `georemind serve`: the HTTP server location apps post to; reminders fire as fixes arrive.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve OwnTracks, OsmAnd/Traccar, Overland and GPSLogger posts; alarms fire live.")

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The address to listen on.", valueName: "host")) var host = "127.0.0.1"
    @Option(help: ArgumentHelp("The port to listen on (0: any free port, printed on stderr).", valueName: "port"))
    var port = 8080
    @Option(
        name: .customLong("log-level"),
        help: ArgumentHelp(
            "trace, debug, info, notice, warning, error or critical.",
            valueName: "level"))
    var logLevel = "info"
    @Option(
        name: .customLong("late-after"),
        help: ArgumentHelp("An alarm fired by a fix older than this (by the wall clock) is recorded as late.", valueName: "span"))
    var lateAfter = "15m"
    @Flag(name: .customLong("no-deliver"), help: "Do not post events to webhooks here (another process runs `georemind deliver`).")
    var noDeliver = false
    @Option(
        help: ArgumentHelp(
            "Base map tiles for the live page at /, as a URL template (https://tile.example.org/{z}/{x}/{y}.png); none by default.",
            valueName: "template"))
    var tiles: String?
    @Option(
        help: ArgumentHelp(
            "On a postgres:// store: this instance's name among those sharing it (default: HOSTNAME-PID).", valueName: "name"))
    var instance: String?
    @Option(
        help: ArgumentHelp(
            "On a postgres:// store: how long this instance's partition leases last unrenewed (renewed five times within it).",
            valueName: "span"))
    var lease = "8s"
    @Option(
        name: .customLong("idle-timeout"),
        help: ArgumentHelp(
            "Close a connection idle (or still sending its request head) this long.", valueName: "span"))
    var idleTimeout = "30s"
    @Option(
        name: .customLong("request-timeout"),
        help: ArgumentHelp("Close a connection whose request body has not arrived whole this long after its head.", valueName: "span"))
    var requestTimeout = "60s"
    @Option(
        name: .customLong("max-connections"),
        help: ArgumentHelp("Connections open at once; past it new ones wait in the listen backlog.", valueName: "count"))
    var maxConnections = 2048
    @Option(
        name: .customLong("tls-cert"),
        help: ArgumentHelp(
            "Answer HTTPS with this PEM certificate chain (with --tls-key); phones send passwords only over TLS.", valueName: "file"))
    var tlsCertificate: String?
    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "file"))
    var tlsKey: String?
    @OptionGroup var engine: EngineArguments
    @OptionGroup var delivery: DeliveryArguments

    func validate() throws {
        if (tlsCertificate == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        if !(0...65535).contains(port) { throw ValidationError("--port: \(port) is not within 0...65535") }
        if Logger.Level(rawValue: logLevel) == nil { throw ValidationError("--log-level: '\(logLevel)' is not a log level") }
        if maxConnections < 1 { throw ValidationError("--max-connections: \(maxConnections) is not above 0") }
    }

    func run() throws {
        // A parent may start us with signals blocked (threads of libdispatch block them, and a
        // spawned child inherits the mask): unblock the shutdown signals the service group awaits.
        var shutdownSignals = sigset_t()
        sigemptyset(&shutdownSignals)
        sigaddset(&shutdownSignals, SIGTERM)
        sigaddset(&shutdownSignals, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &shutdownSignals, nil)
        var settings = ServerLauncher.Settings()
        if let tlsCertificate, let tlsKey { settings.tls = try ServerTLS(certificateFile: tlsCertificate, keyFile: tlsKey) }
        let scheme = settings.tls == nil ? "http" : "https"
        settings.host = host
        settings.port = port
        settings.engine = try engine.engineOptions()
        settings.tiles = tiles
        settings.lateAfter = try CLIError.reading("--late-after") { try TimeSpan(parsing: lateAfter).seconds }
        settings.leaseSeconds = try CLIError.reading("--lease") { try TimeSpan(parsing: lease).seconds }
        settings.limits.idleSeconds = try positiveSpan("--idle-timeout", idleTimeout)
        settings.limits.requestSeconds = try positiveSpan("--request-timeout", requestTimeout)
        settings.limits.maxConnections = maxConnections
        settings.instance = instance ?? Self.defaultInstance
        var options = try delivery.dispatcherOptions()
        // Done links need a port a phone can reach: with --port 0 only --public-url gives one.
        if options.actionBase == nil, port != 0 {
            let shownHost = host.contains(":") ? "[\(host)]" : host
            options.actionBase = "\(scheme)://\(shownHost):\(port)"
        }
        let dispatcherOptions = options
        let mailer = try delivery.mailer()
        let finder = global.placeFinder()
        let global = global
        settings.places = PlaceDirectory(
            all: {
                try global.loadMapData().annotations.map { place in
                    StructuredLocation(
                        title: place.name, latitude: place.coordinates.latitude, longitude: place.coordinates.longitude,
                        radius: place.radius ?? 0)
                }
            },
            named: finder)
        settings.delivery = noDeliver ? nil : ServerLauncher.DeliverySettings(mailer: mailer, options: dispatcherOptions)
        let store: ServerLauncher.Store =
            switch try global.storeAddress {
            case let .file(path): .file(try global.openStore(), path: path)
            case let .postgres(address): .postgres(address)
            }
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "georemind.serve")
        let failure = Mutex<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let (host, settingsToRun) = (host, settings)
        let announce: @Sendable (Int) async -> Void = { bound in
            FileHandle.standardError.write(Data("georemind serve: listening on \(scheme)://\(host):\(bound)\n".utf8))
        }
        // The command's main() is synchronous: the server runs on the concurrency pool meanwhile.
        Task {
            do {
                try await ServerLauncher.run(store, settings: settingsToRun, logger: logger, onListening: announce)
            } catch {
                failure.withLock { $0 = error }
            }
            done.signal()
        }
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// A span option that must be above zero (a zero timeout would close every connection at once).
    func positiveSpan(_ option: String, _ text: String) throws -> Double {
        let seconds = try CLIError.reading(option) { try TimeSpan(parsing: text).seconds }
        guard seconds > 0 else { throw CLIError.badValue(option: option, message: "'\(text)' is not above 0") }
        return seconds
    }

    /// HOSTNAME-PID: unique among instances on several machines, and on one. `gethostname`, not
    /// Foundation's `hostName`, which may wait on a DNS lookup.
    static var defaultInstance: String {
        var name = [CChar](repeating: 0, count: 256)
        let host =
            gethostname(&name, name.count) == 0
            ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "georemind"
        return "\(host)-\(getpid())"
    }
}
