import GeofenceEngine

/// Numbers the devices of a part of a stream by name, for a producer that has no numbering of its
/// own (``RoutedFixes/append(_:)``): the last name is remembered, as a trace often repeats one
/// device for long runs (one phone's export, a walker) and its name then costs a comparison
/// instead of interning.
struct DeviceNumbering {
    private var devices = InternedDevices()
    private var lastDevice: String?
    private var lastNumber = -1

    mutating func number(of device: String?) -> Int {
        if lastNumber >= 0, device == lastDevice { return lastNumber }
        lastDevice = device
        lastNumber = devices.number(of: device)
        return lastNumber
    }
}
