import Foundation
import GRDB

/// The `outboxEvent` row of an event (schema v8-outbox), as cells every engine's store reads and
/// writes: the one place that knows the row's columns.
extension OutboxEvent {
    /// The table's columns in order; `sequence`, first, is the key the database gives.
    public static let columnNames = [
        "sequence", "id", "type", "reminderID", "reminderTitle", "reminderPriority", "reminderCreationDate", "alarmID",
        "device", "eventDate", "fixLatitude", "fixLongitude", "fixAccuracy", "fixDate", "placeTitle", "placeLatitude",
        "placeLongitude", "placeRadius", "distance", "recordedDate", "late", "people", "readers",
    ]

    /// ``columnNames`` as a SELECT lists them.
    public static let columns = columnNames.joined(separator: ", ")

    /// The row's cells in ``columnNames`` order without `sequence`, which the insert leaves to the
    /// database (dates as seconds since 2001, `late` as 0 or 1).
    public var insertedValues: [StoreValue] {
        func real(_ value: Double?) -> StoreValue { value.map(StoreValue.real) ?? .null }
        func text(_ value: String?) -> StoreValue { value.map(StoreValue.text) ?? .null }
        return [
            .text(id), .text(type.rawValue), .text(reminder.id), .text(reminder.title), .integer(Int64(reminder.priority)),
            .real(reminder.creationDate.timeIntervalSinceReferenceDate), .text(alarmID), text(device),
            .real(time.timeIntervalSinceReferenceDate), real(fix?.latitude), real(fix?.longitude), real(fix?.accuracy),
            real(fix?.time?.timeIntervalSinceReferenceDate), text(location?.title), real(location?.latitude),
            real(location?.longitude), real(location?.radius), real(distance), .real(recordedDate.timeIntervalSinceReferenceDate),
            .integer(late ? 1 : 0), people.isEmpty ? .null : .text(people.joined(separator: " ")),
            readers.isEmpty ? .null : .text(readers.joined(separator: " ")),
        ]
    }

    /// Reads a row of every column in ``columnNames`` order. The schema makes the columns read
    /// without a fallback NOT NULL on both engines.
    public init(cells row: [StoreValue]) {
        func date(_ index: Int) -> Date? { row[index].real.map(Date.init(timeIntervalSinceReferenceDate:)) }
        let fix: FixRecord? = row[10].real.map { latitude in
            FixRecord(latitude: latitude, longitude: row[11].real ?? 0, accuracy: row[12].real, time: date(13))
        }
        let place: PlaceRecord? = row[14].text.map { title in
            PlaceRecord(title: title, latitude: row[15].real ?? 0, longitude: row[16].real ?? 0, radius: row[17].real ?? 0)
        }
        self.init(
            id: row[1].text ?? "", sequence: row[0].integer ?? 0, type: row[2].text.flatMap(EventType.init(rawValue:)) ?? .time,
            reminder: AlarmEvent.ReminderSummary(
                id: row[3].text ?? "", title: row[4].text ?? "", priority: Int(row[5].integer ?? 0),
                creationDate: date(6) ?? .distantPast),
            alarmID: row[7].text ?? "", device: row[8].text, time: date(9) ?? .distantPast,
            fix: fix, location: place, distance: row[18].real,
            recordedDate: date(19) ?? .distantPast, late: (row[20].integer ?? 0) != 0,
            people: row[21].text.map { $0.split(separator: " ").map(String.init) } ?? [],
            readers: row[22].text.map { $0.split(separator: " ").map(String.init) } ?? [])
    }

    /// Inserts the row unless an event with the same id is there already.
    func insert(_ db: Database) throws {
        let placeholders = Array(repeating: "?", count: Self.columnNames.count - 1).joined(separator: ", ")
        try db.execute(
            sql: "INSERT OR IGNORE INTO outboxEvent (\(Self.columnNames.dropFirst().joined(separator: ", "))) VALUES (\(placeholders))",
            arguments: StatementArguments(insertedValues.map(\.databaseValue)))
    }

    /// Reads a row selected with ``columns``.
    init(row: Row) {
        self.init(cells: row.databaseValues.map(StoreValue.init))
    }
}
