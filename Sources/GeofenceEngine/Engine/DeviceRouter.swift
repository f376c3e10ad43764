/// A pipeline's routing of fixes to consumers: each device's shard (``EngineShards/shard(of:count:)``),
/// computed here rather than through a function handed in, so the name's hash is made inline; the
/// last device's consumer is remembered, as a trace often repeats one device for long runs (one
/// phone's export, a walker) and its name then costs a comparison instead of a hash.
struct DeviceRouter {
    let consumers: Int
    private var lastDevice: String?
    private var lastConsumer = -1

    init(consumers: Int) {
        self.consumers = consumers
    }

    mutating func consumer(of device: String?) -> Int {
        guard consumers > 1 else { return 0 }
        if lastConsumer >= 0, device == lastDevice { return lastConsumer }
        lastDevice = device
        lastConsumer = EngineShards.shard(of: device, count: consumers)
        return lastConsumer
    }
}
