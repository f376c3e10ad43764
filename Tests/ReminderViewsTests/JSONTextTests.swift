import CivilTime
import Foundation
import GeoReminders
import GeofenceEngine
import ReminderViews
import Testing
import TraceFormats

/// `JSONText` writes by hand what `JSONEncoder` (sorted keys, slashes unescaped) writes: the same
/// bytes for thousands of generated reminders and events, awkward text and numbers included.
struct JSONTextTests {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Text with every character class JSON escapes, slashes, and multi-byte characters.
    private static let pieces = [
        "a", "Z", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{01}",
        "\u{1F}", "\u{7F}", "é", "東京", "🗺️", "👩‍👩‍👧", "\u{2028}", "</script>",
    ]
    private static let numbers: [Double] = [
        0, 1, -1, 0.1, 100, 1e-7, 123_456.789, 48.856_6, -33.9, 2.352_2,
        1e15, 1e16, 1.5e300, -0.000_001, .leastNonzeroMagnitude, 12_345_678.9,
    ]

    private struct Generator {
        var random: SplitMix64

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        mutating func chance(_ p: Double) -> Bool { random.nextUnit() < p }
        mutating func number() -> Double { numbers[int(0...numbers.count - 1)] * (chance(0.5) ? 1 : Double(int(1...999))) }
        mutating func text() -> String { (0..<int(0...12)).map { _ in pieces[int(0...pieces.count - 1)] }.joined() }
        mutating func instant() -> Date { Date(timeIntervalSince1970: Double(int(-2_000_000_000...4_000_000_000))) }
        mutating func day() -> CivilDateTime {
            CivilDateTime(
                year: int(1...9999), month: int(1...12), day: int(1...28),
                time: chance(0.5) ? nil : TimeOfDay(hour: int(0...23), minute: int(0...59), second: int(0...59)),
                timeZone: chance(0.5) ? nil : TimeZone(identifier: ["UTC", "Europe/Paris", "Asia/Kolkata"][int(0...2)]))
        }

        mutating func alarm() -> Alarm {
            var alarm: Alarm
            switch int(0...2) {
            case 0: alarm = .absolute(instant())
            case 1: alarm = .relative(-number())
            default:
                alarm = .location(
                    StructuredLocation(
                        title: text(), latitude: number().truncatingRemainder(dividingBy: 90),
                        longitude: number().truncatingRemainder(dividingBy: 180),
                        radius: chance(0.3) ? 0 : abs(number())),
                    [Proximity.enter, .leave, .none][int(0...2)])
            }
            if chance(0.3) { alarm.firedDate = instant() }
            return alarm
        }

        mutating func reminder() -> Reminder {
            Reminder(
                title: text(), notes: chance(0.5) ? nil : text(), priority: int(0...9),
                startDate: chance(0.3) ? day() : nil, dueDate: chance(0.7) ? day() : nil,
                completionDate: chance(0.3) ? instant() : nil, creationDate: instant(), lastModifiedDate: instant(),
                recurrenceRules: chance(0.7) ? [] : [try! RecurrenceRule(rrule: "FREQ=WEEKLY;INTERVAL=2")],
                alarms: (0..<int(0...3)).map { _ in alarm() }, seriesID: chance(0.2) ? UUID().uuidString : nil)
        }
    }

    @Test(arguments: [1, 2026])
    func remindersAreWrittenAsJSONEncoderWritesThem(seed: UInt64) throws {
        var generator = Generator(random: SplitMix64(seed: seed))
        for _ in 0..<2_000 {
            let view = ReminderJSON(generator.reminder(), listTitle: generator.chance(0.5) ? nil : generator.text())
            var text = JSONText()
            view.write(to: &text)
            let expected = String(decoding: try Self.encoder.encode(view), as: UTF8.self)
            try #require(text.text == expected)
        }
    }

    @Test(arguments: [3, 77])
    func eventsAreWrittenAsJSONEncoderWritesThem(seed: UInt64) throws {
        var generator = Generator(random: SplitMix64(seed: seed))
        for _ in 0..<2_000 {
            let reminder = generator.reminder()
            let alarm = generator.alarm()
            let kinds: [AlarmEvent.Kind] = [.time, .enter, .leave]
            let location = alarm.geofence?.location
            let event = AlarmEvent(
                time: generator.instant(), kind: kinds[generator.int(0...2)],
                reminder: .init(
                    id: reminder.id, title: reminder.title, priority: reminder.priority,
                    creationDate: reminder.creationDate),
                alarm: alarm, location: location,
                fix: generator.chance(0.8)
                    ? Fix(
                        time: generator.chance(0.9) ? generator.instant() : nil,
                        latitude: generator.number(), longitude: generator.number()) : nil,
                distance: generator.chance(0.8) ? abs(generator.number()) : nil)
            let view = AlarmEventJSON(event)
            var text = JSONText()
            view.write(to: &text)
            let expected = String(decoding: try Self.encoder.encode(view), as: UTF8.self)
            try #require(text.text == expected)
        }
    }
}
