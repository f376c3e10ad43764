import FixStreams
import Foundation
import GeofenceEngine
import Synchronization

extension AlarmEvaluator {
    /// Feeds every fix `produce` yields, reading on a thread of its own while each engine shard
    /// decides its devices on a thread of its own; the events are then exactly those that feeding
    /// the fixes one by one gives (hand them out with ``finish(emit:)``).
    ///
    /// Only each device's fixes are ordered with respect to each other, and without a reorder
    /// window an alarm's event is its earliest candidate (by time, kind, alarm, then the stream
    /// position of the fix that proposed it), so shards can collect candidates apart and merge
    /// them at the end. With a reorder window, or one shard, fixes are fed one by one (still read
    /// on a thread of their own), since the window is a clock across devices.
    ///
    /// - Parameters:
    ///   - progress: called on a shard's thread with the size of each batch it decided.
    /// - Returns: what `produce` returned.
    public func feedInParallel<Output: Sendable>(
        produce: @escaping @Sendable (_ yield: (Fix) throws -> Void) throws -> Output,
        progress: @escaping @Sendable (Int) -> Void = { _ in }
    ) throws -> Output {
        try feedInParallel(batchSize: 8_192, produce: produce, progress: progress)
    }

    /// ``feedInParallel(produce:progress:)`` in batches of `batchSize` fixes (tests: many batches
    /// from a short stream, so shards hand each other retirements between them).
    func feedInParallel<Output: Sendable>(
        batchSize: Int, produce: @escaping @Sendable (_ yield: (Fix) throws -> Void) throws -> Output,
        progress: @escaping @Sendable (Int) -> Void = { _ in }
    ) throws -> Output {
        let shards = reorderWindow == nil ? engine.engines.count : 1
        return try feedInParallel(FixPipeline.start(consumers: shards, batchSize: batchSize, produce: produce), progress: progress)
    }

    /// Starts reading fixes for ``feedInParallel(_:progress:)`` before the evaluator exists, so
    /// parsing overlaps loading the reminders and building the engines; `shards` must be the
    /// evaluator's (1 with a reorder window). ``FixReading/cancel()`` it if the evaluator fails.
    public static func startReading<Output: Sendable>(
        shards: Int, produce: @escaping @Sendable (_ yield: (Fix) throws -> Void) throws -> Output
    ) -> FixReading<Output> {
        FixPipeline.start(consumers: shards, produce: produce)
    }

    /// ``startReading(shards:produce:)`` for a producer that hands parsing jobs to the reading's
    /// threads (``FixSink/hand(_:)``), as `TraceReader.read(into:)` does for CSV.
    public static func startReading<Output: Sendable>(
        shards: Int, producer: @escaping @Sendable (FixSink) throws -> Output
    ) -> FixReading<Output> {
        FixPipeline.start(consumers: shards, producer: producer)
    }

    /// ``feedInParallel(produce:progress:)`` on a reading already started.
    public func feedInParallel<Output: Sendable>(
        _ reading: FixReading<Output>, progress: @escaping @Sendable (Int) -> Void = { _ in }
    ) throws -> Output {
        guard !finished else {
            reading.cancel()
            throw EvaluationError.finished
        }
        guard reorderWindow == nil, engine.engines.count > 1 else {
            precondition(reading.consumers == 1, "a reorder window or one engine decides fixes in stream order")
            let serial = SerialFeed(evaluator: self)
            return try reading.consume { _, batch in
                try serial.feed(batch)
                progress(batch.count)
            }
        }
        precondition(reading.consumers == engine.engines.count, "the reading routes fixes to the evaluator's shards")
        let retirements = SharedRetirements()
        let shards = engine.engines.indices.map { shard in
            ShardRun(shard: shard, engine: engine.engines[shard], alarms: transitionAlarms, count: alarms.count, retirements: retirements)
        }
        let output = try reading.consume { shard, batch in
            shards[shard].feed(batch)
            progress(batch.count)
        }
        // Per alarm, the shards' candidates compete as one engine's would (by time and kind, then by
        // stream position); the winners are offered, and no sort of every candidate is needed.
        // Taken, not copied: merging into a copy would copy every kept candidate first.
        var winners = shards[0].takeCandidates()
        for shard in shards.dropFirst() { winners.merge(shard.candidates) }
        winners.forEach { event in offer(event) }
        for shard in shards where shard.earliest <= shard.latest {
            for time in [shard.earliest, shard.latest] where time > spanEnd || time < spanStart { extendSpan(to: time) }
        }
        return output
    }
}

/// The one-by-one path of ``AlarmEvaluator/feedInParallel(produce:progress:)``, on the calling thread.
///
/// `@unchecked Sendable`: the pipeline calls its only consumer on the thread that called
/// `feedInParallel`, which owns the evaluator, and returns before that call does.
private struct SerialFeed: @unchecked Sendable {
    let evaluator: AlarmEvaluator

    func feed(_ batch: FixPipeline.Batch) throws {
        try batch.forEach { _, fix, _ in try evaluator.feed(fix) { _ in } }
    }
}

