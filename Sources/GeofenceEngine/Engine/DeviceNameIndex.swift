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

    /// The index of the device called `name` in `devices`, if interned.
    func find(_ name: String, in devices: [DeviceState]) -> Int? {
        find(name, hash: DeviceNameHash.hash(name), in: devices)
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
        var slot = Self.slot(of: DeviceNameHash.hash(name), mask: mask)
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
