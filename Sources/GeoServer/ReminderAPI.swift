import Foundation
import GeoReminders
import HTTPTypes
import Hummingbird
import NIOPosix
import ReminderViews

/// `/api/v1`: reminders, lists, places, devices and events as JSON, in the shapes the command line
/// prints (`list --json`, `show --json`). Each route reads its request into a ``ReminderQuery`` or
/// ``ReminderDraft`` and hands it to the store through the store protocol (``StoreAccess``), as the
/// command line does, on either engine: the rules live in the library, not here.
///
/// The store's calls block (SQLite, or a PostgreSQL working copy waiting for its database), so each
/// request's store work runs on NIO's blocking pool, not on one of Swift concurrency's few threads.
struct ReminderAPI: Sendable {
    let access: any StoreAccess
    let outbox: any OutboxReading
    let places: PlaceDirectory
    /// Largest request body: a reminder is a few hundred bytes.
    static let maxBody = 1 << 20

    /// Adds the API's routes to `api` (`/api/v1`).
    func register(on api: RouteGroup) {
        let reminders = api.group("reminders")
        let reminder = reminders.group(":id")
        reminders.on("", .get) { request, context in
            try await respond(context, needs: .read) { token in try listReminders(request, as: token.account) }
        }
        reminders.on("", .post) { request, context in
            let body = try await Self.body(request)
            return try await respond(context, needs: .full) { token in try create(body, as: token.account) }
        }
        reminder.on("", .get) { _, context in
            let id = try context.parameters.require("id")
            return try await respond(context, needs: .read) { token in try show(id, as: token.account) }
        }
        reminder.on("", .patch) { request, context in
            let (id, body) = (try context.parameters.require("id"), try await Self.body(request))
            return try await respond(context, needs: .full) { token in try update(id, body, as: token.account) }
        }
        reminder.on("", .delete) { _, context in
            let id = try context.parameters.require("id")
            return try await respond(context, needs: .full) { token in
                try access.writing(.reminders, .seenBy(account: token.account)) { store in
                    let id = try store.reminderID(idPrefix: id, visibleTo: token.account)
                    if let listID = try store.listID(ofReminder: id) { try store.checkCanEdit(listID: listID, actor: token.account) }
                    try store.remove(id: id)
                }
                return Response(status: .noContent)
            }
        }
        reminder.on("complete", .post) { request, context in
            let (id, body) = (try context.parameters.require("id"), try await Self.body(request))
            return try await respond(context, needs: .full) { token in try complete(id, body, as: token.account) }
        }
        api.on("lists", .get) { _, context in
            try await respond(context, needs: .read) { token in
                let lists = try access.reading(.lists) { store in
                    let mine = try store.roles(of: token.account)
                    return try store.lists().filter { mine[$0.id] != nil }
                }
                return try Self.json(.ok, lists.map(ListJSON.init))
            }
        }
        api.on("places", .get) { _, context in
            try await respond(context, needs: .read) { _ in try Self.json(.ok, try places.all().map(PlaceJSON.init)) }
        }
        api.on("devices", .get) { _, context in
            try await respond(context, needs: .read) { token in
                let devices = try access.reading(.credentials) { try $0.devices() }.filter { $0.account == token.account }
                return try Self.json(.ok, devices.map { DeviceJSON($0) })
            }
        }
        api.on("events", .get) { request, context in
            try await respond(context, needs: .read) { token in try events(request, as: token.account) }
        }
    }

    /// Checks the token's scope, runs `body` with it on the blocking pool, and answers any error
    /// as `{"error": ...}`. The token's account is whom the work is for (docs/people.md).
    func respond(
        _ context: ServerContext, needs scope: TokenScope, _ body: @escaping @Sendable (APIToken) throws -> Response
    ) async throws -> Response {
        do {
            guard let token = context.token else { throw APIError.unauthenticated }
            guard token.scope.allows(scope) else { throw APIError.forbidden(scope) }
            return try await NIOThreadPool.singleton.runIfActive { try body(token) }
        } catch {
            return failure(error, context)
        }
    }

