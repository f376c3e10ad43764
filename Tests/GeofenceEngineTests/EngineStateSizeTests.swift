import Foundation
import TestSupport
import Testing
import TraceFormats

@testable import GeofenceEngine

/// The engine's per-device state, measured by ``GeofenceEngine/stateSize()``, so it cannot grow
/// unnoticed. Issue 13 asks ≤ 200 B a device for 10,000 devices against 10,000 fences: fleet
/// devices outrun their candidate padding at every fix, so they are parked between fixes (their
/// fences that are not outside, 16 bytes each, in an array of their size) in 120-byte records
/// grown by an eighth.
@Suite struct EngineStateSizeTests {
    /// 10,000 devices at 8–20 m/s, a fix a minute, among 10,000 circles (r 50–500 m) in 50 × 50 km,
    /// as the fleet scenario of `georemind-bench feed-scenarios`; five fixes a device.
    @Test func fleetStatePerDeviceIsPinned() throws {
        var random = SplitMix64(seed: 13)
        let center = Coordinate(latitude: 52.52, longitude: 13.405)
        let latitudeSpan = 25_000 / 111_200.0
        let longitudeSpan = 25_000 / (111_320 * cos(center.latitude * .pi / 180))
        func place() -> Coordinate {
            Coordinate(
                latitude: center.latitude + .random(in: -latitudeSpan...latitudeSpan, using: &random),
                longitude: center.longitude + .random(in: -longitudeSpan...longitudeSpan, using: &random))
        }
        let fences = try (0..<10_000).map { n in
            try Fence.circle(id: "f\(n)", center: place(), radius: .random(in: 50...500, using: &random))
        }
        let engine = try GeofenceEngine(fences: fences)
        var positions = (0..<10_000).map { _ in place() }
        let headings = (0..<10_000).map { _ in Double.random(in: 0..<360, using: &random) }
        var fixes: [Fix] = []
        for step in 0..<5 {
            for device in positions.indices {
                positions[device] = offset(positions[device], [8.0, 14, 20][device % 3] * 60, azimuth: headings[device])
                fixes.append(at(Double(step) * 60, positions[device], device: "device-\(device)"))
            }
        }
        var transitions: [Transition] = []
        #expect(engine.feed(fixes, into: &transitions) == 50_000)
        let size = engine.stateSize()
        #expect(size.devices == 10_000)
        #expect(size.bytesPerDevice <= 200, "\(size)")
        #expect(MemoryLayout<TrackedFence>.stride == 16)
        #expect(MemoryLayout<DeviceState>.stride <= 120)
    }
}
