import GeoReminders
import LiveEvaluation
import PostgresNIO
import SharedStore

/// The live map on a shared PostgreSQL store: every device's row of `deviceLive`, written by its
/// partition's owner, so any instance draws the whole fleet.
package struct SharedLiveView: LiveViewSource {
    let client: PostgresClient

    /// `client` must be running (a service of the same group).
    package init(client: PostgresClient) {
        self.client = client
    }

    package func view() async throws -> LiveView {
        LiveView(devices: try await client.withConnection { try await DeviceLiveRows.all(on: $0) })
    }
}
