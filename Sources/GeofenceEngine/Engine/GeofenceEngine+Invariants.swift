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
                if device.isParked {
                    precondition(device.models.isEmpty && device.checkAt.isEmpty, "a parked device keeps no models or budgets")
                    precondition(device.tracked.allSatisfy { $0.state != .outside }, "a parked device keeps no outside fence")
                    precondition(
                        !device.cache.contains(latitude: device.lastCoordinate.latitude, longitude: device.lastCoordinate.longitude),
                        "a parked device has no box")
                } else {
                    precondition(device.checkAt.count == device.tracked.count, "one budget per tracked fence")
                }
                precondition(Int(device.insideCount) == device.tracked.count { $0.state == .inside }, "inside count kept")
            }
        #endif
    }
}
