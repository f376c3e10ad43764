import Foundation
import Synchronization

/// A progress line with fixes/s on stderr, drawn only when stderr is a terminal and only once
/// a run has taken more than `delay` seconds; erased at the end. Safe to advance from the threads
/// that decide fixes (it is told per batch, not per fix, there).
final class ProgressLine: Sendable {
    private struct State {
        var count = 0
        var nextCheck = 65_536
        var lastDraw = Date.distantPast
        var drawn = false
    }

    private let total: Int?
    private let enabled = isatty(STDERR_FILENO) == 1
    private let start = Date()
    private let delay: TimeInterval = 2
    private let state = Mutex(State())

    init(total: Int? = nil) {
        self.total = total
    }

    /// Counts `fixes` fixes; looks at the clock only every 64 Ki fixes.
    func advance(by fixes: Int = 1) {
        guard enabled else { return }
        state.withLock { state in
            state.count += fixes
            guard state.count >= state.nextCheck else { return }
            state.nextCheck = state.count + 65_536
            let now = Date()
            guard now.timeIntervalSince(start) > delay, now.timeIntervalSince(state.lastDraw) > 0.2 else { return }
            state.lastDraw = now
            draw(count: state.count, now: now)
            state.drawn = true
        }
    }

    private func draw(count: Int, now: Date) {
        let rate = Double(count) / max(now.timeIntervalSince(start), 1e-9)
        var text = "\r\(count) fixes, \(Int(rate)) fixes/s"
        if let total, total > 0 {
            let width = 30
            let filled = min(width, count * width / total)
            text =
                "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
                + "] " + text.dropFirst()
        }
        FileHandle.standardError.write(Data((text + "\u{1B}[K").utf8))
    }

    /// Erases the line, so the summary starts a clean line.
    func finish() {
        if state.withLock({ $0.drawn }) { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
