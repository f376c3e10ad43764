import GeoReminders
import Synchronization

/// Rendered resources by what they were rendered from (the reminder, field for field, and its
/// list's title, which the bytes carry): clients poll a list's ctag often, and rendering every
/// reminder of a list is most of that answer's time. A changed reminder is a new key; the cache
/// is emptied when it holds ``capacity`` entries.
package final class RenderCache: Sendable {
    struct Key: Hashable {
        var reminder: Reminder
        var listTitle: String?
    }

    package let capacity: Int
    private let objects = Mutex<[Key: CalendarObject]>([:])

    package init(capacity: Int = 20_000) {
        self.capacity = capacity
    }

    func object(_ reminder: Reminder, lists: [ReminderList]) -> CalendarObject {
        let key = Key(reminder: reminder, listTitle: lists.first { $0.id == reminder.listID }?.title)
        if let known = objects.withLock({ $0[key] }) { return known }
        let object = CalendarObject(reminder, lists: lists)
        objects.withLock { objects in
            if objects.count >= capacity { objects.removeAll(keepingCapacity: true) }
            objects[key] = object
        }
        return object
    }
}
