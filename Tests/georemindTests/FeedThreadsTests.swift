import Foundation
import GeofenceEngine
import Testing
import TraceFormats

/// `feed` prints the same bytes whatever `--threads` says: the reader, the batches handed between
/// threads and the shards' merged events must give exactly what one thread feeding fix by fix gives,
/// on a many-device trace with ties, duplicates, late fixes and unusable records.
@Suite struct FeedThreadsTests {
    let sandbox: CLISandbox
    let trace: String

    init() throws {
        sandbox = try CLISandbox()
        // 12 places on a 4 × 3 grid about 300 m apart, arriving and leaving in turn.
        for n in 0..<12 {
            _ = try sandbox.add(
                "Place \(n)", "--latitude", String(format: "%.5f", 47.37 + Double(n / 4) * 0.003),
                "--longitude", String(format: "%.5f", 8.54 + Double(n % 4) * 0.004), "--radius", String(60 + n * 15),
                "--when", n % 2 == 0 ? "arriving" : "leaving", "--priority", String(n % 10))
        }
        _ = try sandbox.add("Timed", "--alarm", "2026-11-24T10:30:00Z")
        trace = sandbox.folder.appendingPathComponent("fleet.csv").path
        try Self.fleetCSV(devices: 20, steps: 600).write(toFile: trace, atomically: true, encoding: .utf8)
    }

