import Foundation
import GeofenceEngine
import Testing

@testable import GeoReminders

/// A long stream of three devices over twelve places, cut into files at several points: committing
/// the files one after the other hands out exactly the events of one feed of the whole stream.
@Suite struct SplitStreamTests {
    /// 12 places 300 m apart on a meridian (radius 60–170 m), arriving and leaving alarms, and timed alarms.
    func townStore() throws -> ReminderStore {
        var reminders: [Reminder] = []
        for n in 0..<12 {
            let place = StructuredLocation(
                title: "P\(n)", latitude: office.latitude + Double(n) * 0.0027,
                longitude: office.longitude, radius: Double(60 + 10 * n))
            reminders.append(reminder(n + 1, "arrive P\(n)", created: Double(2 * n), alarms: [arriving(2 * n, at: place)]))
            reminders.append(reminder(n + 101, "leave P\(n)", created: Double(2 * n + 1), alarms: [leaving(2 * n + 1, at: place)]))
            reminders.append(reminder(n + 201, "at \(n * 250)", created: Double(100 + n), alarms: [timed(100 + n, at: Double(n * 250))]))
        }
        return try store(with: reminders)
    }

    /// Three devices pacing up and down the meridian at different speeds, fixes every 5 s, merged in time order.
    var stream: [Fix] {
        var fixes: [Fix] = []
        for step in 0..<600 {
            for device in 0..<3 {
                let t = Double(step * 5) + Double(device)
                let phase = (t * Double(device + 1) * 0.004).truncatingRemainder(dividingBy: 2)
                let position = phase < 1 ? phase : 2 - phase  // 0…1 and back
                fixes.append(fixAt(t, -0.002 + position * 0.034, device: "d\(device)"))
            }
        }
        return fixes
    }

    @Test(arguments: [[900], [1, 450, 451, 1799], [300, 600, 900, 1200, 1500]], [false, true])
    func committedFilesContinueOneStream(cuts: [Int], initialTrigger: Bool) throws {
        let options = EngineOptions(hysteresis: 10, initialTrigger: initialTrigger)
        let stream = self.stream
        let whole = try evaluate(townStore(), stream, mode: .commit, options: options)
        #expect(whole.events.count == 36)  // every alarm fires once: 12 arrivals, 12 departures, 12 timed
        let store = try townStore()
        var events: [String] = []
        var admitted = 0
        for (start, end) in zip([0] + cuts, cuts + [stream.count]) {
            let part = try evaluate(store, Array(stream[start..<end]), mode: .commit, options: options)
            events += part.events
            admitted += part.summary.admitted
        }
        #expect(events == whole.events)
        #expect(admitted == stream.count)
    }
}
