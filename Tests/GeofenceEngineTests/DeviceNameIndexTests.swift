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

    /// FNV-1a as published (the shard of a device must not change between releases).
    @Test func theHashIsFNV1a() {
        #expect(DeviceNameIndex.hash("") == 0xcbf2_9ce4_8422_2325)
        #expect(DeviceNameIndex.hash("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(DeviceNameIndex.hash("foobar") == 0x8594_4171_f739_67e8)
        #expect(EngineShards.shard(of: "foobar", count: 3) == Int(UInt64(0x8594_4171_f739_67e8) % 3))
    }
}
