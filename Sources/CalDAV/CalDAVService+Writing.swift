import Foundation
import GeoReminders

/// PUT and DELETE of reminders; MKCALENDAR, extended MKCOL, PROPPATCH and DELETE of lists.
extension CalDAVService {
    /// PUT of a reminder (RFC 4791 §5.3.2): the iCalendar import of one resource into this list.
    /// `If-None-Match: *` over an existing resource and a stale `If-Match` are 412 (never 403:
    /// iOS gives up on a 403). The client's bytes are kept and served back while they stand for
    /// the reminder (``GeoReminders/ClientCopy``), and the answer then carries their ETag; where
    /// the import added to them (a location alarm carried over or made from GEO) the resource is
    /// georemind's rendering, the answer has no ETag and clients fetch it again (§5.3.4).
    func put(_ request: DAVRequest, _ path: DAVPath) throws -> DAVResponse {
        guard case let .object(principal, segment, name) = path else {
            throw DAVError.status(405, "PUT stores a reminder: /dav/calendars/PRINCIPAL/LIST/UID.ics")
        }
        try checkPrincipal(principal)
        let ifMatch = request.header("If-Match")
        let ifNoneMatch = request.header("If-None-Match")
        let (created, etag) = try access.writing(Self.tables, retrying: true) { store -> (Bool, String?) in
            // The one resource, not the whole list: a PUT costs the same in a list of 10 or 10,000.
            let (grant, lists) = try list(store, segment: segment)
            try Self.checkCanEdit(grant)
            let existing = try object(store, in: grant.list, lists: lists, named: name)
            if let ifNoneMatch, let existing, ETag.list(ifNoneMatch, contains: existing.etag) {
                throw DAVError.status(412, "the resource exists (If-None-Match)")
            }
            if let ifMatch, existing.map({ !ETag.list(ifMatch, contains: $0.etag) }) ?? true {
                throw DAVError.status(412, "the resource changed or is gone (If-Match)")
            }
            let incoming = try IncomingObject(body: request.body, name: name, stored: existing?.reminder, lists: lists)
            // RFC 4791 §5.3.2.1 no-uid-conflict: one UID, one resource. Where that resource is
            // in a list the caller cannot see, it is not named.
            if let other = try store.reminder(id: incoming.reminderID), existing?.reminderID != other.id {
                guard let otherList = try? listState(store, segment: other.listID ?? "") else {
                    throw DAVError.precondition(403, .c("no-uid-conflict"), "UID \(incoming.uid) is already taken")
                }
                let href =
                    DAVPath.collectionHref(principal, otherList.grant.segment)
                    + DAVPath.encoded(otherList.objects.first { $0.reminderID == other.id }?.name ?? name)
                throw DAVError.precondition(403, .c("no-uid-conflict"), "UID \(incoming.uid) is already at \(href)")
            }
            if let existing, existing.reminderID != incoming.reminderID {
                throw DAVError.precondition(403, .c("no-uid-conflict"), "\(name) holds another UID")
            }
            let report = try store.importICalendar(
                Data(incoming.data), fileName: name,
                options: ICalendarImportOptions(
                    listID: grant.list.id, account: actor,
                    keeping: CalendarObject.keeping(verbatim: incoming.isVerbatim ? request.body : nil)))
            if let skipped = report.entries.first, case let .skipped(reason) = skipped.outcome {
                throw DAVError.precondition(403, .c("valid-calendar-object-resource"), reason)
            }
            let stored = try object(store, in: grant.list, lists: try store.lists(), named: name)
            return (existing == nil, stored.flatMap { $0.data == request.body ? $0.etag : nil })
        }
        return DAVResponse(status: created ? 201 : 204, headers: etag.map { [("ETag", $0)] } ?? [])
    }

