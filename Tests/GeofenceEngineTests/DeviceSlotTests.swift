import Foundation
import TestSupport
import Testing

@testable import GeofenceEngine

/// A device slot remembers where the engine keeps a device between fixes of one batch; feeding
/// through slots decides exactly what feeding by name decides.
@Suite struct DeviceSlotTests {
    /// Three devices in and out of "home" in turn; "c"'s first fix is rejected (no device made),
    /// its next one makes the device; "a" was known to the engine before the batch.
    @Test func slotsDecideWhatNamesDecide() throws {
        let inside = paris
        let outside = Geodesic.wgs84.destination(from: paris, azimuth: 90, distance: 500)
        let bad = Coordinate(latitude: 95, longitude: 0)
        let before = [at(0, outside, device: "a")]
        let batch: [(Fix, Int)] = [
            (at(10, inside, device: "a"), 0), (at(11, outside, device: "b"), 1), (at(12, bad, device: "c"), 2),
            (at(20, outside, device: "a"), 0), (at(21, inside, device: "b"), 1), (at(22, inside, device: "c"), 2),
            (at(30, inside, device: "a"), 0), (at(31, inside, device: "b"), 1), (at(32, outside, device: "c"), 2),
            (at(32, outside, device: "c"), 2),
        ]
        let byName = try homeEngine(EngineOptions(initialTrigger: true))
        let bySlot = try homeEngine(EngineOptions(initialTrigger: true))
        _ = run(byName, before)
        _ = run(bySlot, before)
        let expected = run(byName, batch.map(\.0))
        var slots = [DeviceSlot](repeating: DeviceSlot(), count: 3)
        let decided = batch.map { fix, device in
            var out: [String] = []
            bySlot.feed(fix, slot: &slots[device]) { out.append("\($0.kind.rawValue):\($0.fenceID)") }
            return out
        }
        #expect(decided == expected)
        #expect(expected.joined().count == 6, "enters and leaves of all three devices")
        #expect(bySlot.statistics == byName.statistics)
        // No device made twice (byte counts follow the allocator's capacities, so only these compare).
        #expect(bySlot.stateSize().devices == 3 && bySlot.stateSize().nameBytes == byName.stateSize().nameBytes)
        #expect(slots.map(\.index) == [0, 1, 2])
    }

    /// Two slots for one device (a reader may number one name twice): the slot that found no device
    /// looks again, finds the one the other slot made, and its rules apply (an older fix is out of order).
    @Test func aSlotThatFoundNoDeviceLooksAgain() throws {
        let engine = try homeEngine()
        var first = DeviceSlot()
        var second = DeviceSlot()
        #expect(
            engine.feed(at(10, Coordinate(latitude: 95, longitude: 0), device: "d"), slot: &first) { _ in } == .rejected(.badCoordinates))
        #expect(engine.feed(at(20, paris, device: "d"), slot: &second) { _ in } == .admitted)
        #expect(engine.feed(at(15, paris, device: "d"), slot: &first) { _ in } == .rejected(.outOfOrder))
        #expect(first.index == second.index && first.index == 0)
        #expect(engine.stateSize().devices == 1)
    }
}
