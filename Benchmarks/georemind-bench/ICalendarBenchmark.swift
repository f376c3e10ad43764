import CivilTime
import Foundation
import GeoReminders
import ICalendar

/// Writes then reads an iCalendar stream of 20 000 Apple-shaped VTODOs (zoned due date, a
/// timed alarm and a location alarm each): the syntax layer's throughput.
let icalendarBenchmark = Benchmark(name: "icalendar") {
    var g = SeededGenerator(seed: 5545)
    var calendar = ICalComponent(
        name: "VCALENDAR",
        properties: [
            ICalProperty(name: "VERSION", value: "2.0"), ICalProperty(name: "PRODID", value: "-//georemind//bench//EN"),
        ])
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    calendar.append(ICalComponent.vtimezone(for: berlin, years: 2026...2027))
    for i in 0..<20_000 {
        let due = CivilDateTime(
            year: 2026, month: .random(in: 1...12, using: &g), day: .random(in: 1...28, using: &g),
            time: TimeOfDay(hour: .random(in: 0...23, using: &g), minute: 0), timeZone: berlin)
        var todo = ICalComponent(
            name: "VTODO",
            properties: [
                ICalProperty(name: "UID", value: "bench-\(i)"),
                ICalProperty(name: "DTSTAMP", utc: Date(timeIntervalSince1970: 1_790_000_000)),
                ICalProperty(name: "SUMMARY", text: "Reminder \(i): pick up the parcel, then café ☕"),
                ICalProperty(name: "DESCRIPTION", text: String(repeating: "Notes; with, escapes\nand lines. ", count: 4)),
                ICalProperty(name: "DUE", date: due),
                ICalProperty(name: "PRIORITY", value: "\(Int.random(in: 0...9, using: &g))"),
            ])
        todo.append(
            ICalComponent(
                name: "VALARM",
                properties: [
                    ICalProperty(name: "ACTION", value: "DISPLAY"),
                    ICalProperty(name: "TRIGGER", durationSeconds: -900, parameters: [ICalParameter(name: "RELATED", value: "END")]),
                ]))
        let place = GeoURI(latitude: .random(in: -60...60, using: &g), longitude: .random(in: -180...180, using: &g))
        todo.append(
            ICalComponent(
                name: "VALARM",
                properties: [
                    ICalProperty(name: "ACTION", value: "DISPLAY"),
                    ICalProperty(name: "X-APPLE-PROXIMITY", value: "ARRIVE"),
                    ICalProperty(
                        name: "X-APPLE-STRUCTURED-LOCATION",
                        parameters: [
                            ICalParameter(name: "VALUE", value: "URI"), ICalParameter(name: "X-APPLE-RADIUS", value: "100"),
                            ICalParameter(name: "X-TITLE", value: "Depot \(i), Hall: B"),
                        ], value: place.text),
                ]))
        calendar.append(todo)
    }
    let (writeSeconds, data) = measure { ICalWriter.data([calendar]) }
    let (readSeconds, roots) = try measure { try ICalReader.components(from: data) }
    let resolver = ICalTimeZoneResolver(calendar: roots[0])
    let (dateSeconds, count) = try measure {
        try roots[0].components(named: "VTODO").reduce(0) { n, todo in
            _ = try todo.property("DUE")!.civilDateTime(resolver: resolver)
            return n + 1
        }
    }
    let mib = Double(data.count) / 1_048_576
    print(String(format: "write: %.3f s (%.1f MiB/s), %.2f MiB, %d todos", writeSeconds, mib / writeSeconds, mib, count))
    print(String(format: "read:  %.3f s (%.1f MiB/s)", readSeconds, mib / readSeconds))
    print(String(format: "DUE -> ReminderDate x%d: %.3f s", count, dateSeconds))
    print(String(format: "peak memory: %.1f MiB", peakMemoryMiB()))
}
