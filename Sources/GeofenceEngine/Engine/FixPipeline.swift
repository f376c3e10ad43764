import Dispatch
import Foundation
import Synchronization

/// Reads fixes on one thread while they are decided on others: a producer (a trace reader) runs on
/// a thread of its own and routes its fixes, in batches, to consumers that each run on a thread of
/// their own (the first on the calling thread). At most `depth` batches wait per consumer, so
/// memory stays flat whatever the input's size.
///
/// ```swift
/// let reports = try FixPipeline.run(consumers: 2, route: { shards.shard(of: $0.device) },
///                                   produce: { yield in try reader.read(yield) },
///                                   consume: { shard, batch in decide(batch, on: shard) })
/// ```
/// A consumer receives its fixes in stream order, each with its position in the stream. An error
/// of the producer reaches the caller after every batch read before it was consumed; an error of
/// a consumer stops the others and the producer at their next batch. Every consumer has returned
/// when `run` returns or throws.
public enum FixPipeline {
    /// Some of a stream's fixes and their positions in it (0 for the first fix read).
    public struct Batch: Sendable {
        public var fixes: [Fix] = []
        public var positions: [Int] = []
    }

    public static func run<Output: Sendable>(
        consumers: Int = 1, batchSize: Int = 8_192, depth: Int = 8,
        route: @escaping @Sendable (Fix) -> Int = { _ in 0 },
        produce: @escaping @Sendable (_ yield: (Fix) throws -> Void) throws -> Output,
        consume: @escaping @Sendable (_ consumer: Int, _ batch: Batch) throws -> Void
    ) throws -> Output {
        precondition(consumers >= 1, "at least one consumer")
        let channels = (0..<consumers).map { _ in BatchChannel(depth: depth) }
        let end = Mutex<Result<Output, any Error>?>(nil)
        let producer = Thread {
            var batches = Array(repeating: Batch(), count: consumers)
            var position = 0
            let result = Result {
                try produce { fix in
                    let consumer = route(fix)
                    batches[consumer].fixes.append(fix)
                    batches[consumer].positions.append(position)
                    position += 1
                    if batches[consumer].fixes.count == batchSize {
                        try channels[consumer].send(batches[consumer])
                        batches[consumer] = Batch()
                    }
                }
            }
            // What was read before an error is decided too, as a serial feed would have.
            for (consumer, batch) in batches.enumerated() where !batch.fixes.isEmpty {
                try? channels[consumer].send(batch)
            }
            end.withLock { $0 = result }
            let failure: (any Error)? = if case let .failure(error) = result { error } else { nil }
            for channel in channels { channel.finish(failure: failure) }
        }
        producer.stackSize = 8 << 20
        producer.start()

        let failures = Mutex<[any Error]>([])
        let group = DispatchGroup()
        @Sendable func drain(_ consumer: Int) {
            do {
                while let batch = try channels[consumer].receive() {
                    do {
                        try consume(consumer, batch)
                    } catch {
                        // This consumer failed: the others and the producer stop at their next batch.
                        failures.withLock { $0.append(error) }
                        for channel in channels { channel.cancel() }
                        return
                    }
                }
            } catch {
                // The producer's error (after this consumer's last batch), or a cancellation.
                failures.withLock { $0.append(error) }
            }
        }
        for consumer in 1..<consumers {
            group.enter()
            let thread = Thread {
                drain(consumer)
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        drain(0)
        group.wait()
        // A consumer's own error, or the producer's; the cancellations it caused are not the story.
        let errors = failures.withLock { $0 }
        if let error = errors.first(where: { !($0 is CancellationError) }) ?? errors.first { throw error }
        guard let result = end.withLock({ $0 }) else { throw CancellationError() }
        return try result.get()
    }
}

/// The bounded queue between the producer and one consumer: `send` waits while `depth` batches wait.
private final class BatchChannel: Sendable {
    private struct State {
        var batches: [FixPipeline.Batch] = []
        var finished = false
        var failure: (any Error)?
        var cancelled = false
    }

    private let state = Mutex(State())
    private let slots: DispatchSemaphore
    private let items = DispatchSemaphore(value: 0)

    init(depth: Int) { slots = DispatchSemaphore(value: depth) }

    /// Waits for room, then queues `batch`; throws `CancellationError` once a consumer stopped.
    func send(_ batch: FixPipeline.Batch) throws {
        slots.wait()
        let cancelled = state.withLock { state in
            if !state.cancelled { state.batches.append(batch) }
            return state.cancelled
        }
        if cancelled {
            slots.signal()
            throw CancellationError()
        }
        items.signal()
    }

    /// The producer is done, with the error that stopped it, if any.
    func finish(failure: (any Error)?) {
        state.withLock { state in
            state.finished = true
            state.failure = failure
        }
        items.signal()
    }

    /// The next batch; nil once the producer finished and every batch was taken; the producer's
    /// error after its last batch; `CancellationError` once a consumer stopped.
    func receive() throws -> FixPipeline.Batch? {
        while true {
            items.wait()
            let next: Result<FixPipeline.Batch?, any Error>? = state.withLock { state in
                if state.cancelled { return .failure(CancellationError()) }
                if !state.batches.isEmpty { return .success(state.batches.removeFirst()) }
                guard state.finished else { return nil }
                if let failure = state.failure { return .failure(failure) }
                return .success(nil)
            }
            guard let next else { continue }
            if case .success(.some) = next {
                slots.signal()
            } else {
                items.signal()  // The end stays visible to a later call.
            }
            return try next.get()
        }
    }

    /// A consumer stopped: waiting sends and receives return at once, with `CancellationError`.
    func cancel() {
        state.withLock { state in
            state.cancelled = true
            state.batches.removeAll()
        }
        slots.signal()
        items.signal()
    }
}
