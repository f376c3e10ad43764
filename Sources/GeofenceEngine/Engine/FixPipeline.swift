import Dispatch
import Foundation

/// Reads fixes on one thread while they are decided on others: a producer (a trace reader) runs on
/// a thread of its own and routes its fixes, in batches, to consumers (shards); every thread
/// works on whichever shard has batches waiting, one thread per shard at a time, so each shard
/// still sees its fixes in stream order. At most `depth` batches wait per shard, so memory stays
/// flat whatever the input's size.
///
/// ```swift
/// let reports = try FixPipeline.run(consumers: 2, route: { shards.shard(of: $0.device) },
///                                   produce: { yield in try reader.read(yield) },
///                                   consume: { shard, batch in decide(batch, on: shard) })
/// ```
/// With several consumers there are as many threads as consumers, the producer's among them: it
/// decides batches itself whenever a shard's queue is full, and drains the queues with the others
/// once it has read everything, so a machine's cores are neither idle nor oversubscribed whether
/// reading or deciding costs more. With one consumer the calling thread decides everything.
///
/// A consumer receives its fixes in stream order, each with its position in the stream. An error
/// of the producer reaches the caller after every batch read before it was consumed; an error of
/// a consumer stops the others and the producer at their next batch. Every consumer has returned
/// when `run` (or ``FixReading/consume(_:)``) returns or throws.
public enum FixPipeline {
    /// Some of a stream's fixes and their positions in it (0 for the first fix read).
    public struct Batch: Sendable {
        public var fixes: [Fix] = []
        public var positions: [Int] = []

        init(capacity: Int) {
            fixes.reserveCapacity(capacity)
            positions.reserveCapacity(capacity)
        }
    }

    /// Starts reading at once, before the consumers are ready: what the caller sets up meanwhile
    /// (loading reminders, building engines) overlaps the first batches' parsing.
    public static func start<Output: Sendable>(
        consumers: Int = 1, batchSize: Int = 8_192, depth: Int = 8,
        route: @escaping @Sendable (Fix) -> Int = { _ in 0 },
        produce: @escaping @Sendable (_ yield: (Fix) throws -> Void) throws -> Output
    ) -> FixReading<Output> {
        FixReading(consumers: consumers, batchSize: batchSize, depth: depth, route: route, produce: produce)
    }

    /// ``start(consumers:batchSize:depth:route:produce:)`` and ``FixReading/consume(_:)`` at once.
    public static func run<Output: Sendable>(
        consumers: Int = 1, batchSize: Int = 8_192, depth: Int = 8,
        route: @escaping @Sendable (Fix) -> Int = { _ in 0 },
        produce: @escaping @Sendable (_ yield: (Fix) throws -> Void) throws -> Output,
        consume: @escaping @Sendable (_ consumer: Int, _ batch: Batch) throws -> Void
    ) throws -> Output {
        try start(consumers: consumers, batchSize: batchSize, depth: depth, route: route, produce: produce).consume(consume)
    }
}

/// A stream being read on a thread of its own, its fixes waiting in per-consumer batches until
/// ``consume(_:)`` decides them; ``cancel()`` stops a reading nobody will consume.
///
/// `@unchecked Sendable`: every stored variable below `condition` is read and written only while
/// holding it; a batch is handed from thread to thread under it, and a shard is marked busy while
/// one thread decides its batch, so no two threads touch one shard's consumer state at once.
public final class FixReading<Output: Sendable>: @unchecked Sendable {
    public typealias Consumer = @Sendable (_ consumer: Int, _ batch: FixPipeline.Batch) throws -> Void

    /// How many consumers (shards) the fixes are routed to.
    public let consumers: Int
    private let depth: Int
    /// Whether the producer's thread decides batches too (several consumers only: one consumer's
    /// batches are decided on the calling thread, which may own what it decides with).
    private let producerHelps: Bool

    private let condition = NSCondition()
    private var queues: [[FixPipeline.Batch]]
    private var busy: [Bool]
    /// Set by ``consume(_:)``; until then the producer only queues.
    private var consumer: Consumer?
    /// Set once the producer queued its last batch: what it returned or threw.
    private var produced: Result<Output, any Error>?
    private var producerExited = false
    private var stopped = false
    private var failures: [any Error] = []

