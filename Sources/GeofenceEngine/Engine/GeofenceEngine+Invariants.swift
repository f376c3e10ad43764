extension GeofenceEngine {
    /// Checks the state's invariants in debug builds (swift-collections habit); free in release.
    func _checkInvariants() {
        #if DEBUG
            precondition(models.count == fences.count, "one model per fence")
            for (index, device) in devices.enumerated() {
                if let name = device.name {
                    precondition(deviceNames.find(name, in: devices) == index, "device interned once")
                } else {
                    precondition(defaultDevice == index, "default device interned once")
                }
                var previous: Int32 = -1
                for fence in device.tracked {
                    precondition(fence.fence > previous && Int(fence.fence) < fences.count, "tracked fences sorted, unique, valid")
                    previous = fence.fence
                    precondition(device.decided || fence.state == .unknown, "an undecided device has only unknown states")
                    precondition(!fence.dwellReported || fence.state == .inside, "dwell reported only while inside")
                }
                precondition(!device.decided || device.lastTime != nil, "a decided device has a last fix")
                precondition(device.checkAt.count == device.tracked.count, "one budget per tracked fence")
                precondition(device.insideCount == device.tracked.count { $0.state == .inside }, "inside count kept")
            }
        #endif
    }
}
