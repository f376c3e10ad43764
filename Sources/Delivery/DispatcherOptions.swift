import Foundation
import GeoReminders

/// How a ``WebhookDispatcher`` paces its deliveries.
package struct DispatcherOptions: Sendable {
    /// Requests in flight at once per endpoint (each to a different device's queue).
    package var concurrencyPerEndpoint = 32
    /// A request that has not been answered in this many seconds fails and is retried.
    package var timeout: TimeInterval = 10
    /// How often an idle endpoint looks for new events, in seconds.
    package var pollInterval: TimeInterval = 0.25
    package var retry = RetryPolicy()
    /// Delivered events are pruned from the outbox this many seconds after they were recorded.
    package var keepEvents: TimeInterval = 30 * 24 * 3600
    /// Names this dispatcher's leases, so another instance skips what it is sending.
    package var owner = "dispatcher-\(UUID().uuidString.lowercased())"
    /// `serve`'s URL as a phone reaches it (`https://georemind.example.org`): notification channels'
    /// Done links point there. Nil: alerts carry no Done link.
    package var actionBase: String?

    package init() {}

    /// A claimed delivery stays claimed this long: the request's timeout and a margin, after which
    /// another dispatcher (or this one after a restart) may send it again.
    var lease: TimeInterval { timeout + 5 }
}
