/// A part of a stream's fixes split as they are parsed into one batch per consumer of a
/// ``FixPipeline``, on the thread that parsed them: a parsing job appends to it directly, so a fix
/// is copied once, into its consumer's batch, through no closure.
///
/// Positions are counted from the part's start until the pipeline routes it. While every fix went
/// to one consumer (one device's run of a trace) a batch records no offsets: a fix's position is
/// its index.
public struct RoutedFixes {
    private var batches: [FixPipeline.Batch]
    private(set) var count = 0
    private var router: DeviceRouter
    /// The consumer every fix so far went to, while there is one (-1 before the first fix);
    /// `.max` once they went to several, and batches record each fix's offset.
    private var soleConsumer = -1

    /// Empty batches for about `expected` fixes.
    init(consumers: Int, expected: Int) {
        let capacity = consumers == 1 ? expected : expected / consumers + expected / 8
        batches = (0..<consumers).map { _ in FixPipeline.Batch(capacity: capacity) }
        router = DeviceRouter(consumers: consumers)
    }

    /// Appends the part's next fix to its consumer's batch.
    public mutating func append(_ fix: Fix) {
        let (consumer, device) = router.route(fix.device)
        if consumer != soleConsumer {
            if soleConsumer < 0 {
                soleConsumer = consumer
            } else if soleConsumer != .max {
                // A second consumer: the first's fixes were positions 0..<count.
                batches[soleConsumer].recordOffsets(0..<count)
                soleConsumer = .max
            }
        }
        batches[consumer].append(fix, device: device)
        if soleConsumer == .max { batches[consumer].offsets.append(Int32(truncatingIfNeeded: count)) }
        count += 1
    }

    /// The batches, each naming the part's devices.
    var routed: [FixPipeline.Batch] {
        let names = router.devices.names
        return batches.map { batch in
            var batch = batch
            batch.devices = names
            return batch
        }
    }
}
