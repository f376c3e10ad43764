import Foundation
import GeoReminders
import PostgresNIO

/// The live map's devices on a shared store, one `deviceLive` row each: written by the device's
/// partition owner in the commit that admitted its fixes, so any instance can draw every device.
package enum DeviceLiveRows {
    /// The statement that writes `devices` (one statement: a JSON array read as rows).
    static func upsert(_ devices: [LiveView.Device]) -> PostgresQuery {
        let rows: [[String: Any]] = devices.map { device in
            var row: [String: Any] = [
                "device": device.id, "latitude": device.latitude, "longitude": device.longitude,
                "inside": device.insideReminderIDs, "track": device.track.map { [$0.latitude, $0.longitude] },
            ]
            if let accuracy = device.accuracy { row["accuracy"] = accuracy }
            if let time = device.time { row["time"] = time.timeIntervalSinceReferenceDate }
            return row
        }
        let data = (try? JSONSerialization.data(withJSONObject: rows)) ?? Data("[]".utf8)
        let json = String(decoding: data, as: UTF8.self)
        return """
            INSERT INTO deviceLive (device, latitude, longitude, accuracy, time, inside, track)
            SELECT device, latitude, longitude, accuracy, time, inside, track FROM jsonb_to_recordset(\(json)::jsonb)
                AS x(device text, latitude double precision, longitude double precision, accuracy double precision,
                     time double precision, inside jsonb, track jsonb)
            ON CONFLICT (device) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
                accuracy = excluded.accuracy, time = excluded.time, inside = excluded.inside, track = excluded.track
            """
    }

    /// Every device, by id.
    package static func all(on db: PostgresConnection) async throws -> [LiveView.Device] {
        do {
            var devices: [LiveView.Device] = []
            let rows = try await db.query(
                "SELECT device, latitude, longitude, accuracy, time, inside::text, track::text FROM deviceLive ORDER BY device",
                logger: PostgresSession.logger)
            for try await (id, latitude, longitude, accuracy, time, inside, track) in rows.decode(
                (String, Double, Double, Double?, Double?, String, String).self)
            {
                let points = (try? JSONDecoder().decode([[Double]].self, from: Data(track.utf8))) ?? []
                devices.append(
                    LiveView.Device(
                        id: id, latitude: latitude, longitude: longitude, accuracy: accuracy,
                        time: time.map(Date.init(timeIntervalSinceReferenceDate:)),
                        track: points.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil },
                        insideReminderIDs: (try? JSONDecoder().decode([String].self, from: Data(inside.utf8))) ?? []))
            }
            return devices
        } catch {
            throw PostgresSession.translate(error)
        }
    }
}

extension PartitionEvaluationStore {
    /// Writes the live map's rows of the devices a commit admitted fixes of, inside that commit's
    /// transaction (call from the body of ``takeInbox(limit:_:)``).
    package func recordLive(_ devices: [LiveView.Device]) throws {
        guard !devices.isEmpty else { return }
        precondition(inTransaction.withLock { $0 }, "live rows are written inside a partition commit")
        try run(DeviceLiveRows.upsert(devices))
    }
}
