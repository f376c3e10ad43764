import CivilTime
import Foundation
import GeoReminders

/// 20 000 reminders (zoned or all-day due dates, a third with a location alarm, a third with a
/// relative alarm, some repeating) exported from a store as VTODOs, imported into a fresh store,
/// then imported again (every reminder unchanged).
let interchangeBenchmark = Benchmark(name: "interchange") {
    var g = SeededGenerator(seed: 9074)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("georemind-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = try ReminderStore(path: directory.appendingPathComponent("source.sqlite").path)
    let zones = ["Europe/Berlin", "America/New_York", "Asia/Tokyo"].compactMap(TimeZone.init(identifier:))
    let weekly = try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=MO", fromCompletion: true)
    for i in 0..<20_000 {
        let allDay = Int.random(in: 0..<4, using: &g) == 0
        let due = CivilDateTime(
            year: 2026, month: .random(in: 1...12, using: &g), day: .random(in: 1...28, using: &g),
            time: allDay ? nil : TimeOfDay(hour: .random(in: 0...23, using: &g), minute: 0),
            timeZone: zones[i % zones.count])
        var alarms: [Alarm] = []
        switch i % 3 {
        case 0: alarms.append(.relative(-900))
        case 1:
            let place = StructuredLocation(
                title: "Place \(i)", latitude: .random(in: -60...60, using: &g),
                longitude: .random(in: -180...180, using: &g), radius: 150)
            alarms.append(.location(place, .enter))
        default: break
        }
        try source.save(
            Reminder(
                title: "Reminder \(i): pick up the parcel, then café ☕",
                notes: i % 2 == 0 ? "Notes; with, escapes\nand lines." : nil,
                priority: .random(in: 0...9, using: &g), dueDate: due,
                recurrenceRules: i % 10 == 0 ? [weekly] : [], alarms: alarms), commit: false)
    }
    try source.commit()
    let (exportSeconds, data) = try measure { try source.exportICalendar() }
    let target = try ReminderStore(path: directory.appendingPathComponent("target.sqlite").path)
    let (importSeconds, report) = try measure { try target.importICalendar(data, fileName: "bench.ics") }
    let (reimportSeconds, again) = try measure { try target.importICalendar(data, fileName: "bench.ics") }
    print("export 20000 reminders: \(String(format: "%.2f", exportSeconds)) s, \(data.count / 1024) KiB")
    print("import: \(String(format: "%.2f", importSeconds)) s, created \(report.created.count)")
    print("re-import: \(String(format: "%.2f", reimportSeconds)) s, unchanged \(again.unchanged.count)")
    print("peak memory: \(String(format: "%.0f", peakMemoryMiB())) MiB")
}
