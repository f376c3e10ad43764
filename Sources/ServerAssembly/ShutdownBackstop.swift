import Dispatch
import Foundation

/// Ends the process when a graceful stop takes longer than ``seconds`` after SIGTERM or SIGINT.
///
/// The service group stops its services in order and cancels them after
/// ``ServerGroup/gracefulStopSeconds``; a thread blocked on a database that no longer answers
/// can still outlive both, and an operator's SIGTERM must end the process all the same (a
/// supervisor would otherwise wait, then SIGKILL). What was committed is durable either way.
final class ShutdownBackstop {
    let sources: [any DispatchSourceSignal]

    init(seconds: Double, queue: DispatchQueue = DispatchQueue(label: "georemind.shutdown-backstop")) {
        sources = [SIGTERM, SIGINT].map { signal in
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler {
                queue.asyncAfter(deadline: .now() + seconds) {
                    FileHandle.standardError.write(
                        Data("error: serve did not stop within \(Int(seconds)) s of the signal; exiting\n".utf8))
                    _exit(1)
                }
            }
            source.resume()
            return source
        }
    }

    /// Ends the process after `seconds` with `message` on stderr, whatever is still running: armed
    /// when a service fails (the HTTP server cannot listen), since the group then cancels the rest
    /// and waits for each to end, with no signal to arm the watch above.
    static func exit(after seconds: Double, message: String) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            FileHandle.standardError.write(Data((message + "\n").utf8))
            _exit(1)
        }
    }

    /// Stops watching, once the group has stopped.
    func cancel() {
        for source in sources { source.cancel() }
    }
}
