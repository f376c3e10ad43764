import FixStreams
import GeofenceEngine

/// A run of whole CSV lines copied off the input, parsed as a job on some pipeline thread; what it
/// recorded (skips with lines counted from its start, fix counts) is read once the jobs ran.
///
/// `@unchecked Sendable`: `parse()` runs once, on one thread, and is the only writer; the reader
/// reads the results after ``GeofenceEngine/FixSink/awaitJobs()``, whose lock orders the two.
final class CSVChunk: @unchecked Sendable {
    /// Emptied once parsed: the reader keeps every chunk's report until the end, not its bytes.
    private var bytes: [UInt8]
    private let layout: CSVLayout
    private let options: TraceReadOptions
    private(set) var report: TraceReadReport
    private(set) var counts = FixCounts()
    /// Lines in the run, blank ones included.
    private(set) var lines = 0

    init(bytes: [UInt8], layout: CSVLayout, options: TraceReadOptions, report: TraceReadReport) {
        self.bytes = bytes
        self.layout = layout
        self.options = options
        self.report = report.emptied()
    }

    /// About how many fixes the run holds (a row of a typical trace is over 40 bytes).
    var expectedFixes: Int { bytes.count / 40 }

    /// Appends the run's fixes to `fixes` in order; lines end at `\n` (a `\r` before it is
    /// dropped), the last may not.
    func parse(into fixes: inout RoutedFixes) {
        var rows = CSVRowParser(layout: layout, options: options, numbersDevices: true, expectedRows: expectedFixes)
        var report = self.report
        var counts = FixCounts()
        var lines = 0
        bytes.withUnsafeBufferPointer { all in
            TraceInput.forEachLine(in: all) { line in
                lines += 1
                if !ByteClass.trimmed(line).isEmpty, let fix = rows.fix(from: line, line: lines, report: &report) {
                    report.fixes += 1
                    counts.count(fix)
                    fixes.append(fix, device: rows.deviceNumber)
                }
            }
        }
        self.report = report
        self.counts = counts
        self.lines = lines
        bytes = []
    }
}
