import Foundation
import GeoReminders

/// A resource under `/dav/` as read from the store for one request.
enum DAVResource {
    case root
    case principals
    case principal
    case home(lists: [ListState])
    case collection(ListState)
    case object(CalendarObject, list: ListGrant)
}

/// How much of a list's members an answer reads: whole reminders (a calendar-query filters on
/// them) or only their kept renderings, with or without the bytes.
struct ListReading {
    var whole = false
    var bytes = true
}

/// A list as the caller holds it: its role decides what it may do (a viewer reads), and the
/// owner is who `DAV:owner` names.
struct ListGrant {
    var list: ReminderList
    var role: ListRole
    var owner: String
    /// Where the caller put the list among its own (Apple's calendar-order); nil when never placed.
    var position: Int? = nil
    /// The name the caller's client made the list under, when that was not its identifier.
    var collectionName: String? = nil

    /// The list's path segment in the caller's calendar home: where it was made, else its identifier.
    var segment: String { collectionName ?? list.id }

    /// Whether the caller may change the list's reminders.
    var canEditReminders: Bool { role.canEditReminders && list.allowsContentModifications }
}

/// A list with its members as resources, and its sync token (which is also its ctag).
struct ListState {
    var grant: ListGrant
    var objects: [CalendarObject]
    private let lazyToken: LazyToken

    var list: ReminderList { grant.list }

    /// The sync token, made (and remembered by the history) when first asked for: a multiget or
    /// a listing without getctag never needs it, and it sorts every member.
    var token: String { lazyToken.value }

    init(_ grant: ListGrant, objects: [CalendarObject], history: SyncHistory) {
        self.grant = grant
        let list = grant.list
        self.objects = objects
        lazyToken = LazyToken {
            history.token(
                for: Dictionary(objects.map { ($0.name, $0.etag) }, uniquingKeysWith: { first, _ in first }),
                salt: "list \(list.id) \(list.title) \(list.colour) \(list.allowsContentModifications)",
                collection: Self.syncCollection(list.id))
        }
    }

    /// The key the list's sync states are recorded under (``SyncStates``).
    static func syncCollection(_ listID: String) -> String { SyncStateRecord.listCollection(listID) }

    var syncCollection: String { Self.syncCollection(list.id) }

    /// The members' positions in ``objects`` by resource name (the first of a name, as the
    /// listing shows); positions, not copies of the members, as a multiget looks up thousands.
    var indexByName: [String: Int] {
        var index: [String: Int] = [:]
        index.reserveCapacity(objects.count)
        for (position, object) in objects.enumerated() where index[object.name] == nil { index[object.name] = position }
        return index
    }
}

extension CalDAVService {
    /// Every list the caller is a member of, with its members.
    func listStates(_ store: ReminderStore) throws -> [ListState] {
        let (grants, lists) = try self.grants(store)
        // The home's members are the lists: their tokens need names and tags, not bytes.
        let objects = Dictionary(grouping: try self.objects(store, matching: ReminderPredicate(), lists: lists, bytes: false)) {
            $0.listID ?? ""
        }
        return grants.map { ListState($0, objects: objects[$0.list.id] ?? [], history: history) }
    }

    /// One list, with its members.
    func listState(_ store: ReminderStore, segment: String, reading: ListReading = ListReading()) throws -> ListState {
        let (grant, lists) = try list(store, segment: segment)
        let objects = try self.objects(
            store, matching: ReminderPredicate(listIDs: [grant.list.id]), lists: lists, whole: reading.whole,
            bytes: reading.bytes)
        return ListState(grant, objects: objects, history: history)
    }

    /// The reminders `predicate` matches as resources, oldest first. A store file keeps each
    /// reminder's rendering until it changes (``KeptRendering``), so a listing reads whole only
    /// the reminders changed since the last one (a new process included) and renders those;
    /// other stores render through the in-memory cache. `whole` reads every reminder whole (a
    /// calendar-query filters on them); `bytes` false leaves kept renderings' bytes unread.
    func objects(
        _ store: ReminderStore, matching predicate: ReminderPredicate, lists: [ReminderList], whole: Bool = false,
        bytes: Bool = true
    ) throws -> [CalendarObject] {
        guard store.keepsRenderings, !whole else {
            let rendered = try store.reminders(matching: predicate, sortedBy: .creationDate).map { renders.object($0, lists: lists) }
            let copies = try store.clientCopies(reminderIDs: rendered.map(\.reminderID))
            return rendered.map { $0.serving(copies[$0.reminderID]) }
        }
        let listed = try store.listedReminders(matching: predicate, bytes: bytes)
        var contexts: [String: String] = [:]
        func context(_ listID: String?) -> String {
            if let known = contexts[listID ?? ""] { return known }
            let made = CalendarObject.renderingContext(listID: listID, lists: lists)
            contexts[listID ?? ""] = made
            return made
        }
        let stale = listed.filter { $0.kept?.context != context($0.listID) }.map(\.id)
        let reminders = stale.isEmpty ? [:] : try store.remindersByID(stale)
        let copies = try store.clientCopies(reminderIDs: stale)
        var made: [(Reminder, KeptRendering)] = []
        let objects = listed.compactMap { item -> CalendarObject? in
            if let kept = item.kept, kept.context == context(item.listID) { return CalendarObject(item, kept: kept) }
            // Gone since the listing was read: the next listing will not show it either.
            guard let reminder = reminders[item.id] else { return nil }
            let object = renders.object(reminder, lists: lists).serving(copies[reminder.id])
            made.append((reminder, object.kept(context: context(reminder.listID))))
            return object
        }
        store.keepRenderings(made)
        return objects
    }

