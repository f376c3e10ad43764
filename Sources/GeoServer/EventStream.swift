import Foundation
import GeoReminders
import HTTPTypes
import Hummingbird
import NIOCore
import NIOPosix
import ReminderViews
import ServiceLifecycle

/// `GET /events`: the outbox as Server-Sent Events (`id:` the event id, `event:` its type,
/// `data:` the webhook payload). It reads the store's outbox, not the evaluator's memory, so it
/// shows events from `feed` and from any server sharing the store, and resumes exactly after
/// `Last-Event-ID` (or `?since=`).
struct EventStream: Sendable {
    let outbox: any OutboxReading
    /// The reminders an account may see events of (docs/people.md): asked when events came.
    let visibleReminders: @Sendable (_ account: String) throws -> Set<String>
    /// How often the outbox is read for new events while idle.
    var pollInterval: Duration = .milliseconds(250)
    /// A comment line this often keeps proxies from closing an idle stream.
    var keepAlive: Duration = .seconds(15)

    func response(_ request: Request, _ context: ServerContext) async throws -> Response {
        guard let token = context.token else { throw APIError.unauthenticated }
        guard token.scope.allows(.read) else { throw APIError.forbidden(.read) }
        let parameters = request.uri.queryParameters
        let resumeID = request.headers[HTTPField.Name("Last-Event-ID")!] ?? parameters.get("since")
        let outbox = outbox
        // The outbox's reads block: on NIO's blocking pool, not on Swift concurrency's few threads.
        let start = try await NIOThreadPool.singleton.runIfActive {
            try resumeID.map { try outbox.outboxSequence(resumingAfter: $0) } ?? outbox.outboxEnd()
        }
        let filter = EventFilter(device: parameters.get("device"), reminder: parameters.get("reminder"))
        let (pollInterval, keepAlive) = (pollInterval, keepAlive)
        let body = ResponseBody { writer in
            var cursor = start
            var idle = ContinuousClock.now
            // A retry hint for browsers' EventSource, then events as they are recorded.
            try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
            while !Task.isCancelled && !Task.isShuttingDownGracefully {
                let after = cursor
                let (events, visible) = try await NIOThreadPool.singleton.runIfActive {
                    let events = try outbox.outboxEvents(after: after, limit: 500)
                    return (events, events.isEmpty ? [] : try visibleReminders(token.account))
                }
                var text = ""
                for event in events where filter.matches(event) && visible.contains(event.reminder.id) {
                    text += "id: \(event.id)\nevent: \(event.type.rawValue)\ndata: "
                    text += String(decoding: try EventJSON.body(event), as: UTF8.self)
                    text += "\n\n"
                }
                cursor = events.last?.sequence ?? cursor
                if !text.isEmpty {
                    try await writer.write(ByteBuffer(string: text))
                    idle = .now
                } else if ContinuousClock.now - idle >= keepAlive {
                    try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                    idle = .now
                }
                if events.count < 500 { try? await Task.sleep(for: pollInterval) }
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache", HTTPField.Name("X-Accel-Buffering")!: "no"],
            body: body)
    }
}
