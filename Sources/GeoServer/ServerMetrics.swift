import GeoReminders
import Prometheus

/// The server's Prometheus metrics (text format at `/metrics`).
package final class ServerMetrics: Sendable {
    package let registry = PrometheusCollectorRegistry()
    let admittedCounters = MetricCache<String, Counter>()
    let queuedCounters = MetricCache<String, Counter>()
    let requestCounters = MetricCache<RequestLabels, Counter>()
    let durationHistograms = MetricCache<String, ValueHistogram>()

    struct RequestLabels: Hashable, Sendable {
        var endpoint: String
        var status: Int
    }

    package init() {}

    static func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "georemind", metricName: metric, unitName: unit, helpText: help)
    }

    static var admittedName: MetricNameDescriptor { name("fixes_admitted", "total", "Fixes admitted by the engine, by protocol.") }
    static var queuedName: MetricNameDescriptor {
        name("fixes_queued", "total", "Fixes posted to their partition's inbox on a shared store, by protocol.")
    }
    static var rejectedName: MetricNameDescriptor { name("fixes_rejected", "total", "Fixes not admitted, by reason.") }
    static var ignoredName: MetricNameDescriptor { name("messages_ignored", "total", "Messages accepted but not locations, by type.") }
    static var badName: MetricNameDescriptor { name("bad_requests", "total", "Requests refused as unreadable, by endpoint and reason.") }
    static var requestsName: MetricNameDescriptor { name("requests", "total", "Requests by endpoint and status.") }
    static var durationName: MetricNameDescriptor { name("request_duration", "seconds", "Request latency, commit included.") }
    static var batchName: MetricNameDescriptor { name("commit_batch", "requests", "Requests committed per transaction.") }
    static var devicesName: MetricNameDescriptor { name("devices_seen", "", "Distinct devices that posted since the server started.") }
    static var pendingName: MetricNameDescriptor { name("webhook_pending", "", "Events waiting for delivery, by endpoint.") }
    static var failingName: MetricNameDescriptor {
        name("webhook_failing", "", "1 when an endpoint has been failing past its retry period (or is disabled), by endpoint.")
    }
    static var crossingsName: MetricNameDescriptor {
        name("phone_crossings", "total", "Crossings phones reported of the regions they watch, by what they did to their alarm.")
    }
    static var firedName: MetricNameDescriptor { name("alarms_fired", "total", "Alarms fired, by kind.") }

    package func admitted(_ count: Int, protocol name: String) {
        guard count > 0 else { return }
        admittedCounters.metric(name) {
            registry.makeCounter(descriptor: Self.admittedName, labels: [("protocol", name)])
        }.increment(by: Int64(count))
    }

    func queued(_ count: Int, protocol name: String) {
        guard count > 0 else { return }
        queuedCounters.metric(name) {
            registry.makeCounter(descriptor: Self.queuedName, labels: [("protocol", name)])
        }.increment(by: Int64(count))
    }

    package func rejected(_ count: Int, reason: String) {
        guard count > 0 else { return }
        registry.makeCounter(descriptor: Self.rejectedName, labels: [("reason", reason)]).increment(by: Int64(count))
    }

    /// Phones' reported crossings by ``CrossingOutcome`` (docs/alarm-evaluation.md).
    package func crossings(_ outcomes: [CrossingOutcome: Int]) {
        for (outcome, count) in outcomes where count > 0 {
            registry.makeCounter(descriptor: Self.crossingsName, labels: [("outcome", outcome.rawValue)]).increment(by: Int64(count))
        }
    }

    func ignoredMessages(_ count: Int, type: String) {
        registry.makeCounter(descriptor: Self.ignoredName, labels: [("type", type)]).increment(by: Int64(count))
    }

    func badRequest(reason: String, endpoint: String) {
        registry.makeCounter(descriptor: Self.badName, labels: [("endpoint", endpoint), ("reason", reason)]).increment()
    }

    func request(endpoint: String, status: Int, seconds: Double) {
        requestCounters.metric(RequestLabels(endpoint: endpoint, status: status)) {
            registry.makeCounter(descriptor: Self.requestsName, labels: [("endpoint", endpoint), ("status", String(status))])
        }.increment()
        durationHistograms.metric(endpoint) {
            registry.makeValueHistogram(
                descriptor: Self.durationName, labels: [("endpoint", endpoint)],
                buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1])
        }.record(seconds)
    }

    package func committed(requests: Int, firedByKind: [String: Int], devicesSeen: Int) {
        registry.makeGauge(descriptor: Self.devicesName).set(Double(devicesSeen))
        registry.makeValueHistogram(
            descriptor: Self.batchName, labels: [],
            buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]
        ).record(Double(requests))
        fired(firedByKind)
    }

    package func fired(_ firedByKind: [String: Int]) {
        for (kind, count) in firedByKind {
            registry.makeCounter(descriptor: Self.firedName, labels: [("kind", kind)]).increment(by: Int64(count))
        }
    }

    /// The webhook endpoints' state, read from the store when `/metrics` is scraped.
    func webhooks(_ endpoints: [(url: String, pending: Int, failing: Bool)]) {
        for endpoint in endpoints {
            registry.makeGauge(descriptor: Self.pendingName, labels: [("endpoint", endpoint.url)]).set(Double(endpoint.pending))
            registry.makeGauge(descriptor: Self.failingName, labels: [("endpoint", endpoint.url)]).set(endpoint.failing ? 1.0 : 0.0)
        }
    }

    func text() -> String {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}
