/// A pipeline's routing of fixes to consumers by device, remembering the last device's consumer:
/// a trace often repeats one device for long runs (one phone's export, a walker), and its name
/// then costs a comparison instead of a hash.
struct DeviceRouter {
    let route: @Sendable (_ device: String?) -> Int
    let consumers: Int
    private var lastDevice: String?
    private var lastConsumer = -1

    init(route: @escaping @Sendable (_ device: String?) -> Int, consumers: Int) {
        self.route = route
        self.consumers = consumers
    }

    mutating func consumer(of device: String?) -> Int {
        guard consumers > 1 else { return 0 }
        if lastConsumer >= 0, device == lastDevice { return lastConsumer }
        lastDevice = device
        lastConsumer = route(device)
        return lastConsumer
    }
}
