import Foundation
import GeoReminders
import GeofenceEngine
import PostgresNIO

extension PartitionEvaluationStore {
    /// Records fired alarms, their outbox rows and the state as ``ReminderStore``'s commit does (an
    /// outbox row only for an alarm the UPDATE found, none twice for one event id; a whole state
    /// empties the fix log; `body` runs before the commit), in a transaction that first confirms
    /// the lease: a lost lease throws ``SharedStoreError/leaseLost(partition:)`` and writes nothing.
    /// Inside ``takeInbox(limit:_:)`` it joins that transaction, whose lease is confirmed already.
    ///
    /// Only an alarm not yet fired is recorded: every partition's evaluator arms every location
    /// alarm, and when devices of two partitions cross one place, the first commit fires it (the
    /// second waits on the row's lock, then finds it fired) and the other writes no outbox row.
    package func commitEvaluation(
        firedEvents: [AlarmEvent], lateAfter: TimeInterval,
        state: Data?, forKey key: String, loggedFixes: [Fix], during body: () throws -> Void
    ) throws {
        try requireOwnKey(key)
        let now = self.now()
        func write() throws {
            var recorded: [OutboxEvent] = []
            for event in firedEvents {
                let fired = try run(
                    """
                    UPDATE alarm SET firedDate = \(event.time.timeIntervalSinceReferenceDate)
                    WHERE reminderNumber = (SELECT number FROM reminder WHERE id = \(event.reminder.id)) AND id = \(event.alarm.id)
                        AND firedDate IS NULL
                    """)
                guard fired.metadata.rows == 1 else { continue }
                recorded.append(OutboxEvent(event, recordedDate: now, lateAfter: lateAfter))
            }
            // After the alarm rows' locks: see SharedOutbox.appending on the turn it takes.
            for statement in SharedOutbox.appending(recorded) { try run(statement) }
            if let state {
                try run(
                    """
                    INSERT INTO engineState (key, snapshot, savedDate)
                    VALUES (\(key), \(ByteBuffer(bytes: state)), \(now.timeIntervalSinceReferenceDate))
                    ON CONFLICT (key) DO UPDATE SET snapshot = excluded.snapshot, savedDate = excluded.savedDate
                    """)
                try run("DELETE FROM liveFixBatch WHERE stateKey = \(key)")
            }
            try self.log(loggedFixes, forKey: key)
            try body()
        }
        if inTransaction.withLock({ $0 }) {
            try write()
        } else {
            try transaction(begin: "BEGIN", fenced: true, write)
        }
    }

    /// Appends the fixes to the key's log as one batch (the layout SQLite's log uses).
    private func log(_ fixes: [Fix], forKey key: String) throws {
        guard !fixes.isEmpty else { return }
        let batch = ByteBuffer(bytes: FixLogBatch.encode(fixes))
        try run("INSERT INTO liveFixBatch (stateKey, fixes) VALUES (\(key), \(batch))")
    }

    /// The partitioned live evaluator's step, in one transaction that first confirms the lease:
    /// takes up to `limit` of the partition's oldest inbox fixes (as ``FixInbox/take(partition:owner:limit:on:_:)``),
    /// runs `body` on them — the evaluator admits them and commits, its commit joining this
    /// transaction — then deletes them. If the lease was lost, `body` throws or the connection
    /// dies, nothing is taken and nothing written. Returns how many fixes were taken.
    @discardableResult
    package func takeInbox(limit: Int, _ body: ([InboxFix]) throws -> Void) throws -> Int {
        try transaction(begin: "BEGIN", fenced: true) {
            let taken = try run(FixInbox.oldest(lease.partition, limit: limit)).map(FixInbox.inboxFix)
            guard !taken.isEmpty else { return 0 }
            try body(taken)
            try run(FixInbox.deletion(of: taken, partition: lease.partition))
            return taken.count
        }
    }
}
