/// Reminder and alarm identifiers for the UIDs of other applications, which need not be UUIDs
/// (Outlook writes 82 hex digits, others free text).
///
/// A UID that is UUID text is used as it is (lowercased); any other UID becomes a name-based
/// UUID (version 8, RFC 9562 §5.8) from two FNV-1a hashes of its UTF-8 bytes, so importing the
/// same file again finds the same reminder.
public enum InterchangeIdentifier {
    /// The identifier a UID stands for.
    public static func identifier(forUID uid: String) -> String {
        if let canonical = try? Reminder.canonicalIdentifier(uid) { return canonical }
        return nameBased(uid)
    }

    /// A UUID derived from `name`; the same name gives the same UUID.
    public static func nameBased(_ name: String) -> String {
        var high: UInt64 = 0xcbf2_9ce4_8422_2325
        var low: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in name.utf8 {
            high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            low = (low ^ UInt64(byte ^ 0x5c)) &* 0x0000_0100_0000_01b3
        }
        // RFC 9562: version 8 in the 13th hex digit, variant 10 in the top bits of the 17th.
        high = (high & ~0xF000) | 0x8000
        low = (low & ~(0xC << 60)) | (0x8 << 60)
        let hex = hex16(high) + hex16(low)
        let chars = Array(hex)
        return String(chars[0..<8]) + "-" + String(chars[8..<12]) + "-" + String(chars[12..<16]) + "-"
            + String(chars[16..<20]) + "-" + String(chars[20..<32])
    }

    private static func hex16(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
