/// Which partition a device's fixes belong to: FNV-1a (64-bit) of the device id's UTF-8 bytes,
/// modulo the partition count. Stable across processes, machines and Swift versions (Swift's own
/// `Hasher` is seeded per process), so every instance routes a device to the same partition.
package struct DevicePartition: Sendable, Hashable {
    package let count: Int

    package init(count: Int) {
        precondition(count > 0, "at least one partition")
        self.count = count
    }

    package func partition(of device: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in device.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(count))
    }
}
