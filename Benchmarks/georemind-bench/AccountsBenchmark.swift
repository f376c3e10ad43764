import Foundation
import GeoReminders
import GeofenceEngine

/// What a person's phone costs the evaluator when the instance has many people: 1,000,000 fixes
/// of 20 phones, each phone its own person's, fed against 1 account with 10 reminders and against
/// 1,000 accounts with 10 reminders each (the 20 walkers among them), spread over the same
/// 50 × 50 km (every tenth reminder also has a time alarm, which fires without a device). A phone fires only its person's alarms either way; the figure is CPU time per fix,
/// the median of three runs taken in turn.
let accountsBenchmark = Benchmark(name: "accounts") {
    var walker = FeedWorkload(reminders: 0, devices: 20, fixes: 1_000_000)
    var fixes: [Fix] = []
    fixes.reserveCapacity(walker.fixCount)
    walker.walk { fixes.append($0) }

    func store(accounts: Int) throws -> ReminderStore {
        let store = try ReminderStore.inMemory()
        for n in 0..<accounts where accounts > 1 { _ = try store.addAccount(name: "p\(n)") }
        var workload = FeedWorkload(reminders: 10 * accounts, devices: 20, fixes: 0)
        try workload.seed(store) { n in accounts > 1 ? "p\(n % accounts)" : nil }
        for device in 0..<20 {
            _ = try store.addDevice(name: "device-\(device)", id: "device-\(device)", account: accounts > 1 ? "p\(device)" : nil)
        }
        return store
    }
    let stores = [(1, try store(accounts: 1)), (1000, try store(accounts: 1000))]
    var cpu: [Int: [Double]] = [:]
    var fired: [Int: Int] = [:]
    for _ in 0..<3 {
        for (accounts, store) in stores {
            let evaluator = try AlarmEvaluator(store: store, mode: .dryRun)
            var events = 0
            let start = threadCPUSeconds()
            try evaluator.feed(fixes) { if $0.kind != .time { events += 1 } }
            cpu[accounts, default: []].append(threadCPUSeconds() - start)
            _ = try evaluator.finish { if $0.kind != .time { events += 1 } }
            fired[accounts] = events
        }
    }
    for (accounts, _) in stores {
        let seconds = cpu[accounts, default: []].median
        print(
            String(
                format: "%4d account(s), %5d reminders: %.0f ns/fix on CPU time (%.2f M fixes/s), %d location alarms fired for the walkers",
                accounts, 10 * accounts, seconds / Double(fixes.count) * 1e9, Double(fixes.count) / seconds / 1e6, fired[accounts] ?? 0))
    }
    print(String(format: "1,000 accounts cost %.2fx one account per fix", cpu[1000, default: []].median / cpu[1, default: []].median))
}
