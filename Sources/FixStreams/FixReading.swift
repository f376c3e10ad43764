import Dispatch
import Foundation
import GeofenceEngine

/// A stream being read on a thread of its own, its fixes parsed and routed into per-consumer
/// batches until ``consume(_:)`` decides them; ``cancel()`` stops a reading nobody will consume.
/// How the threads share the work: ``FixPipeline``.
///
/// `@unchecked Sendable`: `produced` is written by the producer's thread and read by the consuming
/// one, both holding the pipeline's lock; everything else is the pipeline's (``PipelineState``).
public final class FixReading<Output: Sendable>: @unchecked Sendable {
    public typealias Consumer = @Sendable (_ consumer: Int, _ batch: FixPipeline.Batch) throws -> Void

    /// How many consumers (shards) the fixes are routed to.
    public var consumers: Int { pipeline.consumers }

    private let pipeline: PipelineState
    /// Set once the producer handed its last segment: what it returned or threw.
    private var produced: Result<Output, any Error>?

    init(
        consumers: Int, batchSize: Int, depth: Int,
        produce: @escaping @Sendable (FixSink) throws -> Output
    ) {
        let pipeline = PipelineState(consumers: consumers, batchSize: batchSize, depth: depth)
        self.pipeline = pipeline
        let producer = Thread { [self] in

            let sink = FixSink(pipeline)
            var result = Result { try produce(sink) }
            // What was read before an error is decided too, as a serial feed would have.
            do {
                try sink.flush()
            } catch {
                if case .success = result { result = .failure(error) }
            }
            pipeline.finishProducing { produced = result }
            pipeline.work(mayDecide: pipeline.producerHelps)
            pipeline.producerThreadExited()
        }
        producer.stackSize = 8 << 20
        producer.start()
    }

    /// Decides every fix read (the calling thread works too) and returns what the producer
    /// returned; at most once.
    public func consume(_ consume: @escaping Consumer) throws -> Output {
        pipeline.setConsumer(consume)
        let group = DispatchGroup()
        for _ in 0..<(pipeline.producerHelps ? consumers - 2 : consumers - 1) {
            group.enter()
            let thread = Thread { [pipeline] in
                pipeline.work(mayDecide: true)
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        pipeline.work(mayDecide: true)
        group.wait()
        let errors = pipeline.awaitEnd()
        pipeline.condition.lock()
        let result = produced
        pipeline.condition.unlock()
        // A consumer's own error, or the producer's; the cancellations it caused are not the story.
        if let error = errors.first(where: { !($0 is CancellationError) }) ?? errors.first { throw error }
        guard let result else { throw CancellationError() }
        return try result.get()
    }

    /// Stops a reading that will not be consumed (the caller failed to set up): the producer ends
    /// at its next segment. Harmless after ``consume(_:)``.
    public func cancel() {
        pipeline.stop()
    }
}
