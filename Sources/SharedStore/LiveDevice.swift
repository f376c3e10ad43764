import Foundation
import PostgresNIO

/// One device as the live map shows it, kept in `deviceLive` on a shared store: its last admitted
/// fix, its recent track and the reminders whose places it is inside, written by its partition's
/// owner in the commit that admitted the fix, so any instance can draw every device.
public struct LiveDevice: Sendable, Equatable {
    public var id: String
    public var latitude: Double
    public var longitude: Double
    public var accuracy: Double?
    public var time: Date?
    /// The last admitted fixes, oldest first.
    public var track: [[Double]]
    public var insideReminderIDs: [String]

    public init(
        id: String, latitude: Double, longitude: Double, accuracy: Double?, time: Date?, track: [[Double]],
        insideReminderIDs: [String]
    ) {
        self.id = id
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
        self.time = time
        self.track = track
        self.insideReminderIDs = insideReminderIDs
    }

    /// The statement that writes `devices` (one statement: a JSON array read as rows).
    static func upsert(_ devices: [LiveDevice]) -> PostgresQuery {
        let rows: [[String: Any]] = devices.map { device in
            var row: [String: Any] = [
                "device": device.id, "latitude": device.latitude, "longitude": device.longitude,
                "inside": device.insideReminderIDs, "track": device.track,
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
    public static func all(on db: PostgresConnection) async throws -> [LiveDevice] {
        do {
            var devices: [LiveDevice] = []
            let rows = try await db.query(
                "SELECT device, latitude, longitude, accuracy, time, inside::text, track::text FROM deviceLive ORDER BY device",
                logger: PostgresSession.logger)
            for try await (id, latitude, longitude, accuracy, time, inside, track) in rows.decode(
                (String, Double, Double, Double?, Double?, String, String).self)
            {
                devices.append(
                    LiveDevice(
                        id: id, latitude: latitude, longitude: longitude, accuracy: accuracy,
                        time: time.map(Date.init(timeIntervalSinceReferenceDate:)),
                        track: (try? JSONDecoder().decode([[Double]].self, from: Data(track.utf8))) ?? [],
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
    public func recordLive(_ devices: [LiveDevice]) throws {
        guard !devices.isEmpty else { return }
        precondition(inTransaction.withLock { $0 }, "live rows are written inside a partition commit")
        try run(LiveDevice.upsert(devices))
    }
}
