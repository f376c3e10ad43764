/// A pipeline's routing of fixes to consumers: each device's shard (``EngineShards/shard(of:count:)``),
/// computed here from the name's hash, which also numbers the device within its part of the stream
/// (``PartDevices``); the last device is remembered, as a trace often repeats one device for long
/// runs (one phone's export, a walker) and its name then costs a comparison instead of a hash.
struct DeviceRouter {
    let consumers: Int
    private(set) var devices = PartDevices()
    private var lastDevice: String?
    private var last: (consumer: Int, number: Int32) = (-1, -1)

    init(consumers: Int) {
        self.consumers = consumers
    }

    /// `device`'s consumer and its number in the part.
    mutating func route(_ device: String?) -> (consumer: Int, number: Int32) {
        if last.consumer >= 0, device == lastDevice { return last }
        lastDevice = device
        let hash = device.map(DeviceNameIndex.hash) ?? 0
        // The hash scaled to 0..<count by its product's high word, as EngineShards.shard(of:count:) does.
        let consumer = consumers > 1 && device != nil ? Int(hash.multipliedFullWidth(by: UInt64(consumers)).high) : 0
        last = (consumer, devices.number(of: device, hash: hash))
        return last
    }
}
