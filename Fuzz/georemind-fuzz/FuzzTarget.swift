import CivilTime
import Foundation
import GeoReminders
import ICalendar
import MapData
import TraceFormats

/// One parser or decoder a stranger's bytes reach, run on one input. A target may throw (a typed
/// error is the right answer to bad input); crashing, hanging or exhausting memory is the bug
/// libFuzzer looks for.
struct FuzzTarget: Sendable {
    let name: String
    /// Files or folders under `Fixtures/` whose contents seed the corpus; inputs that once
    /// crashed a target are kept in `Fixtures/fuzz/crashes/<name>/` and replayed by `make test`.
    let seeds: [String]

    /// `Fixtures/` of the source tree this binary was built from.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The seed paths and the kept crashes, as paths.
    var corpus: [String] {
        (seeds + ["fuzz/crashes/\(name)"]).map { Self.fixtures.appendingPathComponent($0).path }
    }
    let run: @Sendable (Data) throws -> Void

    static let all: [FuzzTarget] = [
        FuzzTarget(name: "trace", seeds: ["traces", "cli"], run: readTrace),
        FuzzTarget(name: "sniff", seeds: ["traces"]) { data in _ = TraceFormat.sniff(data) },
        FuzzTarget(name: "icalendar", seeds: ["ical"]) { data in _ = try ICalReader.components(from: data) },
        FuzzTarget(name: "vtodo", seeds: ["ical"], run: importVTODOs),
        FuzzTarget(name: "rrule", seeds: ["fuzz/rrule"], run: expandRule),
        FuzzTarget(name: "values", seeds: ["fuzz/values"]) { data in
            // The values people type on the command line: lengths, spans, speeds, dates.
            let text = String(decoding: data, as: UTF8.self)
            _ = try? Length(parsing: text)
            _ = try? TimeSpan(parsing: text)
            _ = try? Speed(parsing: text)
            _ = try? ReminderDate(iso8601: text, timeZone: nil)
            _ = try? RecurrenceRule(shorthand: text)
        },
        FuzzTarget(name: "mapdata", seeds: ["MapData.json"]) { data in _ = try MapDataCatalog(data: data, file: "fuzz") },
    ]

    /// Every reader through the sniffer, gzip included: the bytes go through a file, as `feed` reads them.
    private static func readTrace(_ data: Data) throws {
        let path = scratch.appendingPathComponent("input").path
        try data.write(to: URL(fileURLWithPath: path))
        _ = try TraceReader(path: path).read { _ in }
    }

    /// The VTODO and VALARM decoders and the reminder rules, in a dry-run import into memory.
    private static func importVTODOs(_ data: Data) throws {
        _ = try store.importICalendar(data, fileName: "fuzz.ics", options: ICalendarImportOptions(dryRun: true))
    }

    /// The RRULE reader, then the expander over a bounded preview from a fixed start.
    private static func expandRule(_ data: Data) throws {
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        let rule = try RecurrenceRule(rrule: text)
        let start = ReminderDate(
            year: 2026, month: 1, day: 31, time: TimeOfDay(hour: 2, minute: 30),
            timeZone: TimeZone(identifier: "America/New_York"))
        _ = rule.preview(from: start, count: 50)
    }

    private static let scratch: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("georemind-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// One store for every input: a dry-run import writes nothing to it.
    private static let store = try! ReminderStore.inMemory()
}
