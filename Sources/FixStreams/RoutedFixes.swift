import GeofenceEngine

/// A part of a stream's fixes split as they are parsed into one batch per consumer of a
/// ``FixPipeline``, on the thread that parsed them: a parsing job appends to it directly, so a fix
/// is copied once, into its consumer's batch, through no closure.
///
/// Each fix's device is a number within the part, which the batches record instead of its name;
/// a device's consumer is found once per part. Positions are counted from the part's start until
/// the pipeline routes it. While every fix went to one consumer (one device's run of a trace) a
/// batch records no offsets: a fix's position is its index.
public struct RoutedFixes {
    private var batches: [FixPipeline.Batch]
    private(set) var count = 0
    private let consumers: Int
    /// Each device number's name and consumer.
    private var names: [String?] = []
    private var consumerOf: [Int32] = []
    /// For ``append(_:)``: numbers by name.
    private var numbering = DeviceNumbering()
    /// The consumer every fix so far went to, while there is one (-1 before the first fix);
    /// `.max` once they went to several, and batches record each fix's offset.
    private var soleConsumer = -1

    /// Empty batches for about `expected` fixes.
    init(consumers: Int, expected: Int) {
        self.consumers = consumers
        let capacity = consumers == 1 ? expected : expected / consumers + expected / 8
        batches = (0..<consumers).map { _ in FixPipeline.Batch(capacity: capacity) }
    }

    /// Appends the part's next fix to its consumer's batch, numbering its device by name.
    public mutating func append(_ fix: Fix) {
        append(fix, device: numbering.number(of: fix.device))
    }

    /// Appends the part's next fix to its consumer's batch; `device` numbers its device within the
    /// part, as a reader that keeps its names interned does: 0 for the first device, each new one
    /// the next number, and one number for one name throughout the part (a name may have several).
    /// A part is numbered by ``append(_:)`` or by its caller, not both.
    public mutating func append(_ fix: Fix, device: Int) {
        if device == names.count {
            names.append(fix.device)
            consumerOf.append(Int32(EngineShards.shard(of: fix.device, count: consumers)))
        }
        assert(device < names.count && names[device] == fix.device, "one name for each device number")
        let consumer = Int(consumerOf[device])
        if consumer != soleConsumer {
            if soleConsumer < 0 {
                soleConsumer = consumer
            } else if soleConsumer != .max {
                // A second consumer: the first's fixes were positions 0..<count.
                batches[soleConsumer].recordOffsets(0..<count)
                soleConsumer = .max
            }
        }
        batches[consumer].append(fix, device: Int32(truncatingIfNeeded: device))
        if soleConsumer == .max { batches[consumer].offsets.append(Int32(truncatingIfNeeded: count)) }
        count += 1
    }

    /// The batches, each naming the part's devices.
    var routed: [FixPipeline.Batch] {
        batches.map { batch in
            var batch = batch
            batch.devices = names
            return batch
        }
    }
}
