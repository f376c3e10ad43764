import Foundation
import GeoReminders
import HTTPTypes
import Hummingbird
import NIOPosix

/// `/api/v1/actions/done`: the signed Done link of a notification (``ActionLink``), answered
/// without a token, since the signature is the credential. POST completes the reminder once
/// (ntfy's `http` action); GET, what a mail reader's click sends, only shows a button that POSTs,
/// so a link scanner's prefetch completes nothing.
struct DoneLinkRoute: Sendable {
    let access: any StoreAccess

    func register(on root: RouteGroup) {
        root.on(ActionLink.path, .post) { request, _ in
            let query = Self.query(request)
            return try await NIOThreadPool.singleton.runIfActive { follow(query) }
        }
        root.on(ActionLink.path, .get) { request, _ in
            let query = Self.query(request)
            return try await NIOThreadPool.singleton.runIfActive { confirmation(query) }
        }
    }

    /// Checks the link and completes its reminder: 200 with what was done; 410 once used, expired,
    /// or the reminder already completed or gone; 403 for a bad signature, 400 for a partial link.
    func follow(_ query: [String: String]) -> Response {
        do {
            let link = try check(query)
            let result = try access.writing([.reminders, .actionUses]) { try $0.follow(link) }
            switch result.outcome {
            case .completed, .advanced:
                return GeoServer.json(
                    .ok, #"{"reminder":"\#(result.reminder.id)","outcome":"\#(result.outcome.rawValue)"}"#)
            case .alreadyCompleted, .staleOccurrence:
                return GeoServer.json(.gone, GeoServer.errorJSON("the reminder was already completed"))
            }
        } catch {
            return APIError(error).response
        }
    }

    /// A page with one button that POSTs the same link, after the link has been checked.
    func confirmation(_ query: [String: String]) -> Response {
        do {
            _ = try check(query)
        } catch {
            return APIError(error).response
        }
        var components = URLComponents()
        components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        let action =
            ActionLink.path + "?"
            + (components.percentEncodedQuery ?? "")
            .replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
        let html = """
            <!doctype html><meta charset="utf-8"><title>Done</title>
            <form method="post" action="\(action)"><button type="submit">Done</button></form>
            """
        return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    private func check(_ query: [String: String]) throws -> ActionLink {
        let key = try access.reading(.lists) { try $0.actionKey() }
        return try ActionLink(query: query, key: key, now: Date())
    }

    static func query(_ request: Request) -> [String: String] {
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
        return query
    }
}
