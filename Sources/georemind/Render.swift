import ArgumentParser
import Foundation
import GeoReminders
import GeofenceEngine
import MapRendering
import TraceFormats

/// `georemind render TRACE... --output FILE.svg|FILE.html`: the replay `feed --dry-run` would
/// print, drawn: places, tracks, refused fixes and the alarms that fired.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a replay of traces as an SVG picture or an HTML page (the same evaluation as feed --dry-run).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("Trace files (as feed reads them); - is standard input.", valueName: "trace"))
    var traces: [String]
    @Option(name: .shortAndLong, help: ArgumentHelp("The picture to write: FILE.svg or FILE.html.", valueName: "file"))
    var output: String
    @Option(help: ArgumentHelp("The traces' format (default: from the file).", valueName: "format")) var format: String?
    @Option(help: ArgumentHelp("The device of fixes that name none.", valueName: "name")) var device: String?
    @Option(help: ArgumentHelp("The picture's width in pixels.", valueName: "pixels")) var width = 1200
    @Option(help: ArgumentHelp("The picture's title (default: the traces' names).", valueName: "text")) var title: String?
    @Option(help: ArgumentHelp("metric or imperial scale bar (default: from the locale).", valueName: "units")) var units: String?
    @OptionGroup var engine: EngineArguments
    @OptionGroup var zone: OutputZone

    func validate() throws {
        if traces.isEmpty { throw ValidationError("Missing expected argument '<trace> ...'") }
        if !(200...20_000).contains(width) { throw ValidationError("--width: \(width) is not within 200...20000") }
        if let units, !["metric", "imperial"].contains(units.lowercased()) {
            throw ValidationError("--units: '\(units)' is not metric or imperial")
        }
        let suffix = URL(fileURLWithPath: output).pathExtension.lowercased()
        if suffix != "svg" && suffix != "html" { throw ValidationError("--output: '\(output)' must end in .svg or .html") }
        if let format, TraceFormat(rawValue: format.lowercased()) == nil {
            throw ValidationError("--format: '\(format)' is not gpx, csv, geojson, nmea or ndjson")
        }
    }

    func run() throws {
        let options = try engine.engineOptions()
        let store = try global.withStore(readOnly: true) { access in try access.reading([.reminders, .credentials]) { $0 } }
        let evaluator = try AlarmEvaluator(store: store, options: options, mode: .dryRun)
        let imperial = units.map { $0.lowercased() == "imperial" } ?? (Locale.current.measurementSystem == .us)
        var scene = ReplayScene(
            title: title ?? traces.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", "),
            hysteresis: options.hysteresis, timeZone: try zone.zone(), imperial: imperial)
        var admitted = 0
        for path in traces {
            let reader = TraceReader(
                path: path, format: format.flatMap { TraceFormat(rawValue: $0.lowercased()) },
                options: TraceReadOptions(defaultDevice: device, requiresTimedFix: true))
            _ = try reader.read { fix in
                let disposition = try evaluator.admit(fix)
                if disposition == .admitted { admitted += 1 }
                scene.add(fix, disposition)
            }
        }
        guard admitted > 0 else {
            throw CLIError.badValue(option: "trace", message: "no fix of \(traces.joined(separator: ", ")) was admitted; nothing to draw")
        }
        _ = try evaluator.finish { event in scene.add(event) }
        let reminders = try store.reminders(matching: ReminderPredicate(completion: .incomplete), sortedBy: .creationDate)
        let svg = SVGMap(scene: scene.scene(reminders: reminders), width: Double(width))
        let text = URL(fileURLWithPath: output).pathExtension.lowercased() == "html" ? try HTMLMap(svg: svg).text() : try svg.text()
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            throw CLIError.cannotWrite(path: output, reason: (error as NSError).localizedDescription)
        }
    }
}
