/// The devices of a part of a stream being routed, numbered in order of first appearance, so a
/// batch records each fix's device as a number rather than a `String` (open addressing on
/// ``DeviceNameIndex/hash(_:)``).
struct PartDevices {
    /// Each number's device.
    private(set) var names: [String?] = []
    /// A device's number, or −1 for an empty bucket; a power-of-two count.
    private var buckets = [Int32](repeating: -1, count: 16)
    /// The number of the fixes without a device, once one came.
    private var unnamed: Int32 = -1

    /// The number of `name`, whose hash is `hash` (unused without a name), numbered if new.
    mutating func number(of name: String?, hash: UInt64) -> Int32 {
        guard let name else {
            if unnamed < 0 { unnamed = append(nil) }
            return unnamed
        }
        let mask = buckets.count - 1
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while buckets[bucket] >= 0 {
            if names[Int(buckets[bucket])] == name { return buckets[bucket] }
            bucket = (bucket + 1) & mask
        }
        let number = append(name)
        buckets[bucket] = number
        if names.count * 4 > buckets.count * 3 { grow() }
        return number
    }

    private mutating func append(_ name: String?) -> Int32 {
        names.append(name)
        return Int32(names.count - 1)
    }

    /// Twice the buckets, every named device placed again.
    private mutating func grow() {
        buckets = [Int32](repeating: -1, count: buckets.count * 2)
        let mask = buckets.count - 1
        for (number, name) in names.enumerated() {
            guard let name else { continue }
            var bucket = Int(truncatingIfNeeded: DeviceNameIndex.hash(name)) & mask
            while buckets[bucket] >= 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = Int32(number)
        }
    }
}
