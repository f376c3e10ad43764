import GeofenceEngine

/// The device names of a part of a stream, interned by their bytes and numbered from 0 in order of
/// first appearance, which the pipeline's batches record instead of names (``RoutedFixes``): a
/// parsing job's reader interns the bytes of its rows' cells, so a name seen before costs a hash
/// and a comparison instead of a new string; ``RoutedFixes/append(_:)`` interns names it is given.
///
/// Bytes that are not UTF-8 make a repaired name, so two spellings may share a name under two
/// numbers, which the pipeline allows.
public struct InternedDevices {
    /// Each number's name.
    public private(set) var names: [String?] = []
    /// The bytes of every named number, one after another, and where each number's lie.
    private var text: [UInt8] = []
    private var spans: [(start: Int32, count: Int32)] = []
    /// A number, or −1 for an empty bucket; a power-of-two count.
    private var buckets: [Int32]
    private var named = 0
    /// The last name's number (a trace often repeats one device for long runs), −1 before any.
    private var last = -1
    /// The number of fixes without a device, once one came.
    private var unnamed = -1

    /// Room for about `expected` names without growing (a fleet's job meets a new device at most rows).
    public init(expected: Int = 12) {
        var count = 16
        while count * 3 < Swift.min(expected, 4_096) * 4 { count *= 2 }
        buckets = [Int32](repeating: -1, count: count)
    }

    /// The name spelled `bytes` and its number.
    public mutating func name(_ bytes: UnsafeBufferPointer<UInt8>) -> (name: String, number: Int) {
        if last >= 0, spells(last, bytes) { return (names[last]!, last) }
        let mask = buckets.count - 1
        var bucket = Int(truncatingIfNeeded: DeviceNameHash.hash(bytes: bytes)) & mask
        while buckets[bucket] >= 0 {
            let number = Int(buckets[bucket])
            if spells(number, bytes) {
                last = number
                return (names[number]!, number)
            }
            bucket = (bucket + 1) & mask
        }
        let name = String(decoding: bytes, as: UTF8.self)
        let number = names.count
        names.append(name)
        spans.append((Int32(text.count), Int32(bytes.count)))
        text.append(contentsOf: bytes)
        buckets[bucket] = Int32(number)
        named += 1
        if named * 4 > buckets.count * 3 { grow() }
        last = number
        return (name, number)
    }

    /// The number of `name` (nil for fixes without a device).
    public mutating func number(of name: String?) -> Int {
        guard var name else {
            if unnamed < 0 {
                unnamed = names.count
                names.append(nil)
                spans.append((0, -1))
            }
            return unnamed
        }
        return name.withUTF8 { self.name($0).number }
    }

    /// Whether number `number` is spelled `bytes`.
    @inline(__always)
    private func spells(_ number: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let span = spans[number]
        guard Int(span.count) == bytes.count else { return false }
        return text.withUnsafeBufferPointer { text in
            for index in 0..<bytes.count where text[Int(span.start) + index] != bytes[index] { return false }
            return true
        }
    }

    /// Twice the buckets, every named number placed again.
    private mutating func grow() {
        buckets = [Int32](repeating: -1, count: buckets.count * 2)
        let mask = buckets.count - 1
        for number in spans.indices where spans[number].count >= 0 {
            let span = spans[number]
            let hash = text.withUnsafeBufferPointer { text in
                DeviceNameHash.hash(bytes: UnsafeBufferPointer(rebasing: text[Int(span.start)..<Int(span.start + span.count)]))
            }
            var bucket = Int(truncatingIfNeeded: hash) & mask
            while buckets[bucket] >= 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = Int32(number)
        }
    }
}
