import CivilTime
import Foundation

/// The parts of a reminder a person asks to set, in their own words (`due: 2026-11-23`,
/// `radius: 0.1mi`, `when: leaving`): what `add` and `edit` take as options and the HTTP API as
/// JSON fields. Applying it is the one place those words become the model; a field left nil keeps
/// that part of the reminder.
public struct ReminderDraft: Sendable, Equatable {
    public var title: String?
    /// The list, by title (ignoring case).
    public var list: String?
    /// `none`, `low`, `medium`, `high`, or EventKit's 0–9.
    public var priority: String?
    /// Free text; empty removes the notes.
    public var notes: String?
    /// `2026-11-23T16:00:00Z`, `2026-11-23T16:00` or `2026-11-23`.
    public var due: String?
    /// The zone of dates typed without an offset: an IANA name or `floating`; nil for the
    /// system zone.
    public var timeZone: String?
    /// A place of the map data, by name.
    public var at: String?
    /// A GeoJSON Polygon, or a Feature with one (its `name` property titles the place): the
    /// reminder watches that outline instead of a circle.
    public var area: String?
    public var latitude: Double?
    public var longitude: Double?
    /// `150`, `200ft`, `0.1 mi`.
    public var radius: String?
    /// `arriving` or `leaving`.
    public var when: String?
    /// Alarms at these moments; with ``alarmBefore``, replaces every timed alarm (empty: none).
    public var alarm: [String]?
    /// Alarms this long before the due date (`15m`, `1d`).
    public var alarmBefore: [String]?
    /// An RRULE or a shorthand (`every 2 weeks`); empty removes the rule.
    public var repeatRule: String?
    /// Counts the repetition from each completion.
    public var repeatFromCompletion: Bool?
    /// A link (EventKit's `url`); empty removes it.
    public var url: String?
    /// Replaces the tags (empty: none).
    public var tags: [String]?
    /// The reminder this one is a subtask of, by identifier or a unique start of it; empty
    /// makes it a top-level reminder again.
    public var parent: String?
    /// The account the reminder is assigned to, a member of its list; empty clears it.
    public var assign: String?
    /// Whom its alarms fire for: `me`, `anyone` or an account (a member of its list); empty
    /// goes back to the default (the assignee, else the creator).
    public var alarmsFor: String?

    public init() {}

    static let proximities: [String: Proximity] = ["arriving": .enter, "leaving": .leave]

    /// The checks that need no store: every field that reads alone, and the pairs that go together.
    public func validate() throws(RequestError) {
        if let title, title.allSatisfy(\.isWhitespace) {
            throw .badValue(field: "title", message: "is empty; give the reminder a title")
        }
        if (latitude == nil) != (longitude == nil) { throw .together("latitude", "longitude") }
        if at != nil && latitude != nil { throw .placeAndCoordinate }
        if area != nil && at != nil { throw .notBoth("area", "at") }
        if area != nil && latitude != nil { throw .notBoth("area", "latitude") }
        if area != nil && radius != nil { throw .notBoth("area", "radius") }
        if let latitude, !(-90...90).contains(latitude) {
            throw .badValue(field: "latitude", message: "\(latitude) is not within -90...90")
        }
        if let longitude, !(-180...180).contains(longitude) {
            throw .badValue(field: "longitude", message: "\(longitude) is not within -180...180")
        }
        if let when, Self.proximities[when.lowercased()] == nil {
            throw .badValue(field: "when", message: "'\(when)' is not arriving or leaving")
        }
    }

    /// Sets the parts of `reminder` this draft gives. `places` finds a place of the map data by name.
    /// `actor` is the account making the change (nil: the store's first account): lists are
    /// found among its own, `me` is it, and a new reminder's creator.
    public func apply(
        to reminder: inout Reminder, store: ReminderStore, as actor: String? = nil,
        places: (String) throws -> StructuredLocation?
    ) throws {
        try validate()
        let actor = try actor ?? store.account(named: nil).name
        let zone = try Self.reading("time-zone") { try Self.zone(timeZone) }
        if let title { reminder.title = title }
        if reminder.creator == nil { reminder.creator = actor }
        if let list {
            guard let found = try store.list(titled: list, visibleTo: actor) else { throw RequestError.unknownList(name: list) }
            reminder.listID = found.id
        }
        if reminder.listID == nil { reminder.listID = try store.defaultListID(of: actor) }
        try applyPeople(to: &reminder, store: store, actor: actor)
        if let priority { reminder.priority = try Self.priority(priority) }
        if let notes { reminder.notes = notes.isEmpty ? nil : notes }
        if let url { reminder.url = url.isEmpty ? nil : url }
        if let tags { reminder.tags = tags }
        if let parent {
            if parent.isEmpty {
                reminder.parentID = nil
            } else {
                do {
                    reminder.parentID = try store.reminderID(idPrefix: parent, visibleTo: actor)
                } catch let error as StoreError {
                    throw RequestError.badValue(field: "parent", message: error.description)
                }
            }
        }
        if let due {
            reminder.dueDate = due.isEmpty ? nil : try Self.reading("due") { try CivilDateTime(iso8601: due, timeZone: zone) }
        }
        if alarm != nil || alarmBefore != nil {
            let absolute = try (alarm ?? []).map { text in
                try Self.reading("alarm") { Alarm.absolute(try CivilDateTime(iso8601: text, timeZone: zone ?? .current).instant()) }
            }
            let relative = try (alarmBefore ?? []).map { text in
                Alarm.relative(-(try Self.reading("alarm-before") { try TimeSpan(parsing: text) }).seconds)
            }
            reminder.alarms.removeAll { $0.geofence == nil }
            reminder.alarms.append(contentsOf: absolute + relative)
        }
        try applyLocation(to: &reminder, places: places)
        if let repeatRule, !repeatRule.isEmpty {
            var rule = try Self.reading("repeat") { try RecurrenceRule(shorthand: repeatRule) }
            if repeatFromCompletion == true { rule.fromCompletion = true }
            reminder.recurrenceRules = [rule]
        } else if repeatRule != nil {
            reminder.recurrenceRules = []
        } else if let repeatFromCompletion {
            guard !reminder.recurrenceRules.isEmpty else {
                if repeatFromCompletion { throw RequestError.needsRule }
                return
            }
            for index in reminder.recurrenceRules.indices { reminder.recurrenceRules[index].fromCompletion = repeatFromCompletion }
        }
    }

