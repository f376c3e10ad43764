import Foundation
import GeofenceEngine
import Synchronization
import Testing

@testable import FixStreams

/// The reader-to-shards hand-over: every fix reaches its consumer once, in stream order, with its
/// position; errors on either side end the run without losing what came before or hanging.
@Suite struct FixPipelineTests {
    func fixes(_ count: Int) -> [Fix] {
        (0..<count).map { Fix(time: Date(timeIntervalSince1970: Double($0)), latitude: 0, longitude: 0, device: "d\($0 % 7)") }
    }

    @Test(arguments: [1, 2, 3])
    func everyFixArrivesOnceInOrderAtItsConsumer(consumers: Int) throws {
        let input = fixes(20_011)
        let seen = Mutex<[[Int]]>(Array(repeating: [], count: consumers))
        let output = try FixPipeline.run(
            consumers: consumers, batchSize: 1000, depth: 2,
            produce: { yield in
                for fix in input { try yield(fix) }; return "done"
            }
        ) { consumer, batch in
            #expect(batch.fixes.count == batch.positions.count)
            for (fix, position) in zip(batch.fixes, batch.positions) {
                #expect(fix == input[position])
                #expect(EngineShards.shard(of: fix.device, count: consumers) == consumer)
            }
            seen.withLock { $0[consumer] += batch.positions }
        }
        #expect(output == "done")
        let positions = seen.withLock { $0 }
        for list in positions { #expect(list == list.sorted()) }
        #expect(positions.flatMap { $0 }.sorted() == Array(0..<input.count))
    }

    @Test func aConsumerErrorStopsTheRun() {
        struct Refused: Error {}
        let produced = Mutex(0)
        #expect(throws: Refused.self) {
            try FixPipeline.run(
                consumers: 2, batchSize: 100, depth: 1,
                produce: { yield in
                    // An endless reader: only the consumer's error can end it.
                    var n = 0
                    while true {
                        try yield(
                            Fix(
                                time: Date(timeIntervalSince1970: Double(n)), latitude: 0, longitude: 0,
                                device: "d\(n % 5)"))
                        produced.withLock { $0 += 1 }
                        n += 1
                    }
                }
            ) { consumer, _ in if consumer == 1 { throw Refused() } }
        }
    }

