import Foundation

/// A batch of events handed out in order, each made when it is read: a caller formatting a run's
/// events on every core then also builds them on every core, not one by one beforehand.
public struct AlarmEvents: RandomAccessCollection, Sendable {
    private let pending: ArraySlice<PendingEvent>
    private let alarms: [ArmedAlarm]
    private let audience: AlarmAudience?

    init(_ pending: ArraySlice<PendingEvent>, alarms: [ArmedAlarm], audience: AlarmAudience?) {
        self.pending = pending
        self.alarms = alarms
        self.audience = audience
    }

    public var startIndex: Int { pending.startIndex }
    public var endIndex: Int { pending.endIndex }

    public subscript(position: Int) -> AlarmEvent {
        let event = pending[position]
        let alarm = alarms[Int(event.alarm)]
        let kind: AlarmEvent.Kind =
            switch event.rank {
            case 0: .time
            case 1: .leave
            default: .enter
            }
        var fired = AlarmEvent(
            time: Date(timeIntervalSinceReferenceDate: event.time), kind: kind, reminder: alarm.reminder,
            alarm: alarm.alarm, location: alarm.location, fix: event.fix, distance: event.distance)
        if let audience {
            fired.readers = audience.readers[Int(event.alarm)]
            if let fix = event.fix {
                fired.person = audience.name(of: audience.owner(of: fix.device))
                fired.people = fired.person.map { [$0] } ?? []
            } else {
                fired.people = audience.names(ofSubjectsOf: event.alarm)
            }
        }
        return fired
    }
}
