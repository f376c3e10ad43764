import ArgumentParser
import CivilTime
import Foundation
import GeoReminders
import MapData

/// The options `add` and `edit` share; each one given replaces that part of the reminder.
struct ReminderOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The list, by name (default: the default list).", valueName: "name"))
    var list: String?

    @Option(help: ArgumentHelp("none, low, medium, high, or 0-9 (1 highest).", valueName: "level"))
    var priority: String?

    @Option(help: ArgumentHelp("Free text.", valueName: "text"))
    var notes: String?

    @Option(help: ArgumentHelp("Due date: 2026-11-23T16:00:00Z, 2026-11-23T16:00 or 2026-11-23.", valueName: "date"))
    var due: String?

    @Option(
        name: .customLong("time-zone"),
        help: ArgumentHelp(
            "Zone of the dates typed without an offset: an IANA name or 'floating' (default: the system zone).",
            valueName: "tz"))
    var timeZone: String?

    @Option(help: ArgumentHelp("A place from the map data: remind on arriving there or leaving it.", valueName: "place"))
    var at: String?

    // `.unconditional`: west and south are negative, and `-122.03` must not read as an option.
    @Option(parsing: .unconditional, help: ArgumentHelp("Latitude of the place to watch, with --longitude.", valueName: "deg"))
    var latitude: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Longitude of the place to watch, with --latitude.", valueName: "deg"))
    var longitude: Double?

    @Option(help: ArgumentHelp("Geofence radius: 150, 200ft, 0.1 mi (default: the place's, else 100 m).", valueName: "length"))
    var radius: String?

    @Option(help: ArgumentHelp("arriving or leaving (default: arriving).", valueName: "when"))
    var when: String?

    @Option(help: ArgumentHelp("An alarm at this moment (repeatable).", valueName: "date"))
    var alarm: [String] = []

    @Option(
        name: .customLong("alarm-before"),
        help: ArgumentHelp("An alarm this long before the due date: 15m, 2h, 1d (repeatable).", valueName: "duration"))
    var alarmBefore: [String] = []

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp("Repeat: an RRULE (FREQ=WEEKLY;BYDAY=MO) or daily, weekdays, every 2 weeks...", valueName: "rule"))
    var repeatRule: String?

    @Flag(name: .customLong("repeat-from-completion"), help: "Count the repetition from each completion, not from the due date.")
    var repeatFromCompletion = false

    func validate() throws {
        if (latitude == nil) != (longitude == nil) {
            throw ValidationError("--latitude and --longitude go together")
        }
        if at != nil && latitude != nil {
            throw ValidationError("use --at PLACE or --latitude/--longitude, not both")
        }
        if let latitude, !(-90...90).contains(latitude) {
            throw ValidationError("--latitude: \(latitude) is not within -90...90")
        }
        if let longitude, !(-180...180).contains(longitude) {
            throw ValidationError("--longitude: \(longitude) is not within -180...180")
        }
        if let when, Self.proximities[when.lowercased()] == nil {
            throw ValidationError("--when: '\(when)' is not arriving or leaving")
        }
    }

    /// Applies the options given to `reminder`; fields whose option is absent stay.
    func apply(to reminder: inout Reminder, store: ReminderStore, places: () throws -> MapDataCatalog) throws {
        let zone = try CLIError.reading("--time-zone") { try Self.zone(timeZone) }
        if let list { reminder.listID = try Self.list(named: list, in: store).id }
        if let priority { reminder.priority = try Self.priority(priority) }
        if let notes { reminder.notes = notes.isEmpty ? nil : notes }
        if let due {
            reminder.dueDate = try CLIError.reading("--due") { try ReminderDate(iso8601: due, timeZone: zone) }
        }
        if !alarm.isEmpty || !alarmBefore.isEmpty {
            let absolute = try alarm.map { text in
                try CLIError.reading("--alarm") {
                    Alarm.absolute(try ReminderDate(iso8601: text, timeZone: zone ?? .current).instant())
                }
            }
            let relative = try alarmBefore.map { text in
                Alarm.relative(-(try CLIError.reading("--alarm-before") { try TimeSpan(parsing: text) }).seconds)
            }
            reminder.alarms.removeAll { $0.geofence == nil }
            reminder.alarms.append(contentsOf: absolute + relative)
        }
        try applyLocation(to: &reminder, places: places)
        if let repeatRule {
            var rule = try CLIError.reading("--repeat") { try RecurrenceRule(shorthand: repeatRule) }
            if repeatFromCompletion { rule.fromCompletion = true }
            reminder.recurrenceRules = [rule]
        } else if repeatFromCompletion {
            guard !reminder.recurrenceRules.isEmpty else {
                throw ValidationError("--repeat-from-completion needs a rule; add --repeat")
            }
            for index in reminder.recurrenceRules.indices { reminder.recurrenceRules[index].fromCompletion = true }
        }
    }

    /// Saves `reminder`; a model rule it breaks because of an option is named by that option.
    @discardableResult
    func save(_ reminder: Reminder, in store: ReminderStore) throws -> Reminder {
        do {
            return try store.save(reminder)
        } catch ReminderError.recurrenceWithoutDueDate {
            throw ValidationError("--repeat needs a due date to count from; add --due")
        } catch ReminderError.relativeAlarmWithoutDueDate {
            throw ValidationError("--alarm-before needs a due date; add --due")
        }
    }

    /// Replaces the location alarm when a place is named, or adjusts its radius and proximity.
    private func applyLocation(to reminder: inout Reminder, places: () throws -> MapDataCatalog) throws {
        let radiusMetres = try radius.map { text in
            try CLIError.reading("--radius") { try Length(parsing: text).metres }
        }
        let existing = reminder.alarms.firstIndex { if case .location = $0.trigger { true } else { false } }
        var location: StructuredLocation
        var proximity: Proximity
        if let at {
            guard let place = try places().annotation(named: at) else { throw CLIError.unknownPlace(name: at) }
            location = StructuredLocation(
                title: place.name, latitude: place.coordinates.latitude,
                longitude: place.coordinates.longitude, radius: place.radius ?? 0)
            proximity = .enter
        } else if let latitude, let longitude {
            location = StructuredLocation(
                title: String(format: "%.6f, %.6f", latitude, longitude),
                latitude: latitude, longitude: longitude)
            proximity = .enter
        } else if let existing, case let .location(old, oldProximity) = reminder.alarms[existing].trigger {
            location = old
            proximity = oldProximity
        } else {
            if radius != nil || when != nil {
                throw ValidationError("--radius and --when need a place; add --at PLACE or --latitude/--longitude")
            }
            return
        }
        if let radiusMetres { location.radius = radiusMetres }
        if let when { proximity = Self.proximities[when.lowercased()]! }
        let trigger = Alarm.Trigger.location(location: location, proximity: proximity)
        if let existing {
            reminder.alarms[existing].trigger = trigger
        } else {
            reminder.alarms.append(Alarm(trigger: trigger))
        }
    }

    static let proximities: [String: Proximity] = ["arriving": .enter, "leaving": .leave]

    /// The zone typed dates without an offset are read in: the option's, else the system zone.
    static func zone(_ name: String?) throws -> TimeZone? {
        guard let name else { return .current }
        return try TimeZone.named(option: name)
    }

    /// A priority typed as a level name or an EventKit number.
    static func priority(_ text: String) throws -> Int {
        if let level = PriorityLevel(rawValue: text.lowercased()) { return level.priority }
        if let number = Int(text), (0...9).contains(number) { return number }
        throw CLIError.badValue(option: "--priority", message: "'\(text)' is not none, low, medium, high or 0-9")
    }

    /// The list with this title, ignoring case.
    static func list(named name: String, in store: ReminderStore) throws -> ReminderList {
        guard let list = try store.list(titled: name) else { throw CLIError.unknownList(name: name) }
        return list
    }
}