    func delete(_ request: DAVRequest, _ path: DAVPath) throws -> DAVResponse {
        switch path {
        case let .object(principal, segment, name):
            try checkPrincipal(principal)
            try access.writing(Self.tables) { store in
                let (grant, lists) = try list(store, segment: segment)
                guard let object = try object(store, in: grant.list, lists: lists, named: name) else {
                    throw DAVError.status(404, "no resource \(name)")
                }
                try Self.checkCanEdit(grant)
                if let ifMatch = request.header("If-Match"), !ETag.list(ifMatch, contains: object.etag) {
                    throw DAVError.status(412, "the resource changed (If-Match)")
                }
                try store.remove(id: object.reminderID)
            }
            return DAVResponse(status: 204)
        case let .collection(principal, segment):
            try checkPrincipal(principal)
            try access.writing(Self.tables) { store in
                let state = try listState(store, segment: segment)
                try Self.checkCanManage(state.grant)
                if let ifMatch = request.header("If-Match"), !ETag.list(ifMatch, contains: "\"\(state.token)\"") {
                    throw DAVError.status(412, "the list changed (If-Match)")
                }
                try store.removeList(id: state.list.id)
            }
            return DAVResponse(status: 204)
        default:
            throw DAVError.status(403, "only lists and reminders can be deleted")
        }
    }

    /// MKCALENDAR (RFC 4791 §5.3.1) and extended MKCOL (RFC 5689): a new list, its title the
    /// displayname given (else the path segment), its colour Apple's calendar-color.
    func makeCollection(_ request: DAVRequest, _ path: DAVPath) throws -> DAVResponse {
        guard case let .collection(principal, segment) = path else {
            throw DAVError.status(403, "lists are made under the calendar home: /dav/calendars/PRINCIPAL/NAME/")
        }
        try checkPrincipal(principal)
        let body = try request.xml()
        let set = body?.child(.d("set"))?.child(.d("prop"))
        if request.method == "MKCOL" {
            guard let type = set?.child(.d("resourcetype")), type.child(.c("calendar")) != nil else {
                throw DAVError.precondition(403, .d("valid-resourcetype"), "only calendar collections (lists) can be made here")
            }
        }
        if let components = set?.child(.c("supported-calendar-component-set")),
            !components.children(.c("comp")).contains(where: { $0.attributes["name"]?.uppercased() == "VTODO" })
        {
            throw DAVError.precondition(403, .c("supported-calendar-component"), "lists hold VTODO only")
        }
        // A UUID segment is the list's identifier; any other is kept as the name the caller's
        // lists are listed under, for a list with an identifier of its own (another person's list
        // of the same name is another list).
        let uuid = UUID(uuidString: segment)?.uuidString.lowercased()
        let id = uuid ?? UUID().uuidString.lowercased()
        try access.writing(Self.tables) { store in
            let (grants, lists) = try self.grants(store)
            guard !grants.contains(where: { $0.segment == segment }), !lists.contains(where: { $0.id == id }) else {
                throw DAVError.status(405, "the list exists")
            }
            var list = ReminderList(id: id, title: segment)
            if let set { try Self.apply(set, to: &list) }
            _ = try store.save(list, owner: actor)
            if segment != id { try store.setListCollectionName(segment, listID: id, for: actor) }
            if let order = set?.child(DAVName(DAVName.appleICal, "calendar-order")) {
                try store.setListPosition(Self.position(order), listID: id, for: actor)
            }
        }
        return DAVResponse(status: 201, headers: [("Cache-Control", "no-cache")])
    }

