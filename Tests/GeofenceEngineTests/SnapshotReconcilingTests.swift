import Foundation
import TestSupport
import Testing

@testable import GeofenceEngine

/// Restoring a snapshot into an engine whose fences changed: removed fences dropped, added fences unknown.
@Suite struct SnapshotReconcilingTests {
    /// One device inside "home" (100 m around Paris) after two fixes.
    func insideHome() throws -> EngineSnapshot {
        let engine = try homeEngine(extra: [Fence.circle(id: "gone", center: paris, radius: 300)])
        _ = run(engine, [at(0, offset(paris, 500)), at(10, offset(paris, 20))])
        #expect(engine.insideFences(device: nil) == ["home", "gone"])
        return engine.snapshot()
    }

    @Test func restoringWithARemovedFenceThrowsUnlessReconciled() throws {
        let snapshot = try insideHome()
        let engine = try homeEngine()
        #expect(throws: EngineError.unknownFenceInSnapshot(fence: "gone", device: nil)) { try engine.restore(snapshot) }
        try engine.restore(snapshot.reconciled(keeping: ["home"], adding: []))
        #expect(engine.insideFences(device: nil) == ["home"])
        // Still inside home: no transition; leaving gives one leave.
        #expect(run(engine, [at(20, offset(paris, 30)), at(30, offset(paris, 400))]) == [[], ["leave:home"]])
    }

    @Test func anAddedFenceStartsUnknownSoBeingInsideIsNotAnEnter() throws {
        let snapshot = try insideHome()
        let engine = try homeEngine(extra: [Fence.circle(id: "new", center: paris, radius: 50)])
        let reconciled = snapshot.reconciled(keeping: ["home"], adding: ["new"])
        #expect(reconciled.devices[0].fences.map(\.fence) == ["home", "new"])
        #expect(reconciled.devices[0].fences.map(\.state) == [.inside, .unknown])
        try engine.restore(reconciled)
        #expect(
            run(engine, [at(20, offset(paris, 10)), at(30, offset(paris, 80)), at(40, offset(paris, 10))])
                == [[], ["leave:new"], ["enter:new"]])
    }

    @Test func withoutReconcilingAnAddedFenceReadsOutsideAndEnters() throws {
        let snapshot = try insideHome()
        let engine = try homeEngine(extra: [Fence.circle(id: "new", center: paris, radius: 50)])
        try engine.restore(snapshot.reconciled(keeping: ["home"], adding: []))
        #expect(run(engine, [at(20, offset(paris, 10))]) == [["enter:new"]])
    }

    @Test func initialTriggerAppliesToAnAddedFence() throws {
        let snapshot = try insideHome()
        let engine = try homeEngine(EngineOptions(initialTrigger: true), extra: [Fence.circle(id: "new", center: paris, radius: 50)])
        try engine.restore(snapshot.reconciled(keeping: ["home"], adding: ["new"]))
        #expect(run(engine, [at(20, offset(paris, 10))]) == [["enter:new"]])
    }

    @Test func undecidedDevicesGetNoAddedStates() {
        let device = EngineSnapshot.Device(device: "a", lastTime: nil, lastLatitude: 0, lastLongitude: 0, decided: false, fences: [])
        let snapshot = EngineSnapshot(devices: [device], statistics: EngineStatistics())
        #expect(snapshot.reconciled(keeping: [], adding: ["x"]) == snapshot)
    }
}
