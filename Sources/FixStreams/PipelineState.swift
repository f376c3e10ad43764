import Foundation
import GeofenceEngine

/// The shared state of a ``FixReading`` and the work its threads take from it: parsing a job
/// (routing its fixes into per-consumer batches as it goes), queueing the parsed segments' batches
/// in stream order, deciding a shard's batch.
///
/// `@unchecked Sendable`: every variable between `condition` and `position` is read and written
/// only while holding `condition`; `position` only by the one thread that set `routing`; a batch is handed from thread to thread under `condition`, and a
/// shard is marked busy while one thread decides its batch, so no two threads touch one shard's
/// consumer state at once.
final class PipelineState: @unchecked Sendable {
    typealias Consumer = @Sendable (_ consumer: Int, _ batch: FixPipeline.Batch) throws -> Void
    /// Parses a part of the stream, appending each fix in order to the batches it is given.
    typealias Job = @Sendable (_ fixes: inout RoutedFixes) -> Void

    /// A part of the stream: fixes the producer parsed, or a job parsing them.
    enum Segment {
        case parsed([Fix])
        /// A job, and about how many fixes it yields (to size their batches).
        case job(Job, expected: Int)
    }

    let consumers: Int
    /// Fixes the producer yields per segment, and the unit of a queue's bound.
    let batchSize: Int
    private let depth: Int
    /// Fixes that may wait in all before the consumer is set (``readAheadLimit(consumers:batchSize:depth:)``).
    let readAhead: Int
    /// Segments handed and not yet routed (waiting, being parsed or parsed) at most.
    private let segmentLimit: Int
    /// Whether the producer's thread decides batches too (several consumers only: one consumer's
    /// batches are decided on the calling thread, which may own what it decides with).
    let producerHelps: Bool

    let condition = NSCondition()
    private var queues: [[FixPipeline.Batch]]
    /// Fixes waiting in each queue: at most `depth` × `batchSize` × `consumers` in all once the
    /// consumer is set, `readAhead` before (batches come in any size).
    private var queuedFixes: [Int]
    private var busy: [Bool]
    /// Set by ``FixReading/consume(_:)``; until then batches only queue.
    private(set) var consumer: Consumer?
    private var jobs: [(sequence: Int, job: Job, expected: Int)] = []
    private var runningJobs = 0
    /// Segments parsed (and split by consumer) and not yet routed, by sequence number.
    private var parsed: [Int: RoutedFixes] = [:]
    /// Segments handed so far (the next one's sequence number).
    private var handed = 0
    private var nextToRoute = 0
    private var routing = false
    private var producerDone = false
    /// The producer is done and every segment's batches were queued.
    private var flushed = false
    private(set) var producerExited = false
    private(set) var stopped = false
    private(set) var failures: [any Error] = []

    // The router's, outside `condition`: the stream position of the next segment's first fix.
    private var position = 0

    init(consumers: Int, batchSize: Int, depth: Int) {
        precondition(consumers >= 1, "at least one consumer")
        precondition(batchSize >= 1 && depth >= 1, "batches of at least one fix, at least one waiting")
        self.consumers = consumers
        self.batchSize = batchSize
        self.depth = depth
        segmentLimit = max(16, 8 * consumers)
        readAhead = Self.readAheadLimit(consumers: consumers, batchSize: batchSize, depth: depth)
        producerHelps = consumers > 1
        queues = Array(repeating: [], count: consumers)
        busy = Array(repeating: false, count: consumers)
        queuedFixes = Array(repeating: 0, count: consumers)
    }

    /// Before the consumer is set nobody decides, and a reading started early (while the reminders
    /// load) would stop at the queues' usual bound and leave its core idle: it may read on to as
    /// many fixes as eight consumers' queues hold (1,048,576 by default, some 25–30 MB of batches).
    static func readAheadLimit(consumers: Int, batchSize: Int, depth: Int) -> Int {
        max(consumers, 8) * depth * batchSize
    }

    // MARK: The producer's side

    /// Hands over the stream's next segment, once few enough wait (working meanwhile); the
    /// producer routes its own parsed fixes at once when nobody else is routing.
    func submit(_ segment: Segment) throws {
        var routed: RoutedFixes?
        if case let .parsed(fixes) = segment { routed = split(fixes) }
        condition.lock()
        defer { condition.unlock() }
        while jobs.count + runningJobs + parsed.count >= segmentLimit {
            if stopped { throw CancellationError() }
            if !runTaskLocked(mayDecide: producerHelps) { condition.wait() }
        }
        if stopped { throw CancellationError() }
        let sequence = handed
        handed += 1
        switch segment {
        case .parsed: parsed[sequence] = routed
        case let .job(job, expected): jobs.append((sequence, job, expected))
        }
        condition.broadcast()
        if !routing, parsed[nextToRoute] != nil { routeLocked(mayDecide: producerHelps) }
    }

    /// Waits until no job waits or runs, working meanwhile.
    func awaitJobs() throws {
        condition.lock()
        defer { condition.unlock() }
        while !jobs.isEmpty || runningJobs > 0 {
            if stopped { throw CancellationError() }
            if !runTaskLocked(mayDecide: producerHelps) { condition.wait() }
        }
        if stopped { throw CancellationError() }
    }

    /// The producer has handed everything (`store` records its result, under the lock).
    func finishProducing(_ store: () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        store()
        producerDone = true
        condition.broadcast()
        if !routing { routeLocked(mayDecide: producerHelps) }
    }

    func producerThreadExited() {
        condition.lock()
        producerExited = true
        condition.broadcast()
        condition.unlock()
    }

