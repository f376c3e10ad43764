import CivilTime
import Foundation
import GeofenceEngine

@testable import GeoReminders

/// Evaluation tests' place: 100 m (radius 0) around central Paris. Along its meridian, a fix
/// `dlat` degrees north is (GeographicLib) 0.0005 → 55.603 m, 0.0008 → 88.966 m,
/// 0.0015 → 166.810 m, 0.005 → 556.035 m from the centre.
let office = StructuredLocation(title: "Office", latitude: 48.8566, longitude: 2.3522)

/// Seconds since 2001 where evaluation streams start (2026-05-08T02:13:20Z).
let streamStart = 800_000_000.0

/// A fix `seconds` after ``streamStart``, `dlat` degrees north of ``office``.
func fixAt(_ seconds: Double, _ dlat: Double, device: String? = nil, accuracy: Double? = nil) -> Fix {
    Fix(
        time: date(streamStart + seconds), latitude: office.latitude + dlat, longitude: office.longitude,
        accuracy: accuracy, device: device)
}

/// Inside (55.6 m), outside (556 m) the office.
let inside = 0.0005, outside = 0.005

/// A reminder created `created` seconds after ``streamStart`` (the tie order), with `alarms`.
func reminder(
    _ n: Int, _ title: String, created: Double = 0, priority: Int = 0, due: CivilDateTime? = nil,
    completed: Bool = false, alarms: [Alarm]
) -> Reminder {
    Reminder(
        id: uuid(n), title: title, priority: priority, dueDate: due, isCompleted: completed,
        creationDate: date(streamStart + created), alarms: alarms)
}

func arriving(_ n: Int, at place: StructuredLocation = office) -> Alarm {
    Alarm(id: uuid(1000 + n), trigger: .location(location: place, proximity: .enter))
}

func leaving(_ n: Int, at place: StructuredLocation = office) -> Alarm {
    Alarm(id: uuid(1000 + n), trigger: .location(location: place, proximity: .leave))
}

func timed(_ n: Int, at seconds: Double) -> Alarm {
    Alarm(id: uuid(1000 + n), trigger: .absolute(date: date(streamStart + seconds)))
}

func store(with reminders: [Reminder], clock: TestClock = TestClock()) throws -> ReminderStore {
    let store = try memoryStore(clock: clock)
    for reminder in reminders { _ = try store.save(reminder) }
    return store
}

/// One line per event: "seconds kind title [distance to 0.1 m] [@device]".
func describe(_ event: AlarmEvent) -> String {
    var line = "\(formatSeconds(event.time.timeIntervalSinceReferenceDate - streamStart)) \(event.kind.rawValue) \(event.reminder.title)"
    if let distance = event.distance { line += String(format: " %.1f", distance) }
    if let device = event.fix?.device { line += " @\(device)" }
    return line
}

private func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
}

/// Runs `fixes` through a new evaluator on `store` and returns the events as ``describe(_:)`` lines,
/// in the order they were handed out, and the summary.
func evaluate(
    _ store: ReminderStore, _ fixes: [Fix], mode: EvaluationMode = .dryRun,
    options: EngineOptions = EngineOptions(), reorderWindow: TimeInterval? = nil,
    floatingZone: TimeZone = TimeZone(identifier: "UTC")!
) throws -> (events: [String], summary: EvaluationSummary) {
    let evaluator = try AlarmEvaluator(
        store: store, options: options, mode: mode, floatingZone: floatingZone,
        reorderWindow: reorderWindow)
    var events: [String] = []
    try evaluator.feed(fixes) { events.append(describe($0)) }
    let summary = try evaluator.finish { events.append(describe($0)) }
    return (events, summary)
}
