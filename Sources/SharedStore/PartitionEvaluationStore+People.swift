import Foundation
import GeoReminders
import PostgresNIO

/// Whose devices fire which alarms, read from PostgreSQL as ``ReminderStore/peopleBook()`` reads
/// it from SQLite.
extension PartitionEvaluationStore {
    package func peopleBook() throws -> PeopleBook {
        try SharedPeople.read(devices: true) { try run($0) }
    }

    package func deviceAccount(_ id: String) throws -> String? {
        try SharedPeople.deviceAccount(id) { try run($0) }
    }
}
