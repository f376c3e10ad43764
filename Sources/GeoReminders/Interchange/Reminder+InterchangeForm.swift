import CivilTime
import Foundation
import ICalendar

extension Reminder {
    /// The reminder as iCalendar can carry it: instants to the whole second, UTC as one zone.
    var interchangeForm: Reminder {
        var r = self
        r.creationDate = Self.wholeSecond(r.creationDate)
        r.lastModifiedDate = Self.wholeSecond(r.lastModifiedDate)
        r.completionDate = r.completionDate.map(Self.wholeSecond)
        r.startDate = r.startDate.map(Self.sameUTC)
        r.dueDate = r.dueDate.map(Self.sameUTC)
        r.alarms = r.alarms.map { alarm in
            var a = alarm
            a.firedDate = a.firedDate.map(Self.wholeSecond)
            a.acknowledgedDate = a.acknowledgedDate.map(Self.wholeSecond)
            switch a.trigger {
            case let .absolute(date): a.trigger = .absolute(date: Self.wholeSecond(date))
            case let .relative(offset): a.trigger = .relative(offset: Double(VALARMEncoder.seconds(offset)))
            case .location: break
            }
            return a
        }
        return r
    }

    static func wholeSecond(_ date: Date) -> Date {
        Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down))
    }

    private static func sameUTC(_ date: CivilDateTime) -> CivilDateTime {
        guard let zone = date.timeZone, ICalDateTime.isUTC(zone) else { return date }
        var d = date
        d.timeZone = ICalDateTime.utc
        return d
    }
}
