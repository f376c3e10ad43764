import CivilTime
import Foundation

// Written out rather than synthesized because `RecurrenceRule` belongs to recurrence and is
// persisted only through its RRULE text and `fromCompletion` flag.
extension Reminder: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, listID, title, notes, priority, startDate, dueDate, isCompleted, completionDate
        case creationDate, lastModifiedDate, recurrenceRules, alarms, seriesID, url, parentID, tags, iCalendarExtras
        case assignee
        case alarmsFor = "for"
    }

    /// A recurrence rule as JSON shows it.
    private struct RuleText: Codable {
        var rrule: String
        var fromCompletion: Bool
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let texts = try c.decodeIfPresent([RuleText].self, forKey: .recurrenceRules) ?? []
        try self.init(decoding: c, texts: texts)
        url = try c.decodeIfPresent(String.self, forKey: .url)
        parentID = try c.decodeIfPresent(String.self, forKey: .parentID)
        tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
        iCalendarExtras = try c.decodeIfPresent(String.self, forKey: .iCalendarExtras)
        assignee = try c.decodeIfPresent(String.self, forKey: .assignee)
        alarmsFor = try c.decodeIfPresent(String.self, forKey: .alarmsFor).map(AlarmSubject.init(storageText:))
    }

    private init(decoding c: KeyedDecodingContainer<CodingKeys>, texts: [RuleText]) throws {
        self.init(
            id: try c.decode(String.self, forKey: .id),
            listID: try c.decodeIfPresent(String.self, forKey: .listID),
            title: try c.decode(String.self, forKey: .title),
            notes: try c.decodeIfPresent(String.self, forKey: .notes),
            priority: try c.decodeIfPresent(Int.self, forKey: .priority) ?? 0,
            startDate: try c.decodeIfPresent(CivilDateTime.self, forKey: .startDate),
            dueDate: try c.decodeIfPresent(CivilDateTime.self, forKey: .dueDate),
            isCompleted: try c.decodeIfPresent(Bool.self, forKey: .isCompleted) ?? false,
            completionDate: try c.decodeIfPresent(Date.self, forKey: .completionDate),
            creationDate: try c.decode(Date.self, forKey: .creationDate),
            lastModifiedDate: try c.decodeIfPresent(Date.self, forKey: .lastModifiedDate),
            recurrenceRules: try texts.map { try RecurrenceRule(rrule: $0.rrule, fromCompletion: $0.fromCompletion) },
            alarms: try c.decodeIfPresent([Alarm].self, forKey: .alarms) ?? [],
            seriesID: try c.decodeIfPresent(String.self, forKey: .seriesID))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeIfPresent(listID, forKey: .listID)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(notes, forKey: .notes)
        try c.encode(priority, forKey: .priority)
        try c.encodeIfPresent(startDate, forKey: .startDate)
        try c.encodeIfPresent(dueDate, forKey: .dueDate)
        try c.encode(isCompleted, forKey: .isCompleted)
        try c.encodeIfPresent(completionDate, forKey: .completionDate)
        try c.encode(creationDate, forKey: .creationDate)
        try c.encode(lastModifiedDate, forKey: .lastModifiedDate)
        try c.encode(
            recurrenceRules.map { RuleText(rrule: $0.rrule, fromCompletion: $0.fromCompletion) },
            forKey: .recurrenceRules)
        try c.encode(alarms, forKey: .alarms)
        try c.encodeIfPresent(seriesID, forKey: .seriesID)
        try c.encodeIfPresent(url, forKey: .url)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        if !tags.isEmpty { try c.encode(tags, forKey: .tags) }
        try c.encodeIfPresent(iCalendarExtras, forKey: .iCalendarExtras)
        try c.encodeIfPresent(assignee, forKey: .assignee)
        try c.encodeIfPresent(alarmsFor?.storageText, forKey: .alarmsFor)
    }
}
