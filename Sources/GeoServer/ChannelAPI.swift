import Foundation
import GeoReminders
import HTTPTypes
import Hummingbird
import ReminderViews

/// `/api/v1/channels`: the notification channels, as `georemind channel list|add|remove` manage
/// them (docs/notifications.md): a token's account sees and manages its own channels (an admin's
/// also those that are no one's). Reading needs a `read` token, changing a `full` one; a token
/// given when adding is never shown back.
struct ChannelAPI: Sendable {
    let api: ReminderAPI

    /// The body of `POST /api/v1/channels`.
    struct Create: Decodable {
        var kind: String
        var target: String
        var token: String?
        var name: String?
    }

    /// Adds `channels` to `api` (`/api/v1`).
    func register(on group: RouteGroup) {
        let channels = group.group("channels")
        let access = api.access
        channels.on("", .get) { _, context in
            try await api.respond(context, needs: .read) { token in
                let channels = try access.reading(.webhooks) { try $0.channels(visibleTo: token.account) }
                return try ReminderAPI.json(.ok, channels.map(ChannelJSON.init))
            }
        }
        channels.on("", .post) { request, context in
            let body = try await ReminderAPI.body(request)
            return try await api.respond(context, needs: .full) { token in
                let create = try JSONDecoder().decode(Create.self, from: Data(body))
                guard let kind = ChannelKind(rawValue: create.kind), kind != .webhook else {
                    throw APIError(status: .unprocessableContent, message: "field 'kind': use ntfy, apprise or email")
                }
                if create.token != nil, kind != .ntfy {
                    throw APIError(status: .unprocessableContent, message: "field 'token' is for ntfy channels")
                }
                let channel = try access.writing(.webhooks) {
                    try $0.addChannel(kind: kind, target: create.target, token: create.token, name: create.name, account: token.account)
                }
                return try ReminderAPI.json(.created, ChannelJSON(channel))
            }
        }
        channels.on(":name", .delete) { _, context in
            let name = try context.parameters.require("name")
            return try await api.respond(context, needs: .full) { token in
                _ = try access.writing(.webhooks) { try $0.removeChannel(name, visibleTo: token.account) }
                return Response(status: .noContent)
            }
        }
    }
}
