import Foundation
import GeoReminders

/// 100,000 reminders over ten lists, a fifth of them completed during 2026: each of the list
/// filters of `georemind list` alone, sorted by priority, as the command asks the store.
let listingBenchmark = Benchmark(name: "listing") {
    let count = 100_000
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("georemind-listing-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try ReminderStore(path: directory.appendingPathComponent("store.sqlite").path)

    var lists: [ReminderList] = []
    for n in 0..<10 { lists.append(try store.save(ReminderList(title: "List \(n)"))) }
    var generator = SeededGenerator(seed: 11)
    for (n, var reminder) in storeWorkload(count: count).enumerated() {
        reminder.listID = lists[n % lists.count].id
        // The store refuses a relative alarm without a due date.
        if reminder.dueDate == nil { reminder.alarms.removeAll { $0.geofence == nil } }
        if Int.random(in: 0..<5, using: &generator) == 0 {
            // 2026-01-01T00:00:00Z plus up to a year.
            reminder.completionDate = Date(
                timeIntervalSinceReferenceDate: 788_918_400 + Double.random(in: 0..<31_536_000, using: &generator))
        }
        try store.save(reminder, commit: false)
    }
    try store.commit()

    let utc = TimeZone(identifier: "UTC")!
    func instant(_ month: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar.date(from: DateComponents(year: 2026, month: month, day: 1))!
    }
    let march = instant(3)..<instant(4)
    let cases: [(String, ReminderPredicate)] = [
        ("--list 'List 3'", ReminderPredicate(listIDs: [lists[3].id], completion: .incomplete)),
        ("--due-after 2026-03-01 --due-before 2026-04-01", ReminderPredicate(completion: .incomplete, dueRange: march)),
        (
            "--completed-after 2026-03-01 --completed-before 2026-04-01",
            ReminderPredicate(completion: .completed, completionRange: march)
        ),
        ("--search café", ReminderPredicate(completion: .incomplete, titleContains: "café")),
        ("--min-priority high", ReminderPredicate(completion: .incomplete, minimumPriorityLevel: .high)),
        ("--min-priority medium", ReminderPredicate(completion: .incomplete, minimumPriorityLevel: .medium)),
        ("--priority high", ReminderPredicate(completion: .incomplete, priorityLevel: .high)),
        ("(no filter: every incomplete reminder)", ReminderPredicate(completion: .incomplete)),
    ]
    // The same rows without the priority sort: what ordering adds.
    let unsorted: [(String, ReminderPredicate, ReminderSort)] = [
        ("--min-priority high --sort creation", ReminderPredicate(completion: .incomplete, minimumPriorityLevel: .high), .creationDate)
    ]
    for (label, predicate, sort) in cases.map({ ($0.0 + " --sort priority", $0.1, ReminderSort.priority) }) + unsorted {
        var times: [Double] = []
        var cpuTimes: [Double] = []
        var found = 0
        for _ in 0..<5 {
            let cpu = processCPUSeconds()
            let (seconds, listed) = try measure { try store.reminders(matching: predicate, sortedBy: sort) }
            cpuTimes.append(processCPUSeconds() - cpu)
            times.append(seconds)
            found = listed.count
        }
        times.sort()
        cpuTimes.sort()
        print(
            String(
                format: "list %@: %d rows, median %.1f ms wall (%.1f–%.1f), median %.1f ms CPU",
                label, found, times[2] * 1000, times[0] * 1000, times[4] * 1000, cpuTimes[2] * 1000))
    }
    print(String(format: "peak memory %.0f MiB", peakMemoryMiB()))
}