    /// `error` answered as `{"error": ...}` with its status; logged when it is the server's fault.
    func failure(_ error: any Error, _ context: ServerContext) -> Response {
        let failure = APIError(error)
        if failure.status == .internalServerError {
            context.logger.error("api request failed", metadata: ["error": "\(error)"])
        }
        return failure.response
    }

    /// Refuses (403) a token whose account is no admin (``AdminOnlyMiddleware``, before every admin route).
    func requireAdmin(_ token: APIToken) throws {
        let isAdmin = try access.reading(.credentials) { try $0.account(named: token.account).isAdmin }
        guard isAdmin else { throw APIError(status: .forbidden, message: "only an admin account's token may do this") }
    }

    func listReminders(_ request: Request, as account: String) throws -> Response {
        let parameters = request.uri.queryParameters
        var query = ReminderQuery()
        let known: Set<String> = [
            "list", "priority", "min-priority", "due-after", "due-before", "completed-after", "completed-before", "search",
            "location", "completed", "all", "sort", "descending", "tag",
        ]
        if let unknown = parameters.first(where: { !known.contains(String($0.key)) }) {
            throw APIError(
                status: .badRequest, message: "unknown query parameter '\(unknown.key)'; known: \(known.sorted().joined(separator: ", "))")
        }
        query.lists = parameters.getAll("list").map { String($0) }
        query.priority = parameters.get("priority")
        query.minPriority = parameters.get("min-priority")
        query.dueAfter = parameters.get("due-after")
        query.dueBefore = parameters.get("due-before")
        query.completedAfter = parameters.get("completed-after")
        query.completedBefore = parameters.get("completed-before")
        query.search = parameters.get("search")
        query.tag = parameters.get("tag")
        query.locationOnly = try Self.flag(parameters.get("location"), "location")
        query.completed = try Self.flag(parameters.get("completed"), "completed")
        query.all = try Self.flag(parameters.get("all"), "all")
        query.sort = parameters.get("sort")
        query.descending = try Self.flag(parameters.get("descending"), "descending")
        query.account = account
        do {
            try query.validate()
        } catch {
            throw APIError(status: .badRequest, message: error.message(spelling: .field))
        }
        let (reminders, titles) = try access.reading(.reminders, .seenBy(account: account)) { store in
            (try query.reminders(in: store), try ListTitles(store: store))
        }
        return GeoServer.json(.ok, ReminderJSON.text(reminders.map { ReminderJSON($0, listTitle: titles[$0.listID]) }))
    }

    func show(_ id: String, as account: String) throws -> Response {
        try access.reading(.reminders, .seenBy(account: account)) { store in
            try reminderResponse(.ok, try store.reminder(idPrefix: id, visibleTo: account), in: store)
        }
    }

    func create(_ body: [UInt8], as account: String) throws -> Response {
        let draft = try Self.draft(body)
        guard let title = draft.title else { throw RequestError.missing(field: "title") }
        return try access.writing(.reminders, .seenBy(account: account)) { store in
            var reminder = Reminder(title: title)
            try draft.apply(to: &reminder, store: store, as: account, places: places.named)
            let saved = try ReminderDraft.save(reminder, in: store, as: account)
            var response = try reminderResponse(.created, saved, in: store)
            response.headers[.location] = "/api/v1/reminders/\(saved.id)"
            return response
        }
    }

    func update(_ id: String, _ body: [UInt8], as account: String) throws -> Response {
        let draft = try Self.draft(body)
        return try access.writing(.reminders, .seenBy(account: account)) { store in
            var reminder = try store.reminder(idPrefix: id, visibleTo: account)
            try draft.apply(to: &reminder, store: store, as: account, places: places.named)
            return try reminderResponse(.ok, try ReminderDraft.save(reminder, in: store, as: account), in: store)
        }
    }

