import GeofenceEngine

/// Reads fixes on one thread while they are parsed and decided on others: a producer (a trace
/// reader) runs on a thread of its own and hands over its stream in segments, fixes it parsed or
/// jobs that parse a part of it (``FixSink``); every thread parses whichever job waits, routes the
/// segments in stream order, in batches, to consumers (shards), and works on whichever shard has
/// batches waiting, one thread per shard at a time, so each shard still sees its fixes in stream
/// order. At most `depth` batches' worth of fixes wait per shard and a few segments in all (more
/// before the consumers start: see ``start(consumers:batchSize:depth:produce:)``), so memory stays
/// flat whatever the input's size.
///
/// ```swift
/// let reports = try FixPipeline.run(
///     consumers: 2, produce: { yield in try reader.read(yield) },
///     consume: { shard, batch in decide(batch, on: shard) })
/// ```
/// With several consumers there are as many threads as consumers, the producer's among them: it
/// parses and decides too whenever the stream's segments or a shard's queue is full, and joins the
/// others once it has read everything, so a machine's cores are neither idle nor oversubscribed
/// whether reading, parsing or deciding costs most. With one consumer the calling thread decides
/// everything (the producer's thread still parses the jobs).
///
/// Each fix goes to the consumer ``EngineShards/shard(of:count:)`` names for its device, the shard
/// that decides the device's fixes, so a device's fixes stay together.
/// A consumer receives its fixes in stream order, each with its position in the stream. An error
/// of the producer reaches the caller after every batch read before it was consumed; an error of
/// a consumer stops the others and the producer at their next batch. Every consumer has returned
/// when `run` (or ``FixReading/consume(_:)``) returns or throws.
public enum FixPipeline {
    /// Starts reading at once, before the consumers are ready: what the caller sets up meanwhile
    /// (loading reminders, building engines) overlaps the first batches' parsing, which may run
    /// ahead to eight consumers' worth of queued fixes (at least) until ``FixReading/consume(_:)``.
    public static func start<Output: Sendable>(
        consumers: Int = 1, batchSize: Int = 8_192, depth: Int = 16,
        produce: @escaping @Sendable (_ yield: (Fix) throws -> Void) throws -> Output
    ) -> FixReading<Output> {
        start(consumers: consumers, batchSize: batchSize, depth: depth) { sink in try produce(sink.yield) }
    }

    /// ``start(consumers:batchSize:depth:produce:)`` for a producer that also hands parsing
    /// jobs to the pipeline's threads (``FixSink/hand(_:)``).
    public static func start<Output: Sendable>(
        consumers: Int = 1, batchSize: Int = 8_192, depth: Int = 16,
        producer: @escaping @Sendable (FixSink) throws -> Output
    ) -> FixReading<Output> {
        FixReading(consumers: consumers, batchSize: batchSize, depth: depth, produce: producer)
    }

    /// ``start(consumers:batchSize:depth:produce:)`` and ``FixReading/consume(_:)`` at once.
    public static func run<Output: Sendable>(
        consumers: Int = 1, batchSize: Int = 8_192, depth: Int = 16,
        produce: @escaping @Sendable (_ yield: (Fix) throws -> Void) throws -> Output,
        consume: @escaping @Sendable (_ consumer: Int, _ batch: Batch) throws -> Void
    ) throws -> Output {
        try start(consumers: consumers, batchSize: batchSize, depth: depth, produce: produce).consume(consume)
    }
}
