import Synchronization

/// The candidates each shard of a parallel feed found, as fence retirements for the other shards:
/// once an alarm has a candidate at t, a fix after t, whichever shard decides it, can only propose
/// a later event, so every shard can stop deciding its fence (docs/alarm-evaluation.md). Shards
/// publish after a batch and read before the next: a few thousand locks in a run.
final class SharedRetirements: Sendable {
    struct Retirement: Equatable, Sendable {
        /// The shard that found the candidate.
        let shard: Int
        let fence: Int32
        /// The candidate's time, seconds since 2001.
        let time: Double
    }

    private let log = Mutex<[Retirement]>([])

    func publish(_ found: [Retirement]) {
        log.withLock { $0.append(contentsOf: found) }
    }

    /// The retirements published after the first `count`, which then counts them too (copied: a
    /// slice would share the log's storage, and the next publish would copy all of it).
    func published(after count: inout Int) -> [Retirement] {
        let start = count
        let entries = log.withLock { log in log.count > start ? Array(log[start...]) : [] }
        count += entries.count
        return entries
    }
}

/// One shard's share of ``SharedRetirements``: what the other shards found, held until this
/// shard's fixes pass it. A fence with a candidate at t elsewhere retires here from just after t:
/// a fix at t itself still decides here, as it may have been read before the other shard's and
/// then wins the tie. Not before this shard's newest fix passes t either: a retirement ahead of
/// its fixes would keep its engine off its index of live fences (`GeofenceEngine.retire`).
struct RetirementInbox {
    let shard: Int
    /// How many of the log's retirements this inbox has read.
    private var read = 0
    /// The other shards' retirements read and not handed out, by time, from `next` on.
    private var waiting: [SharedRetirements.Retirement] = []
    private var next = 0

    init(shard: Int) {
        self.shard = shard
    }

    /// Reads what was published since the last call and hands `retire` each fence due once this
    /// shard's fixes have reached `newest` (seconds since 2001), with the time it retires from.
    mutating func collect(from log: SharedRetirements, reached newest: Double, _ retire: (_ fence: Int32, _ from: Double) -> Void) {
        for retirement in log.published(after: &read) where retirement.shard != shard {
            // A shard publishes nearly in time order, so the place is found near the end.
            var place = waiting.count
            while place > next, waiting[place - 1].time > retirement.time { place -= 1 }
            waiting.insert(retirement, at: place)
        }
        while next < waiting.count, waiting[next].time.nextUp <= newest {
            retire(waiting[next].fence, waiting[next].time.nextUp)
            next += 1
        }
        if next >= 4_096, next * 2 >= waiting.count {
            waiting.removeFirst(next)
            next = 0
        }
    }
}