    @Test func aProducerErrorComesAfterEveryFixReadBeforeIt() {
        struct Unreadable: Error {}
        let consumed = Mutex(0)
        #expect(throws: Unreadable.self) {
            try FixPipeline.run(
                consumers: 2, batchSize: 64,
                produce: { yield in
                    for fix in fixes(1_000) { try yield(fix) }
                    throw Unreadable()
                }
            ) { _, batch in consumed.withLock { $0 += batch.fixes.count } }
        }
        #expect(consumed.withLock { $0 } == 1_000)
    }

    /// Consumers slower than the reader: the producer's thread decides batches too (every thread
    /// works), yet never two threads one shard's batches at once, and each shard's in stream order.
    @Test func theProducerHelpsAndAShardIsDecidedOneBatchAtATime() throws {
        let input = fixes(12_000)
        struct Tally {
            var busy = [false, false]
            var overlaps = 0
            var threads: Set<UInt> = []
            var positions: [[Int]] = [[], []]
        }
        let tally = Mutex(Tally())
        let reading = FixPipeline.start(
            consumers: 2, batchSize: 250, depth: 2,
            produce: { yield in for fix in input { try yield(fix) } }
        )
        // Set-up while the reader fills its queues: it waits for room, nothing is lost.
        Thread.sleep(forTimeInterval: 0.05)
        try reading.consume { shard, batch in
            tally.withLock { tally in
                if tally.busy[shard] { tally.overlaps += 1 }
                tally.busy[shard] = true
                tally.threads.insert(UInt(bitPattern: Int(bitPattern: pthread_self())))
            }
            Thread.sleep(forTimeInterval: 0.002)  // deciding costs more than reading
            tally.withLock { tally in
                tally.busy[shard] = false
                tally.positions[shard] += batch.positions
            }
        }
        let result = tally.withLock { $0 }
        #expect(result.overlaps == 0)
        #expect(result.threads.count == 2, "the calling thread and the producer's")
        for list in result.positions { #expect(list == list.sorted()) }
        #expect(result.positions.flatMap { $0 }.sorted() == Array(0..<input.count))
    }

    /// Until it is consumed a reading parses ahead, past what its queues hold once deciding runs
    /// (its core would idle while the reminders load), and stops at the read-ahead bound.
    @Test func anUnconsumedReadingParsesAheadToItsBound() throws {
        let yielded = Mutex(0)
        let reading = FixPipeline.start(
            consumers: 2, batchSize: 10, depth: 1,
            produce: { yield in
                var n = 0
                while true {
                    try yield(Fix(time: Date(timeIntervalSince1970: Double(n)), latitude: 0, longitude: 0, device: "d\(n % 3)"))
                    yielded.withLock { $0 += 1 }
                    n += 1
                }
            })
        defer { reading.cancel() }
        // Until the count holds still for 0.2 s (the producer waits for room by then).
        var last = -1
        var still = 0
        while still < 4 {
            Thread.sleep(forTimeInterval: 0.05)
            let now = yielded.withLock { $0 }
            still = now == last && now > 0 ? still + 1 : 0
            last = now
        }
        let readAhead = PipelineState.readAheadLimit(consumers: 2, batchSize: 10, depth: 1)
        #expect(readAhead == 80 && readAhead > 1 * 10 * 2, "eight consumers' queues, more than two hold")
        // The producer routes its own segments: queueing stops within a segment past the bound.
        #expect(last >= readAhead)
        #expect(last < readAhead + 2 * 10)
    }

    /// A reading nobody consumes (its caller failed to set up) ends at its next batch once cancelled.
    @Test func cancellingAnUnconsumedReadingEndsTheProducer() {
        let ended = DispatchSemaphore(value: 0)
        let reading = FixPipeline.start(
            consumers: 2, batchSize: 10, depth: 1,
            produce: { yield in
                defer { ended.signal() }
                var n = 0
                while true {
                    try yield(Fix(time: Date(timeIntervalSince1970: Double(n)), latitude: 0, longitude: 0, device: "d\(n % 3)"))
                    n += 1
                }
            })
        #expect(ended.wait(timeout: .now() + 0.2) == .timedOut, "the reader waits for room")
        reading.cancel()
        #expect(ended.wait(timeout: .now() + 10) == .success)
    }

    /// Fixes the producer yields and jobs it hands, in turn: every fix reaches its consumer once,
    /// in stream order, whichever thread parsed it; jobs run on both threads at once; and
    /// `awaitJobs` returns only once every job handed before it ran.
    @Test func jobsKeepTheirPlaceInTheStreamAndRunOnEveryThread() throws {
        let input = fixes(30_000)
        struct JobTally {
            var running = 0
            var most = 0
            var ran = 0
        }
        let tally = Mutex(JobTally())
        let seen = Mutex<[[Int]]>([[], []])
        let (handed, ranByThen) = try FixPipeline.start(
            consumers: 2, batchSize: 64, depth: 2,
            producer: { sink in
                var next = 0, handed = 0, turn = 0
                while next < input.count {
                    let part = Array(input[next..<min(input.count, next + (turn % 2 == 0 ? 37 : 263))])
                    next += part.count
                    turn += 1
                    if turn % 2 == 1 {
                        for fix in part { try sink.yield(fix) }
                        continue
                    }
                    handed += 1
                    try sink.hand(expecting: part.count) { fixes in
                        tally.withLock {
                            $0.running += 1; $0.most = max($0.most, $0.running)
                        }
                        Thread.sleep(forTimeInterval: 0.000_5)  // parsing costs more than deciding
                        for fix in part { fixes.append(fix) }
                        tally.withLock {
                            $0.running -= 1; $0.ran += 1
                        }
                    }
                }
                try sink.awaitJobs()
                return (handed, tally.withLock { $0.ran })
            }
        ).consume { consumer, batch in
            for (index, fix) in batch.fixes.enumerated() {
                #expect(fix == input[batch.position(of: index)])
                #expect(EngineShards.shard(of: fix.device, count: 2) == consumer)
            }
            seen.withLock { $0[consumer] += batch.positions }
        }
        #expect(handed == ranByThen && handed == 100)
        #expect(tally.withLock { $0.most } == 2, "both threads parse")
        let positions = seen.withLock { $0 }
        for list in positions { #expect(list == list.sorted()) }
        #expect(positions.flatMap { $0 }.sorted() == Array(0..<input.count))
    }
}
