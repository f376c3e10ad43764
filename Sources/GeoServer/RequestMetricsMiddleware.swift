import Hummingbird

/// Counts and times every request by the route it matched (`owntracks`, `api/v1/reminders/{id}`,
/// `dav`), with the status it was finally answered with: the outermost middleware, so an error
/// another middleware rendered (a 503 with its `Retry-After`) is counted as what the client got.
/// Labels are route patterns, never raw paths, so ids do not grow the metric's label set.
struct RequestMetricsMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let metrics: ServerMetrics

    func handle(
        _ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var status = 500
        defer {
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            let endpoint = Self.label(context.endpointPath)
            metrics.request(endpoint: endpoint, status: status, seconds: seconds)
            context.logger.debug("request", metadata: ["endpoint": "\(endpoint)", "status": "\(status)"])
        }
        do {
            let response = try await next(request, context)
            status = response.status.code
            return response
        } catch let error as any HTTPResponseError {
            status = error.status.code
            throw error
        }
    }

    /// The matched route without its leading slash; `unmatched` for a path no route has.
    static func label(_ path: String?) -> String {
        guard let path, path != "NotFound" else { return "unmatched" }
        return path.hasPrefix("/") ? String(path.dropFirst()) : path
    }
}
