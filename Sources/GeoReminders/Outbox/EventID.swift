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
        // The time field holds 48 bits: times before 1970 (or not a number) give 0 and times past
        // the field's end (year 10889) its largest value, never a trap on conversion.
        let exact = (time.timeIntervalSince1970 * 1000).rounded(.down)
        let milliseconds = exact >= 0 ? UInt64(min(exact, Double(0xFFFF_FFFF_FFFF))) : 0
        // Two FNV-1a 64 passes with different offset bases give the 80 bits (collisions need the same
        // millisecond, so 80 bits of a non-cryptographic hash are ample). Both run over the key
        // reminder id, 0, alarm id, 0, the instant's bits big-endian, in one walk with no copy of
        // it: `feed` makes an id for each of tens of thousands of events it prints.
        var hash = FNV1aPair()
        for byte in reminderID.utf8 { hash.add(byte) }
        hash.add(0)
        for byte in alarmID.utf8 { hash.add(byte) }
        hash.add(0)
        let bits = time.timeIntervalSinceReferenceDate.bitPattern
        for shift in stride(from: 56, through: 0, by: -8) { hash.add(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        let value = UInt128(milliseconds) << 80 | UInt128(hash.high & 0xFFFF) << 64 | UInt128(hash.low)
        return String(unsafeUninitializedCapacity: prefix.utf8.count + 26) { text in
            var end = 0
            for byte in prefix.utf8 {
                text[end] = byte
                end += 1
            }
            for index in 0..<26 {
                text[end + 25 - index] = alphabet[Int((value >> UInt128(index * 5)) & 31)]
            }
            return end + 26
        }
    }

    /// Two FNV-1a 64 hashes of the same bytes, from two offset bases.
    private struct FNV1aPair {
        var high: UInt64 = 0xCBF2_9CE4_8422_2325
        var low: UInt64 = 0x6C62_272E_07BB_0142

        @inline(__always)
        mutating func add(_ byte: UInt8) {
            high = (high ^ UInt64(byte)) &* 0x100_0000_01B3
            low = (low ^ UInt64(byte)) &* 0x100_0000_01B3
        }
    }
}
