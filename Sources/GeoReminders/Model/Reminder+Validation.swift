import Foundation

extension Reminder {
    /// The reminder with its identifiers in canonical form, or the first model rule it breaks.
    func validated() throws(ReminderError) -> Reminder {
        var copy = self
        copy.id = try Self.canonicalIdentifier(id)
        if let listID { copy.listID = try Self.canonicalIdentifier(listID) }
        if Self.isBlank(title) { throw .emptyTitle(id: copy.id) }
        guard PriorityLevel(priority: priority) != nil else {
            throw .priorityOutOfRange(id: copy.id, priority: priority)
        }
        if let startDate, !startDate.isValid { throw .badDate(id: copy.id, field: "start date", date: startDate) }
        if let dueDate, !dueDate.isValid { throw .badDate(id: copy.id, field: "due date", date: dueDate) }
        if dueDate == nil, !recurrenceRules.isEmpty { throw .recurrenceWithoutDueDate(id: copy.id) }
        // RFC 5545 reads BYHOUR and the like against DTSTART: the start, else the due date.
        if let anchor = startDate ?? dueDate {
            let wall = anchor.time.map { (hour: $0.hour, minute: $0.minute, second: $0.second) }
            for rule in recurrenceRules where !rule.timeOfDay.isEmpty {
                guard let wall, rule.timeOfDay.agrees(with: wall) else {
                    let start = wall.map { String(format: "%02d:%02d:%02d", $0.hour, $0.minute, $0.second) } ?? "all day"
                    throw .recurrenceTimeOfDay(id: copy.id, rule: rule.rrule, start: start)
                }
            }
        }
        if let parentID {
            copy.parentID = try Self.canonicalIdentifier(parentID)
            if copy.parentID == copy.id { throw .ownParent(id: copy.id) }
        }
        if let url, Self.isBlank(url) { copy.url = nil }
        copy.tags = Self.normalizedTags(tags)
        for index in copy.alarms.indices {
            copy.alarms[index].id = try Self.canonicalIdentifier(copy.alarms[index].id)
            switch copy.alarms[index].trigger {
            case .absolute:
                break
            case let .relative(offset):
                guard offset.isFinite else { throw .badOffset(id: copy.id, offset: offset) }
                guard dueDate != nil else { throw .relativeAlarmWithoutDueDate(id: copy.id) }
            case let .location(location, _):
                guard (-90...90).contains(location.latitude), (-180...180).contains(location.longitude),
                    location.radius.isFinite, location.radius >= 0
                else {
                    throw .badLocation(
                        id: copy.id, latitude: location.latitude,
                        longitude: location.longitude, radius: location.radius)
                }
            }
        }
        return copy
    }

    /// Lowercase UUID text for `text`, which must be UUID text (8-4-4-4-12 hex digits) in
    /// either case. Checked by hand: Foundation's parser costs microseconds per call, and text
    /// already in canonical form (every identifier georemind makes) is returned without a copy.
    static func canonicalIdentifier(_ text: String) throws(ReminderError) -> String {
        var hasUppercase = false
        var count = 0
        for byte in text.utf8 {
            defer { count += 1 }
            guard count < 36 else { throw .badIdentifier(text: text) }
            if count == 8 || count == 13 || count == 18 || count == 23 {
                guard byte == UInt8(ascii: "-") else { throw .badIdentifier(text: text) }
            } else if byte >= 65, byte <= 70 {
                hasUppercase = true
            } else if !((byte >= 48 && byte <= 57) || (byte >= 97 && byte <= 102)) {
                throw .badIdentifier(text: text)
            }
        }
        guard count == 36 else { throw .badIdentifier(text: text) }
        guard hasUppercase else { return text }
        return String(decoding: text.utf8.map { $0 >= 65 && $0 <= 70 ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// Tags trimmed, without empty ones or repeats (ignoring case), in their first order.
    static func normalizedTags(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for tag in tags {
            let trimmed = tag.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, seen.insert(trimmed.lowercased()).inserted else { continue }
            result.append(trimmed)
        }
        return result
    }

    /// True when `text` is empty or only white space and line breaks.
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }
}
