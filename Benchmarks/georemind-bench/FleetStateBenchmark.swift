import Foundation
import GeofenceEngine

/// The engine alone on ``FeedScenario`` workloads (the fleet by default): fixes/s on CPU time and
/// the bytes of state it keeps a device (``GeofenceEngine/stateSize()``) once every fix is fed.
/// `GEOREMIND_BENCH_SCENARIO=name[,name]` picks the scenarios; `GEOREMIND_BENCH_OPTIONS=all` turns
/// on hysteresis, dwell, accuracy bands, crossings and the stale timeout. The checksum covers every
/// transition's kind, fence, fix, and the bits of its distance and crossing time, so two builds
/// can be compared for byte-identical results.
let fleetStateBenchmark = Benchmark(name: "fleet-state") {
    let environment = ProcessInfo.processInfo.environment
    let wanted = Set((environment["GEOREMIND_BENCH_SCENARIO"] ?? "fleet-10000dev-60s-10k").split(separator: ",").map(String.init))
    let options =
        environment["GEOREMIND_BENCH_OPTIONS"] == "all"
        ? EngineOptions(
            hysteresis: 15, initialTrigger: true, dwellTime: 120, accuracyAware: true, staleTimeout: 900, detectCrossings: true)
        : EngineOptions()
    for scenario in FeedScenario.all where wanted.contains(scenario.name) {
        var fixes: [Fix] = []
        fixes.reserveCapacity(scenario.fixes)
        var random = SeededGenerator(seed: 13)
        scenario.walk { fix in
            var fix = fix
            if environment["GEOREMIND_BENCH_OPTIONS"] == "all" { fix.accuracy = .random(in: 0...40, using: &random) }
            fixes.append(fix)
        }
        let engine = try GeofenceEngine(fences: try scenario.circles(), options: options)
        var transitions: [Transition] = []
        var count = 0
        var checksum: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) { checksum = (checksum ^ value) &* 0x100_0000_01b3 }
        let start = threadCPUSeconds()
        var hashing = 0.0
        for chunk in stride(from: 0, to: fixes.count, by: 65_536) {
            engine.feed(fixes[chunk..<min(chunk + 65_536, fixes.count)], into: &transitions)
            let hashStart = threadCPUSeconds()
            for transition in transitions {
                mix(UInt64(transition.kind.rawValue.utf8.first!))
                mix(UInt64(UInt32(bitPattern: transition.fenceIndex)))
                mix(transition.time.timeIntervalSinceReferenceDate.bitPattern)
                mix(transition.fix.coordinate.latitude.bitPattern)
                mix(transition.distance?.bitPattern ?? 1)
                mix(transition.crossingTime?.timeIntervalSinceReferenceDate.bitPattern ?? 2)
            }
            hashing += threadCPUSeconds() - hashStart
            count += transitions.count
            transitions.removeAll(keepingCapacity: true)
        }
        let cpu = threadCPUSeconds() - start - hashing
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var snapshotHash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in try encoder.encode(engine.snapshot()) { snapshotHash = (snapshotHash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let size = engine.stateSize()
        print(
            String(
                format:
                    "%@: %.2f M fixes/s on CPU time, %d transitions (checksum %016llx), inside pairs %d, snapshot %016llx; state %.0f B a device (%d devices: records and their arrays %d B, name index %d B), peak %.1f MiB",
                scenario.name, Double(fixes.count) / cpu / 1e6, count, checksum, engine.statistics.insidePairs,
                snapshotHash, size.bytesPerDevice, size.devices, size.recordBytes, size.nameBytes,
                peakMemoryMiB()))
    }
}