    init(
        consumers: Int, batchSize: Int, depth: Int, route: @escaping @Sendable (Fix) -> Int,
        produce: @escaping @Sendable (_ yield: (Fix) throws -> Void) throws -> Output
    ) {
        precondition(consumers >= 1, "at least one consumer")
        precondition(batchSize >= 1 && depth >= 1, "batches of at least one fix, at least one waiting")
        self.consumers = consumers
        self.depth = depth
        producerHelps = consumers > 1
        queues = Array(repeating: [], count: consumers)
        busy = Array(repeating: false, count: consumers)
        let producer = Thread { [self] in
            var batches = (0..<consumers).map { _ in FixPipeline.Batch(capacity: batchSize) }
            var position = 0
            let result = Result {
                try produce { fix in
                    let consumer = route(fix)
                    batches[consumer].fixes.append(fix)
                    batches[consumer].positions.append(position)
                    position += 1
                    if batches[consumer].fixes.count == batchSize {
                        try queue(batches[consumer], for: consumer)
                        batches[consumer] = FixPipeline.Batch(capacity: batchSize)
                    }
                }
            }
            // What was read before an error is decided too, as a serial feed would have.
            for (consumer, batch) in batches.enumerated() where !batch.fixes.isEmpty {
                try? queue(batch, for: consumer)
            }
            condition.lock()
            produced = result
            condition.broadcast()
            condition.unlock()
            if producerHelps { work() }
            condition.lock()
            producerExited = true
            condition.broadcast()
            condition.unlock()
        }
        producer.stackSize = 8 << 20
        producer.start()
    }

    /// Decides every fix read (the calling thread works too) and returns what the producer
    /// returned; at most once.
    public func consume(_ consume: @escaping Consumer) throws -> Output {
        condition.lock()
        precondition(consumer == nil, "a reading is consumed once")
        consumer = consume
        condition.broadcast()
        condition.unlock()

        let group = DispatchGroup()
        for _ in 0..<(producerHelps ? consumers - 2 : consumers - 1) {
            group.enter()
            let thread = Thread { [self] in
                work()
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        work()
        group.wait()

        condition.lock()
        // Stopped: no batch is decided any more once none is busy (the producer may still be
        // blocked reading); otherwise its result is complete once its thread is done.
        while stopped ? busy.contains(true) : !producerExited { condition.wait() }
        let errors = failures
        let result = produced
        condition.unlock()
        // A consumer's own error, or the producer's; the cancellations it caused are not the story.
        if let error = errors.first(where: { !($0 is CancellationError) }) ?? errors.first { throw error }
        guard let result else { throw CancellationError() }
        return try result.get()
    }

    /// Stops a reading that will not be consumed (the caller failed to set up): the producer ends
    /// at its next batch. Harmless after ``consume(_:)``.
    public func cancel() {
        condition.lock()
        stopLocked()
        condition.unlock()
    }

    /// Drops every waiting batch and wakes everyone to see the run stopped (called holding `condition`).
    private func stopLocked() {
        stopped = true
        queues = Array(repeating: [], count: consumers)
        condition.broadcast()
    }

    /// The producer's hand-over: waits for room in `consumer`'s queue, deciding waiting batches
    /// meanwhile when it helps; throws `CancellationError` once the run stopped.
    private func queue(_ batch: FixPipeline.Batch, for consumer: Int) throws {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if stopped { throw CancellationError() }
            if queues[consumer].count < depth {
                queues[consumer].append(batch)
                condition.broadcast()
                return
            }
            if producerHelps, let decide = self.consumer, let shard = nextShard() {
                decideLocked(shard, with: decide)
            } else {
                condition.wait()
            }
        }
    }

    /// A worker's loop: decides waiting batches until the producer is done and every queue is empty.
    private func work() {
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            if let decide = consumer, let shard = nextShard() {
                decideLocked(shard, with: decide)
            } else if produced != nil && queues.allSatisfy(\.isEmpty) {
                return
            } else {
                condition.wait()
            }
        }
    }

    /// The idle shard with the most batches waiting (called holding `condition`).
    private func nextShard() -> Int? {
        var best: Int?
        for shard in 0..<consumers where !busy[shard] && !queues[shard].isEmpty {
            if best.map({ queues[shard].count > queues[$0].count }) ?? true { best = shard }
        }
        return best
    }

    /// Decides `shard`'s oldest batch without holding `condition` (called and returning holding it);
    /// a consumer's error stops the run.
    private func decideLocked(_ shard: Int, with decide: Consumer) {
        busy[shard] = true
        let batch = queues[shard].removeFirst()
        condition.broadcast()  // Room for the producer.
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
