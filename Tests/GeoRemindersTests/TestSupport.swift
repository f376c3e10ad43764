import CivilTime
import Foundation
import Synchronization

@testable import GeoReminders

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let seconds: Mutex<Double>
    init(_ start: Double = 800_000_000) { seconds = Mutex(start) }
    var now: Date { Date(timeIntervalSinceReferenceDate: seconds.withLock { $0 }) }
    func advance(_ delta: Double) { seconds.withLock { $0 += delta } }
}

func configuration(clock: TestClock = TestClock(), locale: String = "en_US") -> StoreConfiguration {
    var configuration = StoreConfiguration()
    configuration.now = { clock.now }
    configuration.locale = Locale(identifier: locale)
    configuration.floatingTimeZone = TimeZone(identifier: "UTC")!
    return configuration
}

func memoryStore(clock: TestClock = TestClock(), access: AccessLevel = .full) throws -> ReminderStore {
    try ReminderStore.inMemory(access: access, configuration: configuration(clock: clock))
}

/// Deterministic identifiers: `uuid(1)` is 00000000-0000-0000-0000-000000000001.
func uuid(_ n: Int) -> String {
    let hex = String(n, radix: 16)
    return "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - hex.count) + hex
}

func date(_ seconds: Double) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }

let paris = TimeZone(identifier: "Europe/Paris")!

/// A due date for reminders that need one to be valid (a rule, a relative alarm) in tests that never read it.
let anyDueDate = CivilDateTime(year: 2026, month: 1, day: 1)
