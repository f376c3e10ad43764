import ArgumentParser
import Foundation
import GeoReminders
import GeofenceEngine
import TraceFormats

/// `georemind feed TRACE...`: streams trace files through the alarm evaluator and prints the
/// alarms that fire; commits the fired state unless `--dry-run`.
struct Feed: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run location traces through the reminders' alarms and print those that fire.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("Trace files (gpx, csv, geojson, nmea, ndjson, optionally gzipped); - is standard input.",
                                 valueName: "trace"))
    var traces: [String]
    @Option(help: ArgumentHelp("The traces' format: gpx, csv, geojson, nmea or ndjson (default: from the file).",
                               valueName: "format"))
    var format: String?
    @Option(help: ArgumentHelp("The device of fixes that name none.", valueName: "name")) var device: String?
    @Flag(name: .customLong("dry-run"), help: "Print what would fire; write nothing to the store.") var dryRun = false
    @Flag(help: "Print one JSON object per event, and the summary as JSON.") var json = false
    @Option(name: .customLong("late-after"),
            help: ArgumentHelp("An alarm fired by a fix older than this (by the wall clock) is recorded as late.", valueName: "span"))
    var lateAfter = "15m"
    @OptionGroup var engine: EngineArguments

    func validate() throws {
        if traces.isEmpty { throw ValidationError("Missing expected argument '<trace> ...'") }
        if let format, TraceFormat(rawValue: format.lowercased()) == nil {
            throw ValidationError("--format: '\(format)' is not gpx, csv, geojson, nmea or ndjson")
        }
        if traces.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
    }

    func run() throws {
        let options = try engine.engineOptions()
        let late = try CLIError.reading("--late-after") { try TimeSpan(parsing: lateAfter).seconds }
        let store = try global.openStore()
        let evaluator = try AlarmEvaluator(store: store, options: options, mode: dryRun ? .dryRun : .commit, lateAfter: late)
        let report = EvaluationReport(json: json)
        let progress = ProgressLine()
        let readOptions = TraceReadOptions(defaultDevice: device)
        let emit = report.print
        var skips = TraceSkips()
        for path in traces {
            let reader = TraceReader(path: path, format: format.flatMap { TraceFormat(rawValue: $0.lowercased()) },
                                     options: readOptions)
            skips.add(try reader.read { fix in
                progress.advance()
                try evaluator.feed(fix, emit: emit)
            })
        }
        progress.finish()
        let summary = try evaluator.finish(emit: emit)
        try report.printSummary(summary, skips: skips)
    }
}
