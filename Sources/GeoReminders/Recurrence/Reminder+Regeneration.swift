import CivilTime
import Foundation

extension Reminder {
    /// The completed copy of this occurrence that goes into its series' history: a new
    /// identifier, the same series, its dates and alarms as they were, no recurrence.
    func historyCopy(id: String, seriesID: String, completionDate: Date, now: Date) -> Reminder {
        var copy = self
        copy.id = id
        copy.seriesID = seriesID
        copy.recurrenceRules = []
        copy.completionDate = completionDate
        copy.creationDate = now
        copy.lastModifiedDate = now
        // Alarm identifiers stay unique across reminders: evaluation keys fired state by them.
        for index in copy.alarms.indices { copy.alarms[index].id = UUID().uuidString.lowercased() }
        return copy
    }

    /// This reminder moved to the occurrence due `next`, incomplete. The start date moves by the
    /// same number of calendar days as the due date (keeping its own time of day); absolute alarms
    /// move by the instant difference between the due dates; every alarm is re-armed.
    func advanced(to next: CivilDateTime, floatingZone: TimeZone) -> Reminder {
        var advanced = self
        advanced.isCompleted = false
        guard let due = dueDate else { return advanced }
        advanced.dueDate = next
        let days =
            CivilDay(year: next.year, month: next.month, day: next.day)
            - CivilDay(year: due.year, month: due.month, day: due.day)
        if let start = startDate {
            let (year, month, day) = (CivilDay(year: start.year, month: start.month, day: start.day) + days).components
            advanced.startDate = CivilDateTime(year: year, month: month, day: day, time: start.time, timeZone: start.timeZone)
        }
        let shift = next.instant(floatingZone: floatingZone).timeIntervalSince(due.instant(floatingZone: floatingZone))
        for index in advanced.alarms.indices {
            if case .absolute(let date) = advanced.alarms[index].trigger {
                advanced.alarms[index].trigger = .absolute(date: date.addingTimeInterval(shift))
            }
            advanced.alarms[index].firedDate = nil
            advanced.alarms[index].acknowledgedDate = nil
        }
        return advanced
    }
}
