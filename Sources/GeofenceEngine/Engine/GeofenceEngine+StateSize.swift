/// What the engine's per-device state occupies, so its growth with a fleet is measured, not guessed.
public struct EngineStateSize: Hashable, Sendable {
    /// Devices the engine has seen.
    public var devices: Int
    /// The device records (the array's capacity × their stride) and the heap arrays they own
    /// (a 32-byte header plus capacity × stride each), the bytes that grow with candidates.
    public var recordBytes: Int
    /// The device-name index (its buckets) and names too long to be stored inline.
    public var nameBytes: Int

    /// Everything above over the devices; 0 without devices.
    public var bytesPerDevice: Double { devices == 0 ? 0 : Double(recordBytes + nameBytes) / Double(devices) }
}

extension GeofenceEngine {
    /// The bytes of state kept for the devices seen so far (not the fences, which are shared).
    public func stateSize() -> EngineStateSize {
        func heap<Element>(_ array: [Element]) -> Int {
            array.capacity == 0 ? 0 : 32 + array.capacity * MemoryLayout<Element>.stride
        }
        var records = devices.capacity * MemoryLayout<DeviceState>.stride
        for device in devices { records += heap(device.tracked) + heap(device.models) + heap(device.checkAt) }
        var names = deviceNames.bytes
        for device in devices { if let name = device.name, name.utf8.count > 15 { names += 32 + name.utf8.count } }
        return EngineStateSize(devices: devices.count, recordBytes: records, nameBytes: names)
    }
}
