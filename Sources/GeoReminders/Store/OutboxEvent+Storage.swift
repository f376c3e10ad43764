import Foundation
import GRDB

/// The `outboxEvent` row of an event (schema v8-outbox).
extension OutboxEvent {
    static let columns = """
        sequence, id, type, reminderID, reminderTitle, reminderPriority, reminderCreationDate, alarmID, device,
        eventDate, fixLatitude, fixLongitude, fixAccuracy, fixDate, placeTitle, placeLatitude, placeLongitude,
        placeRadius, distance, recordedDate, late
        """

    /// Inserts the row unless an event with the same id is there already.
    func insert(_ db: Database) throws {
        let arguments: [(any DatabaseValueConvertible)?] = [
            id, type.rawValue, reminder.id, reminder.title, reminder.priority,
            reminder.creationDate.timeIntervalSinceReferenceDate, alarmID, device, time.timeIntervalSinceReferenceDate,
            fix?.latitude, fix?.longitude, fix?.accuracy, fix?.time?.timeIntervalSinceReferenceDate,
            location?.title, location?.latitude, location?.longitude, location?.radius, distance,
            recordedDate.timeIntervalSinceReferenceDate, late,
        ]
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO outboxEvent (\(Self.columns.split(separator: ",").dropFirst().joined(separator: ",")))
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: StatementArguments(arguments))
    }

    /// Reads a row selected with ``columns``.
    init(row: Row) {
        func date(_ index: Int) -> Date? { (row[index] as Double?).map(Date.init(timeIntervalSinceReferenceDate:)) }
        let fix: FixRecord? = (row[10] as Double?).map { latitude in
            FixRecord(latitude: latitude, longitude: row[11], accuracy: row[12], time: date(13))
        }
        let place: PlaceRecord? = (row[14] as String?).map { title in
            PlaceRecord(title: title, latitude: row[15], longitude: row[16], radius: row[17])
        }
        self.init(
            id: row[1], sequence: row[0], type: EventType(rawValue: row[2]) ?? .time,
            reminder: AlarmEvent.ReminderSummary(
                id: row[3], title: row[4], priority: row[5],
                creationDate: Date(timeIntervalSinceReferenceDate: row[6])),
            alarmID: row[7], device: row[8], time: Date(timeIntervalSinceReferenceDate: row[9]),
            fix: fix, location: place, distance: row[18],
            recordedDate: Date(timeIntervalSinceReferenceDate: row[19]), late: row[20])
    }
}