    /// The list a collection segment names, and every list (a resource's bytes name its list).
    /// A list the caller is no member of is answered exactly as a missing one.
    /// A segment is the name the caller made the list under, else the list's identifier (a UUID in
    /// any case, or a name a list was made under before names were kept: its name-based UUID).
    func list(_ store: ReminderStore, segment: String) throws -> (grant: ListGrant, lists: [ReminderList]) {
        let (grants, lists) = try self.grants(store)
        let id = Self.listID(forSegment: segment)
        guard let grant = grants.first(where: { $0.collectionName == segment }) ?? grants.first(where: { $0.list.id == id })
        else { throw DAVError.status(404, "no list \(segment)") }
        return (grant, lists)
    }

    /// The caller's lists as it holds them, and every list of the store.
    func grants(_ store: ReminderStore) throws -> ([ListGrant], [ReminderList]) {
        let lists = try store.lists()
        let members = try store.membersByList()
        let positions = try store.listPositions(of: actor)
        let names = try store.listCollectionNames(of: actor)
        let grants = lists.compactMap { list -> ListGrant? in
            let listMembers = members[list.id] ?? []
            guard let role = listMembers.first(where: { $0.account == actor })?.role else { return nil }
            return ListGrant(
                list: list, role: role, owner: listMembers.first { $0.role == .owner }?.account ?? actor,
                position: positions[list.id], collectionName: names[list.id])
        }
        return (grants, lists)
    }

    /// The resource `name` of a list, found without rendering the whole list: the reminder its
    /// name stands for (`UID.ics`), else one that keeps another resource name.
    func object(_ store: ReminderStore, in list: ReminderList, lists: [ReminderList], named name: String) throws
        -> CalendarObject?
    {
        let base = name.hasSuffix(".ics") ? String(name.dropLast(4)) : name
        var found: CalendarObject?
        if let reminder = try store.reminder(id: CalendarObject.reminderID(forUID: base)), reminder.listID == list.id {
            let object = renders.object(reminder, lists: lists)
            if object.name == name { found = object }
        }
        if found == nil {
            var kept = ReminderPredicate(listIDs: [list.id])
            kept.extrasContaining = CalendarObject.nameProperty
            found = try store.reminders(matching: kept).lazy.map { self.renders.object($0, lists: lists) }.first { $0.name == name }
        }
        guard let found else { return nil }
        return found.serving(try store.clientCopies(reminderIDs: [found.reminderID])[found.reminderID])
    }

    /// The home's token: the lists' tokens, so it moves when any list changes.
    func homeToken(_ lists: [ListState]) -> String {
        history.token(
            for: Dictionary(lists.map { ($0.grant.segment + "/", $0.token) }, uniquingKeysWith: { a, _ in a }), salt: "home",
            collection: homeSyncCollection)
    }

    /// The key the caller's home's sync states are recorded under: its members are its own lists.
    var homeSyncCollection: String { "home/" + account.principal }

    /// - Parameter reading: how much of a list's members the answer needs.
    func resource(_ path: DAVPath, reading: ListReading = ListReading()) throws -> DAVResource {
        switch path {
        case .root: return .root
        case .principals: return .principals
        case let .principal(name):
            try checkPrincipal(name)
            return .principal
        case let .home(name):
            try checkPrincipal(name)
            return .home(lists: try access.reading(Self.tables, .seenBy(account: actor)) { try listStates($0) })
        case let .collection(principal, list):
            try checkPrincipal(principal)
            return .collection(
                try access.reading(Self.tables, .seenBy(account: actor)) { try listState($0, segment: list, reading: reading) })
        case let .object(principal, list, name):
            try checkPrincipal(principal)
            return try access.reading(Self.tables, .seenBy(account: actor)) { store in
                let (found, lists) = try self.list(store, segment: list)
                guard let object = try object(store, in: found.list, lists: lists, named: name) else {
                    throw DAVError.status(404, "no resource \(name)")
                }
                return .object(object, list: found)
            }
        }
    }
}