    // MARK: The consumers' side

    func setConsumer(_ consume: @escaping Consumer) {
        condition.lock()
        precondition(consumer == nil, "a reading is consumed once")
        consumer = consume
        condition.broadcast()
        condition.unlock()
    }

    /// A thread's loop: parses, routes and (with `mayDecide`) decides until everything read was
    /// routed and, for a deciding thread, every queue is empty; or the run stopped.
    func work(mayDecide: Bool) {
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            if runTaskLocked(mayDecide: mayDecide) { continue }
            if flushed && !routing && jobs.isEmpty && runningJobs == 0 && (!mayDecide || queues.allSatisfy(\.isEmpty)) {
                return
            }
            condition.wait()
        }
    }

    /// Waits until the run can be reported: the producer's thread is done or, stopped, no batch or
    /// job is being worked on any more (the producer may still be blocked reading).
    func awaitEnd() -> [any Error] {
        condition.lock()
        defer { condition.unlock() }
        while stopped ? busy.contains(true) || runningJobs > 0 || routing : !producerExited { condition.wait() }
        return failures
    }

    /// Drops every waiting batch and segment and wakes everyone to see the run stopped.
    func stop() {
        condition.lock()
        stopLocked()
        condition.unlock()
    }

    private func stopLocked() {
        stopped = true
        queues = Array(repeating: [], count: consumers)
        queuedFixes = Array(repeating: 0, count: consumers)
        jobs.removeAll()
        parsed.removeAll()
        condition.broadcast()
    }

    // MARK: Tasks (called holding `condition`, which they release while working)

    /// Takes one task: a shard's batch (deciding thread, consumer set), the next segments to route,
    /// or a job; false when there is none.
    private func runTaskLocked(mayDecide: Bool) -> Bool {
        if mayDecide, let decide = consumer, let shard = nextShard() {
            decideLocked(shard, with: decide)
            return true
        }
        if !routing, parsed[nextToRoute] != nil || (producerDone && nextToRoute == handed && !flushed) {
            routeLocked(mayDecide: mayDecide)
            return true
        }
        if !jobs.isEmpty {
            runJobLocked()
            return true
        }
        return false
    }

    private func runJobLocked() {
        let (sequence, job, expected) = jobs.removeFirst()
        runningJobs += 1
        condition.unlock()
        // Routed as they are parsed: each fix is copied once, into its consumer's batch.
        var routed = RoutedFixes(consumers: consumers, expected: expected)
        job(&routed)
        condition.lock()
        runningJobs -= 1
        if !stopped { parsed[sequence] = routed }
        condition.broadcast()
    }

    /// Splits a segment's fixes by consumer (the routing's per-fix work, done by whichever thread
    /// parsed them, so that only queueing is serial).
    private func split(_ fixes: [Fix]) -> RoutedFixes {
        var routed = RoutedFixes(consumers: consumers, expected: fixes.count)
        for fix in fixes { routed.append(fix) }
        return routed
    }

    /// Queues the parsed segments next in stream order, their positions now known, and marks the
    /// stream routed once the producer is done and every segment was queued.
    private func routeLocked(mayDecide: Bool) {
        routing = true
        defer {
            routing = false
            condition.broadcast()
        }
        while !stopped {
            if let segment = parsed.removeValue(forKey: nextToRoute) {
                nextToRoute += 1
                condition.broadcast()  // Room for the producer.
                condition.unlock()
                var queued = true
                for (consumer, var batch) in segment.routed.enumerated() where batch.count > 0 && queued {
                    batch.base = position
                    queued = (try? queue(batch, for: consumer, mayDecide: mayDecide)) != nil
                }
                position += segment.count
                condition.lock()
                if !queued { return }
            } else if producerDone && nextToRoute == handed && !flushed {
                flushed = true
                return
            } else {
                return
            }
        }
    }

    /// Waits for room in `consumer`'s queue, deciding (if allowed) or parsing meanwhile; throws
    /// `CancellationError` once the run stopped.
    private func queue(_ batch: FixPipeline.Batch, for consumer: Int, mayDecide: Bool) throws {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if stopped { throw CancellationError() }
            // Bounded in all, not per queue: a stream of one device fills its shard's queue alone.
            if queuedFixes.reduce(0, +) < (self.consumer == nil ? readAhead : depth * batchSize * consumers) {
                queues[consumer].append(batch)
                queuedFixes[consumer] += batch.count
                condition.broadcast()
                return
            }
            if mayDecide, let decide = self.consumer, let shard = nextShard() {
                decideLocked(shard, with: decide)
            } else if !jobs.isEmpty {
                runJobLocked()
            } else {
                condition.wait()
            }
        }
    }

    /// The idle shard with the most fixes waiting.
    private func nextShard() -> Int? {
        var best: Int?
        for shard in 0..<consumers where !busy[shard] && !queues[shard].isEmpty {
            if best.map({ queuedFixes[shard] > queuedFixes[$0] }) ?? true { best = shard }
        }
        return best
    }

    /// Decides `shard`'s oldest batch without holding `condition`; a consumer's error stops the run.
    private func decideLocked(_ shard: Int, with decide: Consumer) {
        busy[shard] = true
        let batch = queues[shard].removeFirst()
        queuedFixes[shard] -= batch.count
        condition.broadcast()  // Room for the router.
        condition.unlock()
        var failure: (any Error)?
        do { try decide(shard, batch) } catch { failure = error }
        condition.lock()
        busy[shard] = false
        if let failure {
            failures.append(failure)
            stopLocked()
        } else {
            condition.broadcast()
        }
    }
}
