import Foundation
import GeoReminders
import GeofenceEngine

/// What live evaluation needs from a store: the seam a shared (PostgreSQL) store will implement
/// beside the embedded SQLite one.
package protocol LiveStore: Sendable {
    /// The one evaluator `feed` uses, loaded with the store's armed alarms and saved state; an alarm
    /// fired by a fix older than `lateAfter` seconds is recorded late.
    func makeEvaluator(options: EngineOptions, lateAfter: TimeInterval) throws -> AlarmEvaluator
    /// Yields when the reminders changed, here or in another process (the CLI); not after the
    /// evaluator's own commits.
    func changes() throws -> AsyncStream<Void>
    /// Moves when reminders change (not when alarms are recorded fired).
    func reminderFingerprint() throws -> [Double]
    /// Adds devices first seen with a token; records tokens' and devices' last use.
    func registerDevices(_ devices: [(id: String, tokenName: String)]) throws
    func recordUse(tokens: Set<String>, devices: Set<String>, at date: Date) throws
    /// Commits a transaction that writes (nothing that means anything): whether the store takes
    /// commits again after one failed.
    func probeWrite() throws
}

extension ReminderStore: LiveStore {
    package func makeEvaluator(options: EngineOptions, lateAfter: TimeInterval) throws -> AlarmEvaluator {
        try AlarmEvaluator(
            store: self, options: options, mode: .commit, floatingZone: floatingTimeZone, checkpointInterval: 0,
            lateAfter: lateAfter)
    }

    package func changes() throws -> AsyncStream<Void> {
        try changes(of: .reminders, pollInterval: .milliseconds(250))
    }
}
