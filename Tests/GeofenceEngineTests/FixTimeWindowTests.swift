import Foundation
import TestSupport
import Testing

@testable import GeofenceEngine

/// Times outside 1970...9999 are refused as `bad-time`, and refusing them leaves the device's order
/// alone: a fix from the year 506713 once made every later real fix of its phone out of order.
struct FixTimeWindowTests {
    @Test(arguments: [1e17, 9.223_372_036_854_775_808e18, 253_402_300_800, -1, -86_400 * 365] as [Double])
    func aTimeOutsideTheWindowIsRefused(seconds: Double) throws {
        let engine = try homeEngine()
        var out: [Transition] = []
        #expect(engine.feed(at(seconds, paris), into: &out) == .rejected(.badTime))
        #expect(engine.statistics.rejected == [.badTime: 1])
        #expect(engine.statistics.admitted == 0)
        #expect(out.isEmpty)
    }

    @Test func theWindowsEdgesAreAdmitted() throws {
        let engine = try homeEngine()
        var out: [Transition] = []
        #expect(engine.feed(at(0, paris, device: "a"), into: &out) == .admitted)
        // The last millisecond of 9999-12-31.
        #expect(engine.feed(at(253_402_300_799.999, paris, device: "b"), into: &out) == .admitted)
        #expect(engine.statistics.admitted == 2)
    }

    @Test func aRefusedTimeDoesNotSilenceItsDevice() throws {
        let engine = try homeEngine()
        let away = Coordinate(latitude: paris.latitude + 0.01, longitude: paris.longitude)
        let transitions = run(
            engine,
            [
                at(1_700_000_000, away, device: "phone"), at(9.223_372_036_854_775_808e18, paris, device: "phone"),
                at(1_700_000_060, paris, device: "phone"),
            ])
        #expect(transitions == [[], [], ["enter:home"]])
        #expect(engine.statistics.rejected == [.badTime: 1])
    }

    @Test func aLoweredLatestTimeRefusesTheFuture() throws {
        let engine = try homeEngine()
        engine.latestAdmissibleTime = Date(timeIntervalSince1970: 1_700_000_600).timeIntervalSinceReferenceDate
        var out: [Transition] = []
        #expect(engine.feed(at(1_700_000_599, paris, device: "a"), into: &out) == .admitted)
        #expect(engine.feed(at(1_700_000_600, paris, device: "b"), into: &out) == .rejected(.badTime))
        // Never beyond the window's end.
        engine.latestAdmissibleTime = .infinity
        #expect(engine.latestAdmissibleTime == FixTimeWindow.end)
    }
}