    /// The assignee and whom the alarms fire for, each a member of the reminder's list.
    private func applyPeople(to reminder: inout Reminder, store: ReminderStore, actor: String) throws {
        guard assign != nil || alarmsFor != nil else { return }
        let members = try reminder.listID.map { try store.members(ofList: $0).map(\.account) } ?? []
        func member(_ name: String, field: String) throws -> String {
            guard members.contains(name) else {
                throw RequestError.badValue(
                    field: field, message: "'\(name)' is not a member of the reminder's list; share the list with them first")
            }
            return name
        }
        if let assign { reminder.assignee = assign.isEmpty ? nil : try member(assign, field: "assign") }
        if let alarmsFor {
            switch alarmsFor.lowercased() {
            case "": reminder.alarmsFor = nil
            case "anyone": reminder.alarmsFor = .anyone
            case "me": reminder.alarmsFor = .account(actor)
            default: reminder.alarmsFor = .account(try member(alarmsFor, field: "for"))
            }
        }
    }

    /// Saves `reminder` for `actor` (nil: the store's first account), who must be allowed to
    /// change reminders in its list, and in the list it was in; a list it is no member of is as
    /// missing. A model rule the reminder breaks is named by the field that broke it.
    @discardableResult
    public static func save(_ reminder: Reminder, in store: ReminderStore, as actor: String? = nil) throws -> Reminder {
        let actor = try actor ?? store.account(named: nil).name
        let before = try store.reminder(id: reminder.id)?.listID
        for listID in Set([before, reminder.listID].compactMap { $0 }) {
            try store.checkCanEdit(listID: listID, actor: actor)
        }
        do {
            return try store.save(reminder)
        } catch ReminderError.recurrenceWithoutDueDate {
            throw RequestError.needsDueDate(field: "repeat")
        } catch ReminderError.relativeAlarmWithoutDueDate {
            throw RequestError.needsDueDate(field: "alarm-before")
        }
    }

    /// Replaces the location alarm when a place is named, or adjusts its radius and proximity.
    private func applyLocation(to reminder: inout Reminder, places: (String) throws -> StructuredLocation?) throws {
        let radiusMetres = try radius.map { text in try Self.reading("radius") { try Length(parsing: text).metres } }
        let existing = reminder.alarms.firstIndex { if case .location = $0.trigger { true } else { false } }
        var location: StructuredLocation
        var proximity: Proximity
        if let at {
            guard let place = try places(at) else { throw RequestError.unknownPlace(name: at) }
            location = place
            proximity = .enter
        } else if let area {
            let (outline, name) = try Self.reading("area") { try Self.area(area) }
            location = StructuredLocation(title: name ?? "Area", area: outline)
            proximity = .enter
        } else if let latitude, let longitude {
            location = StructuredLocation(
                title: String(format: "%.6f, %.6f", latitude, longitude), latitude: latitude, longitude: longitude)
            proximity = .enter
        } else if let existing, case let .location(old, oldProximity) = reminder.alarms[existing].trigger {
            location = old
            proximity = oldProximity
        } else {
            if radius != nil || when != nil { throw RequestError.needsPlace }
            return
        }
        if let radiusMetres { location.radius = radiusMetres }
        if let when, let chosen = Self.proximities[when.lowercased()] { proximity = chosen }
        let trigger = Alarm.Trigger.location(location: location, proximity: proximity)
        if let existing {
            reminder.alarms[existing].trigger = trigger
        } else {
            reminder.alarms.append(Alarm(trigger: trigger))
        }
    }

    /// The outline of a GeoJSON Polygon or Feature, and the Feature's `name` (or `title`) property.
    static func area(_ text: String) throws -> (PlaceArea, String?) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { throw PlaceAreaError.notJSON }
        let properties = (object as? [String: Any])?["properties"] as? [String: Any]
        let name = (properties?["name"] ?? properties?["title"]) as? String
        return (try PlaceArea(geoJSONObject: object), name.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The zone typed dates without an offset are read in: the named one, else the system zone.
    public static func zone(_ name: String?) throws -> TimeZone? {
        guard let name else { return .current }
        return try TimeZone.named(option: name)
    }

    /// A moment typed as a due date is (`2026-11-23T16:00`), one without an offset in the system
    /// zone: when a reminder was completed, or an alarm's instant.
    public static func moment(_ text: String, field: String) throws -> Date {
        try reading(field) { try CivilDateTime(iso8601: text, timeZone: .current).instant() }
    }

    /// A priority typed as a level name or an EventKit number.
    public static func priority(_ text: String) throws(RequestError) -> Int {
        if let level = PriorityLevel(rawValue: text.lowercased()) { return level.priority }
        if let number = Int(text), (0...9).contains(number) { return number }
        throw .badValue(field: "priority", message: "'\(text)' is not none, low, medium, high or 0-9")
    }

    /// Runs `read`, naming `field` in any error it throws.
    static func reading<T>(_ field: String, _ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch let error as RequestError {
            throw error
        } catch {
            throw RequestError.badValue(field: field, message: "\(error)")
        }
    }
}
