/// The engine's device names interned to their index in its devices array, looked up at every fix
/// of an interleaved stream: open addressing on ``hash(_:)`` of the name's UTF-8 bytes, cheaper
/// than `Hasher`'s seeded SipHash for the short names devices have, and 5–11 bytes a device (4-byte
/// buckets at most three quarters full) since the names stay in the device records.
struct DeviceNameIndex {
    /// A device's index, or −1 for an empty bucket; a power-of-two count (or none).
    private var buckets: [Int32] = []
    private(set) var count = 0

    /// The bytes the buckets occupy (for ``GeofenceEngine/stateSize()``).
    var bytes: Int { buckets.isEmpty ? 0 : 32 + buckets.capacity * MemoryLayout<Int32>.stride }

    /// A hash of the name's UTF-8 bytes read eight at a time and folded by 128-bit multiplies (the
    /// scheme of wyhash): a device name of up to 16 bytes costs two loads and two multiplies, where
    /// FNV-1a's multiply per byte cost 10 ns a fix twice over on two threads (routing, then
    /// interning; issue 13). Stable across runs and processes, so it also picks a device's shard
    /// (``EngineShards/shard(of:count:)``).
    @inline(__always)
    static func hash(_ name: String) -> UInt64 {
        // Native strings (small ones included) lend their bytes; any other is copied first.
        name.utf8.withContiguousStorageIfAvailable(hash(bytes:)) ?? hashCopying(name)
    }

    @inline(never)
    private static func hashCopying(_ name: String) -> UInt64 {
        Array(name.utf8).withUnsafeBufferPointer(hash(bytes:))
    }

    /// ``hash(_:)`` of some bytes: a name of up to 16 bytes as two words, a longer one 16 bytes
    /// at a time before its last 16; the length is mixed in.
    @inline(__always)
    static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress.map(UnsafeRawPointer.init) else { return mix(secret.0, secret.1) }
        var seed = secret.0 ^ UInt64(count)
        let first: UInt64
        let second: UInt64
        if count > 16 {
            var offset = 0
            while count - offset > 16 {
                seed = mix(
                    base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ secret.1,
                    base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) ^ seed)
                offset += 16
            }
            first = base.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
            second = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 8 {
            first = base.loadUnaligned(as: UInt64.self)
            second = count == 16 ? base.loadUnaligned(fromByteOffset: 8, as: UInt64.self) : word(base + 8, count - 8)
        } else {
            first = word(base, count)
            second = 0
        }
        return mix(secret.1 ^ UInt64(count), mix(first ^ secret.1, second ^ seed))
    }

    /// Fewer than 8 bytes as one word, read without crossing the 8-byte boundary after `start`: a
    /// small String lends its bytes from two 8-byte words stored to the stack just before, and a
    /// load straddling both would wait for the stores to land (some 15 cycles) instead of taking
    /// their bytes on the way.
    @inline(__always)
    private static func word(_ start: UnsafeRawPointer, _ count: Int) -> UInt64 {
        if count >= 4 {
            return UInt64(start.loadUnaligned(as: UInt32.self)) << 32
                | UInt64(start.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        }
        guard count > 0 else { return 0 }
        return UInt64(start.load(as: UInt8.self)) << 16 | UInt64(start.load(fromByteOffset: count >> 1, as: UInt8.self)) << 8
            | UInt64(start.load(fromByteOffset: count - 1, as: UInt8.self))
    }

    /// wyhash's default secret: odd 64-bit constants with balanced bits.
    private static let secret: (UInt64, UInt64) = (0xa076_1d64_78bd_642f, 0xe703_7ed1_a0b4_28db)

    /// The 128-bit product of two words folded to 64 bits.
    @inline(__always)
    private static func mix(_ x: UInt64, _ y: UInt64) -> UInt64 {
        let product = x.multipliedFullWidth(by: y)
        return product.high ^ product.low
    }

    /// The index of the device called `name` in `devices`, if interned.
    func find(_ name: String, in devices: [DeviceState]) -> Int? {
        find(name, hash: Self.hash(name), in: devices)
    }

    /// ``find(_:in:)`` with the name's ``hash(_:)`` made beforehand: hashing may call into the
    /// runtime (a name not stored contiguously), which would make the caller retain `devices` around it.
    @inline(__always)
    func find(_ name: String, hash: UInt64, in devices: [DeviceState]) -> Int? {
        guard !buckets.isEmpty else { return nil }
        let mask = buckets.count - 1
        var slot = Self.slot(of: hash, mask: mask)
        while true {
            let device = buckets[slot]
            if device < 0 { return nil }
            if devices[Int(device)].name == name { return Int(device) }
            slot = (slot + 1) & mask
        }
    }

    /// Interns `name` as device `index` (not interned yet); `devices` names the devices interned before.
    mutating func insert(_ name: String, index: Int, in devices: [DeviceState]) {
        if (count + 1) * 4 > buckets.count * 3 {
            let old = buckets
            buckets = Array(repeating: -1, count: max(16, buckets.count * 2))
            for device in old where device >= 0 { place(Int(device), named: devices[Int(device)].name ?? "") }
        }
        place(index, named: name)
        count += 1
    }

    mutating func removeAll() {
        buckets = []
        count = 0
    }

    private mutating func place(_ device: Int, named name: String) {
        let mask = buckets.count - 1
        var slot = Self.slot(of: Self.hash(name), mask: mask)
        while buckets[slot] >= 0 { slot = (slot + 1) & mask }
        buckets[slot] = Int32(device)
    }

    /// The first bucket of a name with this hash: its high bits after a Fibonacci multiply, so
    /// names that differ in their last character only do not crowd one run of buckets.
    @inline(__always)
    private static func slot(of hash: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9e37_79b9_7f4a_7c15) >> 32) & mask
    }
}
