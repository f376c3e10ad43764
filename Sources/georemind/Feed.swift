import ArgumentParser
import FixStreams
import Foundation
import GeoReminders
import GeofenceEngine
import SharedStore
import TraceFormats

/// `georemind feed TRACE...`: streams trace files through the alarm evaluator and prints the
/// alarms that fire; commits the fired state unless `--dry-run`.
struct Feed: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Run location traces through the reminders' alarms and print those that fire.")

    @OptionGroup var global: GlobalOptions
    @Argument(
        help: ArgumentHelp(
            "Trace files (gpx, csv, geojson, nmea, ndjson, optionally gzipped); - is standard input.",
            valueName: "trace"))
    var traces: [String]
    @Option(
        help: ArgumentHelp(
            "The traces' format: gpx, csv, geojson, nmea or ndjson (default: from the file).",
            valueName: "format"))
    var format: String?
    @Option(help: ArgumentHelp("The device of fixes that name none.", valueName: "name")) var device: String?
    @Flag(name: .customLong("dry-run"), help: "Print what would fire; write nothing to the store.") var dryRun = false
    @Flag(help: "Print one JSON object per event, and the summary as JSON.") var json = false
    @Option(
        help: ArgumentHelp(
            "Threads to read and decide fixes on (default: one per core); the output is the same for any number.",
            valueName: "count"))
    var threads: Int?
    @Flag(
        help:
            "Print each event as soon as it is certain (when a later fix has been read), not at the end; for `tail -f log | georemind feed - --follow`."
    )
    var follow = false
    @Option(
        name: .customLong("reorder-window"),
        help: ArgumentHelp(
            "With --follow: how long past an event to wait for other devices' late fixes (default 0s); fixes older than the newest by more are dropped as out-of-order.",
            valueName: "duration"))
    var reorderWindow: String?
    @Option(
        name: .customLong("late-after"),
        help: ArgumentHelp("An alarm fired by a fix older than this (by the wall clock) is recorded as late.", valueName: "span"))
    var lateAfter = "15m"
    @OptionGroup var engine: EngineArguments
    @OptionGroup var output: OutputZone

    func validate() throws {
        if traces.isEmpty { throw ValidationError("Missing expected argument '<trace> ...'") }
        if let format, TraceFormat(rawValue: format.lowercased()) == nil {
            throw ValidationError("--format: '\(format)' is not gpx, csv, geojson, nmea or ndjson")
        }
        if traces.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads: \(threads) is not within 1...256") }
        if reorderWindow != nil && !follow { throw ValidationError("--reorder-window needs --follow") }
        if follow, let threads, threads > 1 { throw ValidationError("--follow decides fixes on one thread; drop --threads") }
        if follow, !dryRun, case .postgres = try? global.storeAddress {
            // It would hold one transaction open for as long as it follows.
            throw ValidationError(
                "--follow records into a PostgreSQL store only through `georemind serve`; add --dry-run, or post the fixes to serve")
        }
    }

    func run() throws {
        let options = try engine.engineOptions()
        let late = try CLIError.reading("--late-after") { try TimeSpan(parsing: lateAfter).seconds }
        // Following, events are released once certain and committed at once (checkpoint interval 0);
        // the pipeline's batches would hold them back, so one thread decides.
        let threads = follow ? 1 : threads ?? ProcessInfo.processInfo.activeProcessorCount
        let readers = traces.map { path in
            TraceReader(
                path: path, format: format.flatMap { TraceFormat(rawValue: $0.lowercased()) },
                options: TraceReadOptions(defaultDevice: device, requiresTimedFix: true, follow: follow))
        }
        // On several threads the traces are read from now on, while the store opens and the
        // evaluator loads the reminders and builds its engines; CSV rows are parsed on every thread.
        let reading =
            threads > 1
            ? AlarmEvaluator.startReading(shards: threads, producer: { sink in try readers.map { try $0.read(into: sink) } }) : nil
        defer { reading?.cancel() }
        try global.withStore(readOnly: dryRun) { access in
            if dryRun {
                // The reminders as they are now: nothing is written, so nothing is held open meanwhile.
                try feed(
                    from: try access.reading([.reminders, .credentials]) { $0 }, readers: readers, reading: reading, options: options,
                    late: late)
            } else {
                // Printed as it goes, so run once: a conflicting writer fails it with nothing recorded.
                try access.writing([.reminders, .credentials, .evaluation, .outboxAppends], retrying: false) { store in
                    try feed(from: store, readers: readers, reading: reading, options: options, late: late)
                }
            }
        }
    }

    private func feed(
        from store: ReminderStore, readers: [TraceReader], reading: FixReading<[TraceReadReport]>?, options: EngineOptions,
        late: TimeInterval
    ) throws {
        let window =
            try reorderWindow.map { text in
                try CLIError.reading("--reorder-window") { try TimeSpan(parsing: text).seconds }
            } ?? 0
        let evaluator = try AlarmEvaluator(
            store: store, options: options, mode: dryRun ? .dryRun : .commit,
            reorderWindow: follow ? window : nil, checkpointInterval: 0, shards: reading?.consumers ?? 1,
            lateAfter: late, account: try global.actor(in: store))
        let report = EvaluationReport(json: json, timeZone: try output.zone(), flushesEachEvent: follow)
        let progress = ProgressLine()
        let emit: (AlarmEvent) throws -> Void = report.print
        var skips = TraceSkips()
        if let reading {
            // Read on a thread of its own while the evaluator's shards decide devices on every core.
            let reports = try evaluator.feedInParallel(reading, progress: { progress.advance(by: $0) })
            for read in reports { skips.add(read) }
        } else {
            for reader in readers {
                skips.add(
                    try reader.read { fix in
                        progress.advance()
                        try evaluator.feed(fix, emit: emit)
                    })
            }
        }
        progress.finish()
        // The events of a whole run come at once: formatted on every thread the run used.
        let summary = try evaluator.finishInBatches { events in try report.print(events, threads: reading?.consumers ?? 1) }
        try report.printSummary(summary, skips: skips)
        LeftToExit.keep(evaluator)
    }
}