/// One shard's run: its engine, its alarms' earliest candidates, and its admitted fixes' time span
/// (seconds since 2001).
///
/// `@unchecked Sendable`: during the pipeline one thread at a time decides a shard's batch (the
/// reading hands shards over under its lock), so its state and its engine (whose fence tables,
/// shared with the other shards, are only read) are never touched by two threads at once; the
/// evaluator reads it after the pipeline returned.
private final class ShardRun: @unchecked Sendable {
    let shard: Int
    let engine: GeofenceEngine
    let alarms: TransitionAlarms
    let retirements: SharedRetirements
    // One thread at a time and no re-entrant access: the runtime exclusivity check is skipped (it
    // is a measurable share of a transition's cost).
    @exclusivity(unchecked) var candidates: CandidateEvents
    @exclusivity(unchecked) var earliest = Double.infinity
    @exclusivity(unchecked) var latest = -Double.infinity
    /// What the other shards found, held until this shard's fixes reach it.
    @exclusivity(unchecked) private var inbox: RetirementInbox
    @exclusivity(unchecked) private var found: [SharedRetirements.Retirement] = []

    init(shard: Int, engine: GeofenceEngine, alarms: TransitionAlarms, count: Int, retirements: SharedRetirements) {
        self.shard = shard
        self.engine = engine
        self.alarms = alarms
        self.retirements = retirements
        inbox = RetirementInbox(shard: shard)
        candidates = CandidateEvents(alarmCount: count)
    }

    /// The candidates kept, leaving none (the run is over).
    func takeCandidates() -> CandidateEvents {
        var taken = CandidateEvents(alarmCount: 0)
        swap(&taken, &candidates)
        return taken
    }

    func feed(_ batch: FixPipeline.Batch) {
        // The other shards' candidates retire their fences here too, once this shard's fixes reach them.
        inbox.collect(from: retirements, reached: latest) { fence, time in
            engine.retire(fence: Int(fence), from: Date(timeIntervalSinceReferenceDate: time))
        }
        // Each device is looked up in the engine once a batch, not by its name at every fix.
        var slots = [DeviceSlot](repeating: DeviceSlot(), count: batch.deviceCount)
        batch.forEach { index, fix, device in
            let position = batch.position(of: index)
            let disposition = engine.feed(fix, slot: &slots[device]) { transition in
                // A later transition of this fence cannot make an earlier candidate: retired.
                if let event = alarms.candidate(for: transition), candidates.offer(event, position: position) {
                    engine.retire(fence: Int(transition.fenceIndex), from: Date(timeIntervalSinceReferenceDate: event.time))
                    found.append(.init(shard: shard, fence: transition.fenceIndex, time: event.time))
                }
            }
            guard disposition == .admitted, let time = fix.time?.timeIntervalSinceReferenceDate else { return }
            if time < earliest { earliest = time }
            if time > latest { latest = time }
        }
        if !found.isEmpty {
            retirements.publish(found)
            found.removeAll(keepingCapacity: true)
        }
    }
}

/// The earliest candidate event of each alarm seen by one shard, with the stream position of the
/// fix that proposed it (the tie-break one engine applies by seeing fixes in stream order).
private struct CandidateEvents {
    private var slot: [Int32]
    /// Per alarm, the time of its kept candidate (+∞ while none): most offers come later than it,
    /// and this small array answers them without reaching into `all` (a cache miss each).
    private var keptTime: [Double]
    private var all: [(event: PendingEvent, position: Int)] = []

    init(alarmCount: Int) {
        slot = Array(repeating: -1, count: alarmCount)
        keptTime = Array(repeating: .infinity, count: alarmCount)
    }

    /// Hands each kept candidate to `body`, in the order they were first kept.
    func forEach(_ body: (PendingEvent) -> Void) {
        for candidate in all { body(candidate.event) }
    }

    /// Keeps, per alarm, the earlier of this shard's candidate and `other`'s: by time and kind,
    /// then by the position of the fix that proposed it, as one engine seeing every fix would.
    mutating func merge(_ other: CandidateEvents) {
        for candidate in other.all {
            let number = Int(candidate.event.alarm)
            guard slot[number] >= 0 else {
                slot[number] = Int32(all.count)
                all.append(candidate)
                keptTime[number] = candidate.event.time
                continue
            }
            let kept = all[Int(slot[number])]
            guard candidate.event.precedes(kept.event) || (!kept.event.precedes(candidate.event) && candidate.position < kept.position)
            else { continue }
            all[Int(slot[number])] = candidate
            keptTime[number] = candidate.event.time
        }
    }

    /// Keeps `event` if it is its alarm's earliest so far; returns whether it did.
    mutating func offer(_ event: PendingEvent, position: Int) -> Bool {
        let number = Int(event.alarm)
        guard event.time <= keptTime[number] else { return false }
        guard slot[number] >= 0 else {
            slot[number] = Int32(all.count)
            all.append((event, position))
            keptTime[number] = event.time
            return true
        }
        // Positions only grow within a shard: an equal event from a later fix never replaces.
        guard event.precedes(all[Int(slot[number])].event) else { return false }
        all[Int(slot[number])] = (event, position)
        keptTime[number] = event.time
        return true
    }
}
