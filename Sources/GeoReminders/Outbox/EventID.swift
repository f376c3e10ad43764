import Foundation

/// The identifier of one firing: `evt_` and a ULID-shaped 26-character Crockford base32 text
/// (<https://github.com/ulid/spec>) whose first 48 bits are the event's time in milliseconds since
/// 1970, so ids sort by when events happened, and whose 80 other bits are a hash of (reminder, alarm,
/// instant) instead of random bits, so the same firing always gets the same id: a replayed trace
/// cannot create a second event, and a receiver deduplicates on `webhook-id`.
public enum EventID {
    public static let prefix = "evt_"
    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    public static func make(reminderID: String, alarmID: String, time: Date) -> String {
        let milliseconds = UInt64(max(0, (time.timeIntervalSince1970 * 1000).rounded(.down))) & 0xFFFF_FFFF_FFFF
        var key = Array(reminderID.utf8)
        key.append(0)
        key += alarmID.utf8
        key.append(0)
        withUnsafeBytes(of: time.timeIntervalSinceReferenceDate.bitPattern.bigEndian) { key += $0 }
        // Two FNV-1a 64 passes with different offset bases give the 80 bits (collisions need the same
        // millisecond, so 80 bits of a non-cryptographic hash are ample).
        let high = fnv1a(key, basis: 0xCBF2_9CE4_8422_2325)
        let low = fnv1a(key, basis: 0x6C62_272E_07BB_0142)
        let value = UInt128(milliseconds) << 80 | UInt128(high & 0xFFFF) << 64 | UInt128(low)
        var text = [UInt8](repeating: 0, count: 26)
        for index in 0..<26 {
            text[25 - index] = alphabet[Int((value >> UInt128(index * 5)) & 31)]
        }
        return prefix + String(decoding: text, as: UTF8.self)
    }

    private static func fnv1a(_ bytes: [UInt8], basis: UInt64) -> UInt64 {
        var hash = basis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01B3
        }
        return hash
    }
}
