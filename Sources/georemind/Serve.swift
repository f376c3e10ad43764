import ArgumentParser
import Dispatch
import Foundation
import GeoServer
import Logging
import Synchronization

/// `georemind serve`: the HTTP server location apps post to; reminders fire as fixes arrive.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve OwnTracks, OsmAnd/Traccar, Overland and GPSLogger posts; alarms fire live.")

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The address to listen on.", valueName: "host")) var host = "127.0.0.1"
    @Option(help: ArgumentHelp("The port to listen on (0: any free port, printed on stderr).", valueName: "port"))
    var port = 8080
    @Option(name: .customLong("log-level"), help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.",
                                                               valueName: "level"))
    var logLevel = "info"
    @OptionGroup var engine: EngineArguments

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port: \(port) is not within 0...65535") }
        if Logger.Level(rawValue: logLevel) == nil { throw ValidationError("--log-level: '\(logLevel)' is not a log level") }
    }

    func run() throws {
        // A parent may start us with signals blocked (threads of libdispatch block them, and a
        // spawned child inherits the mask): unblock the shutdown signals the service group awaits.
        var shutdownSignals = sigset_t()
        sigemptyset(&shutdownSignals)
        sigaddset(&shutdownSignals, SIGTERM)
        sigaddset(&shutdownSignals, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &shutdownSignals, nil)
        let options = try engine.engineOptions()
        let store = try global.openStore()
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "georemind.serve")
        let failure = Mutex<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let (host, port, path) = (host, port, global.storePath)
        // The command's main() is synchronous: the server runs on the concurrency pool meanwhile.
        Task {
            do {
                try await ServerLauncher.run(store: store, storePath: path, host: host, port: port, options: options,
                                             logger: logger) { bound in
                    FileHandle.standardError.write(Data("georemind serve: listening on http://\(host):\(bound)\n".utf8))
                }
            } catch {
                failure.withLock { $0 = error }
            }
            done.signal()
        }
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
