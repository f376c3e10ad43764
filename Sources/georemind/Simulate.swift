import ArgumentParser
import CivilTime
import Foundation
import GeoReminders
import GeofenceEngine
import MapData
import TraceFormats

/// `georemind simulate --from PLACE --to PLACE`: a simulated trip run through the alarms without
/// writing, to check *leave work* reminders before the drive home.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Simulate a trip between places and print the alarms it would fire (writes nothing).")

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Where the trip starts (a place).", valueName: "place")) var from: String?
    @Option(help: ArgumentHelp("Where it ends (a place).", valueName: "place")) var to: String?
    @Option(help: ArgumentHelp("A place to pass on the way (repeatable, in order).", valueName: "place")) var via: [String] = []
    @Option(
        help: ArgumentHelp(
            "A GPX route or track whose points the trip follows, instead of --from/--to.",
            valueName: "file.gpx"))
    var route: String?
    @Option(help: ArgumentHelp("When the trip leaves (default: now).", valueName: "date")) var depart: String?
    @Option(help: ArgumentHelp("Travelling speed: 5km/h, 30mph, 1.4m/s (default 5km/h).", valueName: "speed"))
    var speed = "5km/h"
    @Option(help: ArgumentHelp("Time between fixes (default 30s).", valueName: "duration")) var interval = "30s"
    @Option(help: ArgumentHelp("Time spent at the origin before leaving (default 5m).", valueName: "duration"))
    var linger = "5m"
    @Option(help: ArgumentHelp("Standard deviation of the position error (default 0).", valueName: "length"))
    var noise = "0"
    @Option(help: "Seed of the noise, so runs repeat (default 0).") var seed: UInt64 = 0
    @Option(name: .customLong("write-trace"), help: ArgumentHelp("Also write the simulated fixes as GPX.", valueName: "file.gpx"))
    var writeTrace: String?
    @Flag(help: "Print one JSON object per event, and the summary as JSON.") var json = false
    @OptionGroup var engine: EngineArguments
    @OptionGroup var output: OutputZone

    func validate() throws {
        if route == nil && (from == nil || to == nil) {
            throw ValidationError("name the trip with --from PLACE --to PLACE, or --route FILE.gpx")
        }
        if route != nil && (from != nil || to != nil || !via.isEmpty) {
            throw ValidationError("use --route FILE.gpx or --from/--via/--to, not both")
        }
    }

    func run() throws {
        let departure =
            try depart.map { text in
                try CLIError.reading("--depart") { try CivilDateTime(iso8601: text, timeZone: .current).instant() }
            } ?? Date()
        let metresPerSecond = try CLIError.reading("--speed") { try Speed(parsing: speed).metresPerSecond }
        let step = try CLIError.reading("--interval") { try TimeSpan(parsing: interval).seconds }
        let wait = try CLIError.reading("--linger") { try TimeSpan(parsing: linger).seconds }
        let sigma = try CLIError.reading("--noise") { try Length(parsing: noise).metres }
        let waypoints = try self.waypoints()
        let plan = try TripPlan(
            route: waypoints, departure: departure, speed: metresPerSecond, interval: step,
            linger: wait, noise: sigma, seed: seed)
        let store = try global.withStore(readOnly: true) { access in try access.reading([.reminders, .credentials]) { $0 } }
        let evaluator = try AlarmEvaluator(
            store: store, options: try engine.engineOptions(), mode: .dryRun,
            stateKey: "simulate", account: try global.actor(in: store))
        let report = EvaluationReport(json: json, timeZone: try output.zone())
        let writer = try writeTrace.map { try GPXTraceWriter(path: $0, name: "georemind simulate") }
        let progress = ProgressLine(total: plan.fixCount)
        for fix in plan.fixes {
            progress.advance()
            try writer?.write(fix)
            try evaluator.feed(fix, emit: report.print)
        }
        progress.finish()
        try writer?.finish()
        try report.printSummary(try evaluator.finish(emit: report.print))
    }

    /// The places of the trip in order, or the points of the route file.
    private func waypoints() throws -> [Coordinate] {
        if let route {
            var points: [Coordinate] = []
            try TraceReader(path: route, format: .gpx, options: TraceReadOptions(includeRoutePoints: true, includeWaypoints: false))
                .read { points.append($0.coordinate) }
            return points
        }
        let catalog = try global.loadMapData()
        return try ([from!] + via + [to!]).map { name in
            guard let place = catalog.annotation(named: name) else { throw CLIError.unknownPlace(name: name) }
            return Coordinate(latitude: place.coordinates.latitude, longitude: place.coordinates.longitude)
        }
    }
}
