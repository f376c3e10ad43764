import Foundation
import GeoReminders

/// The body of `POST /api/v1/reminders` and `PATCH /api/v1/reminders/{id}`: the fields `add`
/// takes, named as its options (`"radius": "0.1mi"`, `"alarm-before": ["15m"]`); a field left out
/// keeps that part. `priority` may be a level name or EventKit's number, `radius` a length or a
/// number of metres.
package struct ReminderDraftJSON: Decodable, Sendable {
    package var draft: ReminderDraft

    enum Key: String, CodingKey, CaseIterable {
        case title, list, priority, notes, due, timeZone = "time-zone", at, area, latitude, longitude, radius, when
        case alarm, alarmBefore = "alarm-before", repeatRule = "repeat", repeatFromCompletion = "repeat-from-completion"
        case url, tags, parent, assign
        case alarmsFor = "for"
    }

    /// A key that is not one of ``Key``.
    package struct AnyKey: CodingKey {
        package var stringValue: String
        package var intValue: Int? { nil }
        package init(stringValue: String) { self.stringValue = stringValue }
        package init?(intValue: Int) { nil }
    }

    package init(from decoder: any Decoder) throws {
        // An unknown field is most likely a typo: refuse it rather than ignore what was asked.
        let all = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = all.allKeys.first(where: { Key(rawValue: $0.stringValue) == nil }) {
            throw RequestError.badValue(
                field: unknown.stringValue,
                message: "is not a field of a reminder (\(Key.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let container = try decoder.container(keyedBy: Key.self)
        for key in container.allKeys where try container.decodeNil(forKey: key) {
            throw RequestError.badValue(field: key.rawValue, message: "is null; leave the field out to keep that part")
        }
        var draft = ReminderDraft()
        draft.title = try container.decodeIfPresent(String.self, forKey: .title)
        draft.list = try container.decodeIfPresent(String.self, forKey: .list)
        if let number = try? container.decodeIfPresent(Int.self, forKey: .priority) {
            draft.priority = String(number)
        } else {
            draft.priority = try container.decodeIfPresent(String.self, forKey: .priority)
        }
        draft.notes = try container.decodeIfPresent(String.self, forKey: .notes)
        draft.due = try container.decodeIfPresent(String.self, forKey: .due)
        draft.timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
        draft.at = try container.decodeIfPresent(String.self, forKey: .at)
        if container.contains(.area) {
            // A GeoJSON object as it is; the library reads it as it reads an --area file.
            let area = try container.decode(JSONValue.self, forKey: .area)
            draft.area = area.text
        }
        draft.latitude = try container.decodeIfPresent(Double.self, forKey: .latitude)
        draft.longitude = try container.decodeIfPresent(Double.self, forKey: .longitude)
        if let metres = try? container.decodeIfPresent(Double.self, forKey: .radius) {
            draft.radius = "\(metres)m"
        } else {
            draft.radius = try container.decodeIfPresent(String.self, forKey: .radius)
        }
        draft.when = try container.decodeIfPresent(String.self, forKey: .when)
        draft.alarm = try container.decodeIfPresent([String].self, forKey: .alarm)
        draft.alarmBefore = try container.decodeIfPresent([String].self, forKey: .alarmBefore)
        draft.repeatRule = try container.decodeIfPresent(String.self, forKey: .repeatRule)
        draft.repeatFromCompletion = try container.decodeIfPresent(Bool.self, forKey: .repeatFromCompletion)
        draft.url = try container.decodeIfPresent(String.self, forKey: .url)
        draft.tags = try container.decodeIfPresent([String].self, forKey: .tags)
        draft.parent = try container.decodeIfPresent(String.self, forKey: .parent)
        draft.assign = try container.decodeIfPresent(String.self, forKey: .assign)
        draft.alarmsFor = try container.decodeIfPresent(String.self, forKey: .alarmsFor)
        self.draft = draft
    }
}

/// Any JSON value, kept to be written back as text (a GeoJSON geometry inside a request).
struct JSONValue: Decodable {
    var text: String

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var parts: [String] = []
            while !array.isAtEnd { parts.append(try array.decode(JSONValue.self).text) }
            text = "[" + parts.joined(separator: ",") + "]"
        } else if let object = try? decoder.container(keyedBy: ReminderDraftJSON.AnyKey.self) {
            var parts: [String] = []
            for key in object.allKeys {
                let name = String(decoding: try JSONEncoder().encode(key.stringValue), as: UTF8.self)
                parts.append(name + ":" + (try object.decode(JSONValue.self, forKey: key)).text)
            }
            text = "{" + parts.joined(separator: ",") + "}"
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                text = "null"
            } else if let flag = try? single.decode(Bool.self) {
                text = flag ? "true" : "false"
            } else if let number = try? single.decode(Double.self) {
                text = "\(number)"
            } else {
                text = String(decoding: try JSONEncoder().encode(try single.decode(String.self)), as: UTF8.self)
            }
        }
    }
}
