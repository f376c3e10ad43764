/// How many of the partitions one instance holds when `liveInstances` share them: the partitions
/// divided by the live instances, rounded up, so every partition has an owner while instances
/// come and go. Decided here, apart from the heartbeat's SQL, so it is tested without a database.
package struct FairShare: Sendable, Equatable {
    package var partitions: Int
    /// Instances whose heartbeat has not expired; none counts as one (the asking instance).
    package var liveInstances: Int

    package init(partitions: Int, liveInstances: Int) {
        self.partitions = partitions
        self.liveInstances = liveInstances
    }

    package var size: Int {
        let instances = max(liveInstances, 1)
        return (partitions + instances - 1) / instances
    }

    /// How many expired partitions an instance holding `held` may take.
    package func takes(holding held: Int) -> Int { max(size - held, 0) }

    /// The partitions held beyond the share, the highest numbers (`held` is sorted by partition).
    package func surplus(of held: [PartitionLease]) -> [Int] {
        held.count > size ? held.suffix(held.count - size).map(\.partition) : []
    }
}
