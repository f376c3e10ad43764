import Foundation

/// Recurrence rules as the `reminder.recurrenceRules` column keeps them: a JSON array of
/// `{"fromCompletion": …, "rrule": …}`, NULL when there are none. Only the RRULE text and the
/// flag are stored, through `RecurrenceRule`'s stable API.
enum RecurrenceRuleStorage {
    private struct Stored: Codable {
        var rrule: String
        var fromCompletion: Bool
    }

    static func text(_ rules: [RecurrenceRule]) throws -> String? {
        guard !rules.isEmpty else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(rules.map { Stored(rrule: $0.rrule, fromCompletion: $0.fromCompletion) })
        return String(decoding: data, as: UTF8.self)
    }

    static func rules(_ text: String?) throws -> [RecurrenceRule] {
        guard let text else { return [] }
        return try JSONDecoder().decode([Stored].self, from: Data(text.utf8)).map {
            try RecurrenceRule(rrule: $0.rrule, fromCompletion: $0.fromCompletion)
        }
    }
}
