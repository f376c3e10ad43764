import CivilTime
import Foundation
import GeoReminders

/// The store benchmarks' reminders: a third with location alarms (Paris area), a third with a
/// relative alarm, mixed priorities, 80 % with a due date (zoned, floating, all-day). Seeded.
func storeWorkload(count: Int) -> [Reminder] {
    var generator = SeededGenerator(seed: 4)
    let words = ["milk", "Bread", "call", "Café", "bank", "Übersicht", "post", "garage", "école", "keys", "Zoo", "dentist"]
    let zones = [TimeZone(identifier: "Europe/Paris")!, TimeZone(identifier: "America/New_York")!, nil]
    return (0..<count).map { n in
        let title = (0..<3).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
        var due: CivilDateTime?
        if Int.random(in: 0..<10, using: &generator) < 8 {
            let time =
                Bool.random(using: &generator)
                ? TimeOfDay(hour: Int.random(in: 0..<24, using: &generator), minute: 0) : nil
            due = CivilDateTime(
                year: 2026, month: Int.random(in: 1...12, using: &generator),
                day: Int.random(in: 1...28, using: &generator), time: time,
                timeZone: zones.randomElement(using: &generator)!)
        }
        var alarms: [Alarm] = []
        if n % 3 == 0 {
            let place = StructuredLocation(
                title: "Place \(n % 500)",
                latitude: Double.random(in: 48...49, using: &generator),
                longitude: Double.random(in: 2...3, using: &generator),
                radius: Double(Int.random(in: 0...4, using: &generator) * 50))
            alarms.append(.location(place, Bool.random(using: &generator) ? .enter : .leave))
        } else if n % 3 == 1 {
            alarms.append(.relative(-900))
        }
        return Reminder(
            title: title, priority: Int.random(in: 0...9, using: &generator), dueDate: due,
            creationDate: Date(timeIntervalSinceReferenceDate: 790_000_000 + Double(n)), alarms: alarms)
    }
}
