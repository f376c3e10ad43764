import LocationProtocols
import Synchronization

/// What each device last said of itself (speed, battery, altitude), for the live map: kept in
/// memory only, as the evaluator's recent tracks are; the newest by fix time wins, so a resent or
/// late backlog does not replace a newer reading.
package final class LatestReadings: Sendable {
    private let readings = Mutex<[String: DeviceReading]>([:])

    package init() {}

    func record(_ new: [DeviceReading]) {
        let sent = new.filter { $0.speed != nil || $0.battery != nil || $0.altitude != nil }
        guard !sent.isEmpty else { return }
        readings.withLock { readings in
            for reading in sent where readings[reading.device].map({ $0.time <= reading.time }) ?? true {
                readings[reading.device] = reading
            }
        }
    }

    func reading(of device: String) -> DeviceReading? {
        readings.withLock { $0[device] }
    }
}
