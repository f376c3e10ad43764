import Testing

@testable import SharedStore

/// The partitions divided by the live instances, rounded up; the highest held beyond it handed over.
@Suite struct FairShareTests {
    @Test(arguments: [(64, 1, 64), (64, 2, 32), (64, 3, 22), (64, 0, 64), (64, 65, 1), (0, 2, 0)])
    func theShareIsThePartitionsOverTheLiveInstancesRoundedUp(partitions: Int, live: Int, size: Int) {
        #expect(FairShare(partitions: partitions, liveInstances: live).size == size)
    }

    @Test func anInstanceTakesUpToItsShareAndHandsOverTheHighestBeyondIt() {
        let share = FairShare(partitions: 64, liveInstances: 3)
        #expect(share.takes(holding: 0) == 22)
        #expect(share.takes(holding: 22) == 0)
        #expect(share.takes(holding: 40) == 0)
        let held = (0..<64).map { PartitionLease(partition: $0, epoch: 1) }
        #expect(share.surplus(of: held) == Array(22..<64))
        #expect(share.surplus(of: Array(held.prefix(22))) == [])
        // A second instance arriving: the first keeps the lower half.
        #expect(FairShare(partitions: 64, liveInstances: 2).surplus(of: held) == Array(32..<64))
    }
}