    /// 20 devices and their twins wandering over the grid, a fix each every 5 s at the same
    /// instants (events tie on time across devices); some fixes are repeated (duplicates), some arrive late, some have bad
    /// coordinates, one device has no name (the default device). More than one batch a shard.
    static func fleetCSV(devices: Int, steps: Int) -> String {
        var random = SplitMix64(seed: 7)
        var positions = (0..<devices).map { _ in (47.367 + random.nextUnit() * 0.012, 8.537 + random.nextUnit() * 0.018) }
        var lines = ["time,device,latitude,longitude"]
        let start = 1_795_514_400.0  // 2026-11-24T10:00:00Z
        for step in 0..<steps {
            for device in 0..<devices {
                positions[device].0 += (random.nextUnit() - 0.5) * 0.0008
                positions[device].1 += (random.nextUnit() - 0.5) * 0.0011
                let name = device == 0 ? "" : "device-\(device)"
                var line = String(format: "%.3f,%@,%.6f,%.6f", start + Double(step) * 5, name, positions[device].0, positions[device].1)
                switch random.next() % 97 {
                case 0: line = String(format: "%.3f,%@,95.0,8.5", start + Double(step) * 5, name)
                case 1: lines.append(line)  // the same record twice: a duplicate
                case 2 where step > 3:  // a late fix: out of order for its device
                    lines.append(String(format: "%.3f,%@,47.37,8.54", start + Double(step - 3) * 5, name))
                default: break
                }
                lines.append(line)
                // A twin 2 m north at the same instants: its events tie with its device's on
                // time, kind and alarm, and wherever the two are decided, the stream order must
                // pick the device's (their distances differ).
                lines.append(
                    String(
                        format: "%.3f,twin-%d,%.6f,%.6f", start + Double(step) * 5, device, positions[device].0 + 0.000018,
                        positions[device].1))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func everyThreadCountPrintsWhatOneThreadPrints() throws {
        let one = try sandbox.run(["feed", trace, "--json", "--dry-run", "--threads", "1"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.split(separator: "\n").count == 13, "every alarm fires once: \(one.stdout)")
        #expect(one.stderr.contains(#""duplicate":"#) && !one.stderr.contains(#""duplicate":0"#), "\(one.stderr)")
        #expect(one.stderr.contains(#""out-of-order":"#) && !one.stderr.contains(#""out-of-order":0"#), "\(one.stderr)")
        for threads in ["2", "3", "4", "7"] {
            #expect(try sandbox.run(["feed", trace, "--json", "--dry-run", "--threads", threads]) == one, "--threads \(threads)")
        }
        // Readable output too, and committing on three threads prints what the dry run printed.
        #expect(
            try sandbox.run(["feed", trace, "--dry-run", "--threads", "3"])
                == sandbox.run(["feed", trace, "--dry-run", "--threads", "1"]))
        #expect(try sandbox.run(["feed", trace, "--json", "--threads", "3"]) == one)
    }

    /// Over a thousand events, formatted on every thread (`feed` prints a whole run's events at once):
    /// the same bytes in the same order as one thread prints, as JSON and as readable lines.
    @Test func manyEventsPrintTheSameOnEveryThread() throws {
        let sandbox = try CLISandbox()
        // 1,200 places 40 m across on a 40 × 30 grid about 100 m apart, imported in one file.
        var calendar = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//georemind tests//EN"]
        for n in 0..<1_200 {
            let latitude = 47.37 + Double(n / 40) * 0.0009, longitude = 8.54 + Double(n % 40) * 0.0013
            calendar += [
                "BEGIN:VTODO", "UID:place-\(n)", "DTSTAMP:20261126T000000Z",
                String(format: "CREATED:20261126T%02d%02d%02dZ", n / 3600, n / 60 % 60, n % 60), "SUMMARY:Place \(n)",
                "BEGIN:VALARM", "UID:alarm-\(n)", "ACTION:DISPLAY", "DESCRIPTION:Place \(n)",
                "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "PROXIMITY:ARRIVE", "BEGIN:VLOCATION", "UID:location-\(n)",
                "NAME:Place \(n)", String(format: "URL:geo:%.6f,%.6f;u=40", latitude, longitude), "END:VLOCATION",
                "END:VALARM", "END:VTODO",
            ]
        }
        calendar.append("END:VCALENDAR")
        let places = sandbox.folder.appendingPathComponent("places.ics").path
        try (calendar.joined(separator: "\r\n") + "\r\n").write(toFile: places, atomically: true, encoding: .utf8)
        #expect(try sandbox.run(["import", places]).status == 0)
        // One walker a row, west to east in 20 m steps, all at the same instants: every place fires.
        var lines = ["time,device,latitude,longitude"]
        for step in 0..<220 {
            for row in 0..<30 {
                let longitude = 8.5385 + Double(step) * 0.00026
                lines.append(
                    String(
                        format: "%.0f,walker-%d,%.6f,%.6f", 1_795_514_400 + Double(step) * 10, row, 47.37 + Double(row) * 0.0009, longitude)
                )
            }
        }
        let walks = sandbox.folder.appendingPathComponent("walks.csv").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: walks, atomically: true, encoding: .utf8)
        for form in [["--json"], []] {
            let one = try sandbox.run(["feed", walks, "--dry-run", "--threads", "1"] + form)
            #expect(one.status == 0, "\(one.stderr)")
            #expect(one.stdout.split(separator: "\n").count == 1_200, "every place fires once")
            for threads in ["2", "3"] {
                #expect(try sandbox.run(["feed", walks, "--dry-run", "--threads", threads] + form) == one, "--threads \(threads) \(form)")
            }
        }
    }

    /// A dry run hands its events 8,192 at a time: 9,300 timed alarms come in two batches, and the
    /// second (its events numbered from 8,192) prints on every thread as one thread prints it.
    @Test func eventsBeyondOneBatchPrintTheSameOnEveryThread() throws {
        let sandbox = try CLISandbox()
        var calendar = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//georemind tests//EN"]
        for n in 0..<9_300 {
            let at = String(format: "20261126T%02d%02d%02dZ", n / 3600, n / 60 % 60, n % 60)
            calendar += [
                "BEGIN:VTODO", "UID:task-\(n)", "DTSTAMP:20261126T000000Z", "CREATED:\(at)", "SUMMARY:Task \(n)",
                "BEGIN:VALARM", "UID:alarm-\(n)", "ACTION:DISPLAY", "DESCRIPTION:Task \(n)",
                "TRIGGER;VALUE=DATE-TIME:\(at)", "END:VALARM", "END:VTODO",
            ]
        }
        calendar.append("END:VCALENDAR")
        let tasks = sandbox.folder.appendingPathComponent("tasks.ics").path
        try (calendar.joined(separator: "\r\n") + "\r\n").write(toFile: tasks, atomically: true, encoding: .utf8)
        #expect(try sandbox.run(["import", tasks]).status == 0)
        // Two fixes three hours apart: the span they cover holds every alarm's time.
        let trace = sandbox.folder.appendingPathComponent("span.csv").path
        try "time,device,latitude,longitude\n1795651200,phone,47.37,8.54\n1795662000,phone,47.37,8.54\n"
            .write(toFile: trace, atomically: true, encoding: .utf8)
        for form in [["--json"], []] {
            let one = try sandbox.run(["feed", trace, "--dry-run", "--threads", "1"] + form)
            #expect(one.status == 0, "\(one.stderr)")
            #expect(one.stdout.split(separator: "\n").count == 9_300, "every alarm fires once")
            #expect(try sandbox.run(["feed", trace, "--dry-run", "--threads", "2"] + form) == one, "--threads 2 \(form)")
        }
    }
}
