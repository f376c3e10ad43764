import Foundation
import GeoReminders

/// A resource under `/dav/` as read from the store for one request.
enum DAVResource {
    case root
    case principals
    case principal
    case home(lists: [ListState])
    case collection(ListState)
    case object(CalendarObject, list: ReminderList)
}

/// A list with its members as resources, and its sync token (which is also its ctag).
struct ListState {
    var list: ReminderList
    var objects: [CalendarObject]
    var token: String

    init(_ list: ReminderList, reminders: [Reminder], lists: [ReminderList], history: SyncHistory) {
        self.list = list
        objects = reminders.map { CalendarObject($0, lists: lists) }
        token = history.token(
            for: Dictionary(objects.map { ($0.name, $0.etag) }, uniquingKeysWith: { first, _ in first }),
            salt: "list \(list.id) \(list.title) \(list.colour) \(list.allowsContentModifications)")
    }

    func object(named name: String) -> CalendarObject? { objects.first { $0.name == name } }
}

extension CalDAVService {
    /// Every list, with its members.
    func listStates(_ store: ReminderStore) throws -> [ListState] {
        let lists = try store.lists()
        let reminders = Dictionary(grouping: try store.reminders(sortedBy: .creationDate)) { $0.listID ?? "" }
        return lists.map { ListState($0, reminders: reminders[$0.id] ?? [], lists: lists, history: history) }
    }

    /// One list, with its members.
    func listState(_ store: ReminderStore, segment: String) throws -> ListState {
        let lists = try store.lists()
        let id = Self.listID(forSegment: segment)
        guard let list = lists.first(where: { $0.id == id }) else { throw DAVError.status(404, "no list \(segment)") }
        let reminders = try store.reminders(matching: ReminderPredicate(listIDs: [id]), sortedBy: .creationDate)
        return ListState(list, reminders: reminders, lists: lists, history: history)
    }

    /// The home's token: the lists' tokens, so it moves when any list changes.
    func homeToken(_ lists: [ListState]) -> String {
        history.token(for: Dictionary(lists.map { ($0.list.id + "/", $0.token) }, uniquingKeysWith: { a, _ in a }), salt: "home")
    }

    func resource(_ path: DAVPath) throws -> DAVResource {
        switch path {
        case .root: return .root
        case .principals: return .principals
        case let .principal(name):
            try checkPrincipal(name)
            return .principal
        case let .home(name):
            try checkPrincipal(name)
            return .home(lists: try access.reading(.reminders) { try listStates($0) })
        case let .collection(principal, list):
            try checkPrincipal(principal)
            return .collection(try access.reading(.reminders) { try listState($0, segment: list) })
        case let .object(principal, list, name):
            try checkPrincipal(principal)
            let state = try access.reading(.reminders) { try listState($0, segment: list) }
            guard let object = state.object(named: name) else { throw DAVError.status(404, "no resource \(name)") }
            return .object(object, list: state.list)
        }
    }
}