    /// PROPPATCH of a list (RFC 4918 §9.2): displayname and Apple's calendar-color (the owner's to
    /// change), and Apple's calendar-order (the caller's own place for the list: any member may).
    /// Anything else is 403 and then nothing is changed (424 for the rest), as the RFC's
    /// all-or-nothing rule says.
    func proppatch(_ request: DAVRequest, _ path: DAVPath, privileges: DAVPrivileges) throws -> DAVResponse {
        guard case let .collection(principal, segment) = path else {
            throw DAVError.status(403, "only lists have properties to change")
        }
        try checkPrincipal(principal)
        guard let body = try request.xml(), body.name == .d("propertyupdate") else {
            throw DAVError.status(400, "a PROPPATCH body is a DAV:propertyupdate element")
        }
        var names: [DAVName] = []
        var refused: [DAVName] = []
        for update in body.children where update.name == .d("set") || update.name == .d("remove") {
            for property in update.child(.d("prop"))?.children ?? [] {
                names.append(property.name)
                if !Self.settable.contains(property.name) || update.name == .d("remove") { refused.append(property.name) }
            }
        }
        if refused.isEmpty {
            let props = body.children(.d("set")).compactMap { $0.child(.d("prop")) }
            let order = DAVName(DAVName.appleICal, "calendar-order")
            let position = try props.compactMap { $0.child(order) }.last.map(Self.position)
            let changesList = props.contains { $0.children.contains { $0.name != order } }
            try access.writing(Self.tables) { store in
                let grant = try self.list(store, segment: segment).grant
                if changesList {
                    try Self.checkCanManage(grant)
                    var list = grant.list
                    for prop in props { try Self.apply(prop, to: &list) }
                    _ = try store.save(list)
                }
                if let position { try store.setListPosition(position, listID: grant.list.id, for: actor) }
            }
        }
        let propstats: [(status: Int, properties: [DAVElement])] =
            refused.isEmpty
            ? [(200, names.map { DAVElement($0) })]
            : [(403, refused.map { DAVElement($0) }), (424, names.filter { !refused.contains($0) }.map { DAVElement($0) })]
        return .multistatus(Multistatus(entries: [Multistatus.Entry(href: request.path, propstats: propstats)]))
    }

    static let settable: Set<DAVName> = [
        .d("displayname"), DAVName(DAVName.appleICal, "calendar-color"), DAVName(DAVName.appleICal, "calendar-order"),
        .d("resourcetype"), .c("supported-calendar-component-set"), .c("calendar-description"), .c("calendar-timezone"),
    ]

    /// A calendar-order value: Apple writes a whole number.
    static func position(_ element: DAVElement) throws -> Int {
        guard let value = Int(element.text.trimmed) else {
            throw DAVError.status(400, "calendar-order \(element.text.trimmed) is no whole number")
        }
        return value
    }

    /// The properties of a `DAV:prop` that a list keeps.
    static func apply(_ prop: DAVElement, to list: inout ReminderList) throws {
        if let name = prop.child(.d("displayname"))?.text.trimmed, !name.isEmpty { list.title = name }
        if let colour = prop.child(DAVName(DAVName.appleICal, "calendar-color"))?.text.trimmed {
            // Apple writes #RRGGBBAA; a list's colour is #RRGGBB.
            let hex = colour.hasPrefix("#") ? String(colour.dropFirst().prefix(6)) : ""
            guard hex.count == 6, hex.allSatisfy(\.isHexDigit) else {
                throw DAVError.status(400, "calendar-color \(colour) is no #RRGGBB[AA] colour")
            }
            list.colour = "#" + hex.uppercased()
        }
    }

    /// Refuses unless the caller may change the list's reminders (an owner or editor of a list
    /// that is not read-only): 403 need-privileges, which clients show as "read only".
    static func checkCanEdit(_ grant: ListGrant) throws {
        guard grant.role.canEditReminders else {
            throw DAVError.precondition(403, .d("need-privileges"), "a viewer of '\(grant.list.title)' may only read it")
        }
        guard grant.list.allowsContentModifications else {
            throw DAVError.precondition(403, .d("need-privileges"), "list '\(grant.list.title)' is read-only")
        }
    }

    /// Refuses unless the caller owns the list: only its owner renames, recolours or deletes it.
    static func checkCanManage(_ grant: ListGrant) throws {
        guard grant.role.canManageList else {
            throw DAVError.precondition(
                403, .d("need-privileges"),
                "only the owner of '\(grant.list.title)' may change or delete it (you are \(grant.role.rawValue))")
        }
    }
}
