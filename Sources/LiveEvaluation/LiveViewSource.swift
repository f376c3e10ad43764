import GeoReminders

/// Where the live map's view comes from: the SQLite server's evaluator, or a shared store's
/// `deviceLive` rows (SharedEvaluation's `SharedLiveView`).
package protocol LiveViewSource: Sendable {
    func view() async throws -> LiveView
}

extension LiveEvaluator: LiveViewSource {}
