import Foundation
import GeofenceEngine

/// What a committed run leaves for the next one, saved as JSON under the evaluator's state key.
struct EvaluationState: Codable {
    static let currentVersion = 1

    var version = Self.currentVersion
    /// The engine's per-device fence state and cumulative statistics.
    var snapshot: EngineSnapshot
    /// ``fenceDigest(id:location:)`` of every fence the snapshot was taken with, sorted, as
    /// little-endian 64-bit words: tells fences added or moved since then from fences kept.
    var fenceDigests: Data
    /// The stream's span of admitted fix times (s since 2001), nil before its first fix.
    var spanStart: Double?
    var spanEnd: Double?
    /// Events a checkpoint left pending (caused by fixes the snapshot includes); nil when none.
    var pending: [SavedEvent]?

    /// A pending event, its alarm named by ``ArmedAlarm/key(reminderID:alarmID:)``.
    struct SavedEvent: Codable {
        var alarm: String
        var time: Double
        var rank: UInt8
        var latitude: Double?
        var longitude: Double?
        var fixTime: Double?
        var accuracy: Double?
        var device: String?
        var distance: Double?
    }

    /// FNV-1a over the fence id and the bits of its circle: equal for the same fence on the same place.
    /// `area` (a polygon's GeoJSON) is mixed in after the circle's numbers, so a circle's digest is
    /// what it was before areas existed and an outline that moves counts as a moved fence.
    static func fenceDigest(id: String, latitude: Double, longitude: Double, radius: Double, area: String? = nil) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        for byte in id.utf8 { mix(byte) }
        for value in [latitude, longitude, radius] {
            var bits = value.bitPattern
            for _ in 0..<8 { mix(UInt8(truncatingIfNeeded: bits)); bits >>= 8 }
        }
        for byte in (area ?? "").utf8 { mix(byte) }
        return hash
    }

    static func pack(_ digests: [UInt64]) -> Data {
        var data = Data(capacity: digests.count * 8)
        for digest in digests.sorted() { withUnsafeBytes(of: digest.littleEndian) { data.append(contentsOf: $0) } }
        return data
    }

    static func unpack(_ data: Data) -> Set<UInt64> {
        var digests = Set<UInt64>(minimumCapacity: data.count / 8)
        data.withUnsafeBytes { raw in
            for offset in stride(from: 0, to: raw.count - 7, by: 8) {
                digests.insert(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            }
        }
        return digests
    }
}
