import Foundation
import GeofenceEngine

/// One group commit's admitted fixes as a single `liveFixBatch` blob: a live server appends one row
/// per commit instead of one per fix (a row and an index entry each were three quarters of a
/// 3,200-fix Overland commit's time).
///
/// A version byte (1), then per fix: the device's UTF-8 length as a 32-bit integer (-1: none) and
/// its bytes, then time, latitude, longitude and accuracy as IEEE doubles (NaN: none), every
/// number big-endian, as PostgreSQL's `int4send`/`float8send` write them, so either engine can
/// build a batch in SQL (migration v10 does, from the older one-row-per-fix log).
package enum FixLogBatch {
    static let version: UInt8 = 1

    package static func encode(_ fixes: [Fix]) -> Data {
        var bytes: [UInt8] = [version]
        bytes.reserveCapacity(1 + fixes.count * 48)
        for fix in fixes {
            if let device = fix.device {
                let utf8 = Array(device.utf8)
                append(UInt32(truncatingIfNeeded: utf8.count), to: &bytes)
                bytes.append(contentsOf: utf8)
            } else {
                append(UInt32(bitPattern: -1), to: &bytes)
            }
            append(fix.time?.timeIntervalSinceReferenceDate ?? .nan, to: &bytes)
            append(fix.coordinate.latitude, to: &bytes)
            append(fix.coordinate.longitude, to: &bytes)
            append(fix.accuracy ?? .nan, to: &bytes)
        }
        return Data(bytes)
    }

    /// The fixes of a batch; nil when the blob is not one (cut short, or another version).
    package static func decode(_ data: Data) -> [Fix]? {
        data.withUnsafeBytes { raw -> [Fix]? in
            var reader = Reader(bytes: raw)
            guard reader.byte() == version else { return nil }
            var fixes: [Fix] = []
            while !reader.atEnd {
                guard let length = reader.uint32() else { return nil }
                var device: String?
                if Int32(bitPattern: length) != -1 {
                    guard let text = reader.text(count: Int(length)) else { return nil }
                    device = text
                }
                guard let time = reader.double(), let latitude = reader.double(), let longitude = reader.double(),
                    let accuracy = reader.double()
                else { return nil }
                fixes.append(
                    Fix(
                        time: time.isNaN ? nil : Date(timeIntervalSinceReferenceDate: time), latitude: latitude,
                        longitude: longitude, accuracy: accuracy.isNaN ? nil : accuracy, device: device))
            }
            return fixes
        }
    }

    /// A key's whole log from its batches in order, for either engine; a damaged batch stops it
    /// (half a log replayed would put devices where they never were).
    package static func log(_ batches: some Sequence<Data>, key: String) throws(StoreError) -> [Fix] {
        var fixes: [Fix] = []
        for batch in batches {
            guard let logged = decode(batch) else { throw .unreadableFixLog(key: key) }
            fixes += logged
        }
        return fixes
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    private static func append(_ value: Double, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bitPattern.bigEndian) { bytes.append(contentsOf: $0) }
    }

    /// Reads big-endian numbers off a blob, refusing to run past its end.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var atEnd: Bool { offset >= bytes.count }

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func uint32() -> UInt32? {
            guard bytes.count - offset >= 4 else { return nil }
            defer { offset += 4 }
            return UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        }

        mutating func double() -> Double? {
            guard bytes.count - offset >= 8 else { return nil }
            defer { offset += 8 }
            return Double(bitPattern: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        }

        mutating func text(count: Int) -> String? {
            guard count >= 0, bytes.count - offset >= count else { return nil }
            defer { offset += count }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
        }
    }
}
