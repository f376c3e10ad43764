import Testing

@testable import GeoReminders

/// A shard hands the fences it retired to the others, each of which retires them from just after
/// the candidate's time, and only once its own fixes have passed that time.
@Suite struct SharedRetirementsTests {
    func due(_ inbox: inout RetirementInbox, _ log: SharedRetirements, reached newest: Double) -> [(Int32, Double)] {
        var due: [(Int32, Double)] = []
        inbox.collect(from: log, reached: newest) { fence, from in due.append((fence, from)) }
        return due
    }

    @Test func anotherShardsRetirementsComeDueAsThisShardsFixesPassThem() {
        let log = SharedRetirements()
        var inbox = RetirementInbox(shard: 1)
        log.publish([.init(shard: 0, fence: 3, time: 100), .init(shard: 0, fence: 5, time: 50), .init(shard: 0, fence: 7, time: 200)])
        // Its own are left out: it retired them itself, from the candidate's time.
        log.publish([.init(shard: 1, fence: 8, time: 10)])
        #expect(due(&inbox, log, reached: 49).isEmpty)
        // A fix at exactly 50 may still win a tie here: fence 5 retires from just after 50.
        #expect(due(&inbox, log, reached: 50).isEmpty)
        #expect(due(&inbox, log, reached: Double(50).nextUp).map(\.0) == [5])
        let passed = due(&inbox, log, reached: 150)
        #expect(passed.map(\.0) == [3] && passed.map(\.1) == [Double(100).nextUp])
        // Published late and out of order: due at once if passed, in time order with the rest.
        log.publish([.init(shard: 2, fence: 9, time: 120), .init(shard: 2, fence: 11, time: 190)])
        #expect(due(&inbox, log, reached: 150).map(\.0) == [9])
        #expect(due(&inbox, log, reached: 1_000).map(\.0) == [11, 7])
        #expect(due(&inbox, log, reached: 2_000).isEmpty)
    }

    @Test func everyShardReadsTheWholeLog() {
        let log = SharedRetirements()
        var first = RetirementInbox(shard: 0)
        var second = RetirementInbox(shard: 1)
        log.publish((0..<10_000).map { .init(shard: 2, fence: Int32($0), time: Double($0)) })
        #expect(due(&first, log, reached: 4_999.5).count == 5_000)
        #expect(due(&second, log, reached: 20_000).count == 10_000)
        #expect(due(&first, log, reached: 20_000).map(\.0) == (5_000..<10_000).map(Int32.init))
    }
}
