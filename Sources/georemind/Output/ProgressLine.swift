import Foundation

/// A progress line with fixes/s on stderr, drawn only when stderr is a terminal and only once
/// a run has taken more than `delay` seconds; erased at the end.
final class ProgressLine {
    private let total: Int?
    private let enabled = isatty(STDERR_FILENO) == 1
    private let start = Date()
    private let delay: TimeInterval = 2
    private var count = 0
    private var nextCheck = 65_536
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(total: Int? = nil) {
        self.total = total
    }

    /// Counts one fix; looks at the clock only every 64 Ki fixes.
    func advance() {
        count += 1
        guard enabled, count >= nextCheck else { return }
        nextCheck = count + 65_536
        let now = Date()
        guard now.timeIntervalSince(start) > delay, now.timeIntervalSince(lastDraw) > 0.2 else { return }
        lastDraw = now
        draw(now)
    }

    private func draw(_ now: Date) {
        let rate = Double(count) / max(now.timeIntervalSince(start), 1e-9)
        var text = "\r\(count) fixes, \(Int(rate)) fixes/s"
        if let total, total > 0 {
            let width = 30
            let filled = min(width, count * width / total)
            text = "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
                + "] " + text.dropFirst()
        }
        FileHandle.standardError.write(Data((text + "\u{1B}[K").utf8))
        drawn = true
    }

    /// Erases the line, so the summary starts a clean line.
    func finish() {
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
