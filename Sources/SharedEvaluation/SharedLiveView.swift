import LiveEvaluation
import PostgresNIO
import SharedStore

/// The live map on a shared PostgreSQL store: every device's row of `deviceLive`, written by its
/// partition's owner, so any instance draws the whole fleet.
public struct SharedLiveView: LiveViewSource {
    let client: PostgresClient

    /// `client` must be running (a service of the same group).
    public init(client: PostgresClient) {
        self.client = client
    }

    public func view() async throws -> LiveView {
        let devices = try await client.withConnection { try await LiveDevice.all(on: $0) }
        return LiveView(
            devices: devices.map { device in
                LiveView.Device(
                    id: device.id, latitude: device.latitude, longitude: device.longitude, accuracy: device.accuracy,
                    time: device.time, track: device.track.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil },
                    insideReminderIDs: device.insideReminderIDs)
            })
    }
}