    /// `{"date": "..."}` optionally: when it was completed (default, or null: now).
    func complete(_ id: String, _ body: [UInt8], as account: String) throws -> Response {
        var date: Date?
        var subtasks = false
        if !body.isEmpty {
            let request = try JSONDecoder().decode(CompletionRequest.self, from: Data(body))
            date = try request.date.map { try ReminderDraft.moment($0, field: "date") }
            subtasks = request.subtasks ?? false
        }
        let (result, titles) = try access.writing(.reminders) { store in
            let reminder = try store.reminder(idPrefix: id, visibleTo: account)
            if let listID = reminder.listID { try store.checkCanEdit(listID: listID, actor: account) }
            let result = try store.complete(id: reminder.id, completionDate: date, includingSubtasks: subtasks)
            return (result, try ListTitles(store: store))
        }
        return try Self.json(.ok, CompletionJSON(result, listTitle: titles[result.reminder.listID]))
    }

    /// `GET /api/v1/events?since=EVENT_ID&limit=N`: outbox events after that one, oldest first.
    func events(_ request: Request, as account: String) throws -> Response {
        let parameters = request.uri.queryParameters
        let after = try parameters.get("since").map { try outbox.outboxSequence(resumingAfter: $0) } ?? 0
        let limit =
            try parameters.get("limit").map { text in
                guard let value = Int(text), (1...1000).contains(value) else {
                    throw APIError(status: .badRequest, message: "limit: '\(text)' is not within 1...1000")
                }
                return value
            } ?? 100
        let filter = EventFilter(device: parameters.get("device"), reminder: parameters.get("reminder"))
        let visible = try access.reading(.reminders, .seenBy(account: account)) { try $0.reminderIDs(visibleTo: account) }
        let events = try outbox.outboxEvents(after: after, limit: limit).filter { filter.matches($0) && visible.contains($0.reminder.id) }
        var text = "["
        for (index, event) in events.enumerated() {
            if index > 0 { text += "," }
            text += String(decoding: try EventJSON.body(event), as: UTF8.self)
        }
        return GeoServer.json(.ok, text + "]")
    }

    func reminderResponse(_ status: HTTPResponse.Status, _ reminder: Reminder, in store: ReminderStore) throws -> Response {
        let titles = try ListTitles(store: store)
        var text = JSONText()
        ReminderJSON(reminder, listTitle: titles[reminder.listID]).write(to: &text)
        return GeoServer.json(status, text.text)
    }

    static func draft(_ body: [UInt8]) throws -> ReminderDraft {
        guard !body.isEmpty else { throw APIError(status: .badRequest, message: "the body is empty; send a JSON object") }
        do {
            return try JSONDecoder().decode(ReminderDraftJSON.self, from: Data(body)).draft
        } catch let error as RequestError {
            throw APIError(status: .unprocessableContent, message: error.message(spelling: .field))
        }
    }

    static func body(_ request: Request) async throws -> [UInt8] {
        do {
            return Array(try await request.body.collect(upTo: maxBody).readableBytesView)
        } catch {
            throw HTTPError(.contentTooLarge, message: "the body is larger than \(maxBody) bytes")
        }
    }

    /// A boolean query parameter: present alone or `true`/`1` is on, `false`/`0` off.
    static func flag(_ value: String?, _ name: String) throws -> Bool {
        switch value?.lowercased() {
        case nil: return false
        case "", "true", "1": return true
        case "false", "0": return false
        default: throw APIError(status: .badRequest, message: "\(name): '\(value ?? "")' is not true or false")
        }
    }

    static func json(_ status: HTTPResponse.Status, _ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return GeoServer.json(status, String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}

/// The body of `POST /api/v1/reminders/{id}/complete`: `{"date"?, "subtasks"?}`, strictly typed
/// (a `0` is not a boolean), unknown fields refused.
struct CompletionRequest: Decodable {
    var date: String?
    var subtasks: Bool?

    enum Key: String, CodingKey, CaseIterable { case date, subtasks }

    init(from decoder: any Decoder) throws {
        let all = try decoder.container(keyedBy: ReminderDraftJSON.AnyKey.self)
        if let unknown = all.allKeys.first(where: { Key(rawValue: $0.stringValue) == nil }) {
            throw RequestError.badValue(field: unknown.stringValue, message: "is not a field of a completion (date, subtasks)")
        }
        let container = try decoder.container(keyedBy: Key.self)
        date = try container.decodeIfPresent(String.self, forKey: .date)
        subtasks = try container.decodeIfPresent(Bool.self, forKey: .subtasks)
    }
}
