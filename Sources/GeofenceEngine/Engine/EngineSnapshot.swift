import Foundation

/// The engine's state as a value, so a stream split over several files behaves as one stream:
/// save after one file, restore into a new engine with the same fences and options, feed the next.
///
/// Holds, per device, its last admitted fix and the fences whose state is not outside (outside
/// is implicit), so its size follows the devices and their nearby fences, not fences × devices.
public struct EngineSnapshot: Codable, Hashable, Sendable {
    public struct FenceState: Codable, Hashable, Sendable {
        public enum State: String, Codable, Hashable, Sendable { case inside, unknown }
        public var fence: String
        public var state: State
        /// When the current inside state began (for dwell); nil when unknown.
        public var insideSince: Date?
        public var dwellReported: Bool
    }

    public struct Device: Codable, Hashable, Sendable {
        /// nil for the default device (fixes without a device id).
        public var device: String?
        public var lastTime: Date?
        public var lastLatitude: Double
        public var lastLongitude: Double
        /// False when every state is unknown (no fix yet, or reset by the stale timeout).
        public var decided: Bool
        public var fences: [FenceState]
    }

    public var devices: [Device]
    public var statistics: EngineStatistics
}

extension GeofenceEngine {
    /// The current state, to be given to ``restore(_:)`` of an engine with the same fences.
    public func snapshot() -> EngineSnapshot {
        let devices = devices.map { device in
            EngineSnapshot.Device(
                device: device.name,
                lastTime: device.lastTime.map { Date(timeIntervalSinceReferenceDate: $0) },
                lastLatitude: device.lastCoordinate.latitude,
                lastLongitude: device.lastCoordinate.longitude,
                decided: device.decided,
                fences: device.decided
                    ? device.tracked.compactMap { tracked in
                        switch tracked.state {
                        case .outside: nil
                        case .unknown:
                            EngineSnapshot.FenceState(
                                fence: fences[Int(tracked.fence)].id, state: .unknown, insideSince: nil, dwellReported: false)
                        case .inside:
                            EngineSnapshot.FenceState(
                                fence: fences[Int(tracked.fence)].id, state: .inside,
                                insideSince: Date(timeIntervalSinceReferenceDate: tracked.insideSince),
                                dwellReported: tracked.dwellReported)
                        }
                    } : [])
        }
        return EngineSnapshot(devices: devices, statistics: statistics)
    }

    /// Replaces all device state and statistics with a saved snapshot.
    public func restore(_ snapshot: EngineSnapshot) throws(EngineError) {
        var restored: [DeviceState] = []
        for saved in snapshot.devices {
            var device = DeviceState(name: saved.device)
            device.lastTime = saved.lastTime?.timeIntervalSinceReferenceDate
            device.lastCoordinate = Coordinate(latitude: saved.lastLatitude, longitude: saved.lastLongitude)
            device.decided = saved.decided && saved.lastTime != nil
            for fence in saved.fences where device.decided {
                guard let index = fenceIndexByID[fence.fence] else {
                    throw .unknownFenceInSnapshot(fence: fence.fence, device: saved.device)
                }
                device.tracked.append(
                    TrackedFence(
                        fence: index, state: fence.state == .inside ? .inside : .unknown,
                        dwellReported: fence.state == .inside && fence.dwellReported,
                        insideSince: fence.insideSince?.timeIntervalSinceReferenceDate ?? 0))
            }
            device.tracked.sort { $0.fence < $1.fence }
            device.models = device.tracked.map { models[Int($0.fence)] }
            device.checkAt = Array(repeating: -.infinity, count: device.tracked.count)
            device.insideCount = Int32(device.tracked.count { $0.state == .inside })
            restored.append(device)
        }
        devices = []
        deviceGroups = []
        deviceNames.removeAll()
        defaultDevice = nil
        lastDeviceName = nil
        lastDeviceIndex = -1
        for device in restored {
            let index = addDevice(device.name)
            devices[index] = device
        }
        statistics = snapshot.statistics
        _checkInvariants()
    }
}
