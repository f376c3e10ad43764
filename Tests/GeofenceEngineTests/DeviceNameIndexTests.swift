import Testing

@testable import GeofenceEngine

/// The engine's device-name index: every name interned once finds its device, through growth and
/// collisions, and a name never interned finds none.
@Suite struct DeviceNameIndexTests {
    @Test func everyInternedNameFindsItsDeviceThroughGrowth() {
        var index = DeviceNameIndex()
        var devices: [DeviceState] = []
        // Short names differing in one character, long (heap) names, the empty name and non-ASCII.
        let names =
            (0..<5_000).map { "device-\($0)" } + (0..<300).map { "a much longer device name, number \($0)" } + ["", "Zürich-Tram 7", "🚲"]
        for name in names {
            #expect(index.find(name, in: devices) == nil)
            devices.append(DeviceState(name: name))
            index.insert(name, index: devices.count - 1, in: devices)
        }
        #expect(index.count == names.count)
        for (position, name) in names.enumerated() { #expect(index.find(name, in: devices) == position) }
        for missing in ["device-5000", "Device-1", "device-1 ", "a much longer device name, number 300"] {
            #expect(index.find(missing, in: devices) == nil)
        }
        // At most three quarters full: 8,192 buckets of 4 bytes (the allocator may round up a little).
        #expect((32 + 8_192 * 4)..<(32 + 8_208 * 4) ~= index.bytes, "\(index.bytes)")
        index.removeAll()
        #expect(index.find("device-1", in: devices) == nil && index.count == 0)
    }

    /// The hash's values for every path through it (empty, under 4, 4–7, 8–15, 16 and over 16
    /// bytes, non-ASCII), worked out apart by a script following the same steps: a device's shard
    /// is the high word of hash × shard count, so these pin which shard decides it.
    @Test func theHashHasItsWorkedOutValues() {
        let expected: [(String, UInt64)] = [
            ("", 0x1ff5_c292_3a78_8d2c), ("a", 0x8450_8dc9_03c3_1551), ("ab", 0x06f4_d235_9eb6_19e0),
            ("foobar", 0xa008_32f8_a88b_43f1), ("device-42", 0x3af6_5edd_d411_f814),
            ("0123456789abcdef", 0xae50_2cd2_4c63_9bfa), ("a much longer device name, number 7", 0xa458_fa45_2e03_ebfd),
            ("Zürich-Tram 7", 0xe55c_943c_eadd_1bce), ("🚲", 0xfd50_c9d1_ec9b_9dc4),
        ]
        for (name, hash) in expected { #expect(DeviceNameHash.hash(name) == hash, "\(name)") }
        #expect(EngineShards.shard(of: "0123456789abcdef", count: 3) == 2)
        #expect(EngineShards.shard(of: "foobar", count: 3) == 1)
        #expect(EngineShards.shard(of: "", count: 3) == 0)
    }

    /// A name hashes by its bytes alone: kept inline (up to 15 bytes), on the heap, or in a
    /// substring's storage, the same name has the same hash.
    @Test func theHashDependsOnTheBytesOnly() {
        for name in ["a", "abc", "device-42", "fifteen bytes!!", "0123456789abcdef", "a much longer device name, number 7"] {
            var onHeap = String()
            onHeap.reserveCapacity(64)
            onHeap += name
            let inLine = String(Substring("<" + name + ">").dropFirst().dropLast())
            #expect(DeviceNameHash.hash(onHeap) == DeviceNameHash.hash(name), "\(name)")
            #expect(DeviceNameHash.hash(inLine) == DeviceNameHash.hash(name), "\(name)")
        }
        #expect(DeviceNameHash.hash("device-42") != DeviceNameHash.hash("device-24"))
        #expect(DeviceNameHash.hash("ab") != DeviceNameHash.hash("ab\u{0}"))
    }
}
