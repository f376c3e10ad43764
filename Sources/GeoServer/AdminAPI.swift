import Foundation
import GeoReminders
import Hummingbird
import ReminderViews

/// `/api/v1/admin/...`: what only an admin account's token may see or change — accounts, and every
/// account's devices and tokens (docs/people.md). Any other account's token is refused with 403 by
/// the group's ``AdminOnlyMiddleware``, so a person's own view (`/api/v1/devices`) stays their own.
/// Reading needs a `read` token, changing a `full` one; a token's secret is shown once, in the
/// answer that creates it (the store keeps only its digest).
struct AdminAPI: Sendable {
    let api: ReminderAPI

    /// The body of `POST /api/v1/admin/accounts`.
    struct NewAccount: Decodable {
        var name: String
        var admin: Bool?
    }

    /// The body of `PATCH /api/v1/admin/accounts/:name`.
    struct AccountChange: Decodable {
        var disabled: Bool
    }

    /// The body of `POST /api/v1/admin/tokens`, as `georemind token create`'s arguments.
    struct NewToken: Decodable {
        var name: String
        var scope: String
        var account: String?
        var device: String?
    }

    /// The body of `POST /api/v1/admin/devices`, as `georemind device add`'s arguments.
    struct NewDevice: Decodable {
        var name: String
        var id: String?
        var account: String?
    }

    /// Adds `admin/...` to `group` (`/api/v1`).
    func register(on group: RouteGroup) {
        let admin = group.group("admin", middleware: AdminOnlyMiddleware(api: api))
        let access = api.access
        /// `DELETE /api/v1/admin/KIND/:name`: an admin removes one by name (204).
        func removal(of kind: String, _ remove: @escaping @Sendable (ReminderStore, String) throws -> Void) {
            admin.on("\(kind)/:name", .delete) { _, context in
                let name = try context.parameters.require("name")
                return try await api.respond(context, needs: .full) { token in
                    try access.writing(.credentials) { try remove($0, name) }
                    return Response(status: .noContent)
                }
            }
        }
        admin.on("accounts", .get) { _, context in
            try await api.respond(context, needs: .read) { token in
                return try ReminderAPI.json(.ok, try access.reading(.credentials) { try $0.accounts() }.map(AccountJSON.init))
            }
        }
        admin.on("accounts", .post) { request, context in
            let body = try await ReminderAPI.body(request)
            return try await api.respond(context, needs: .full) { token in
                let new = try Self.decode(NewAccount.self, from: body, fields: ["name", "admin"])
                let account = try access.writing([.credentials, .reminders]) {
                    try $0.addAccount(name: new.name, isAdmin: new.admin ?? false)
                }
                return try ReminderAPI.json(.created, AccountJSON(account))
            }
        }
        admin.on("accounts/:name", .patch) { request, context in
            let name = try context.parameters.require("name")
            let body = try await ReminderAPI.body(request)
            return try await api.respond(context, needs: .full) { token in
                let change = try Self.decode(AccountChange.self, from: body, fields: ["disabled"])
                let account = try access.writing(.credentials) { store in
                    try store.setDisabled(change.disabled, account: name)
                    return try store.account(named: name)
                }
                return try ReminderAPI.json(.ok, AccountJSON(account))
            }
        }
        admin.on("devices", .get) { _, context in
            try await api.respond(context, needs: .read) { token in
                let devices = try access.reading(.credentials) { try $0.devices() }
                return try ReminderAPI.json(.ok, devices.map { DeviceJSON($0, showingAccount: true) })
            }
        }
        admin.on("devices", .post) { request, context in
            let body = try await ReminderAPI.body(request)
            return try await api.respond(context, needs: .full) { token in
                let new = try Self.decode(NewDevice.self, from: body, fields: ["name", "id", "account"])
                let device = try access.writing(.credentials) {
                    try $0.addDevice(name: new.name, id: new.id, account: new.account ?? token.account)
                }
                return try ReminderAPI.json(.created, DeviceJSON(device, showingAccount: true))
            }
        }
        removal(of: "devices") { store, name in try store.removeDevice(name: name) }
        admin.on("tokens", .get) { _, context in
            try await api.respond(context, needs: .read) { token in
                return try ReminderAPI.json(.ok, try access.reading(.credentials) { try $0.tokens() }.map(TokenJSON.init))
            }
        }
        admin.on("tokens", .post) { request, context in
            let body = try await ReminderAPI.body(request)
            return try await api.respond(context, needs: .full) { token in
                let new = try Self.decode(NewToken.self, from: body, fields: ["name", "scope", "account", "device"])
                guard let scope = TokenScope(rawValue: new.scope) else {
                    throw APIError(status: .unprocessableContent, message: "scope '\(new.scope)' is not ingest, read or full")
                }
                let (secret, made) = try access.writing(.credentials) { store in
                    let secret = try store.createToken(
                        name: new.name, scope: scope, account: new.account ?? token.account, device: new.device)
                    return (secret, try store.tokens().first { $0.name == new.name })
                }
                guard let made else { throw APIError(status: .internalServerError, message: "the new token was not found") }
                return try ReminderAPI.json(.created, NewTokenJSON(made, secret: secret))
            }
        }
        removal(of: "tokens") { store, name in try store.revokeToken(name: name) }
    }

    /// A JSON object of `fields` only: another field is refused (422) rather than ignored, so
    /// nothing a client meant is silently dropped; a wrong type is a 400, as elsewhere in the API.
    static func decode<T: Decodable>(_ type: T.Type, from body: [UInt8], fields: Set<String>) throws -> T {
        guard !body.isEmpty else { throw APIError(status: .badRequest, message: "the body is empty; send a JSON object") }
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw APIError(status: .badRequest, message: "the body is not a JSON object")
        }
        if let unknown = object.keys.sorted().first(where: { !fields.contains($0) }) {
            throw APIError(
                status: .unprocessableContent, message: "field '\(unknown)' is not one of \(fields.sorted().joined(separator: ", "))")
        }
        return try JSONDecoder().decode(type, from: Data(body))
    }
}
