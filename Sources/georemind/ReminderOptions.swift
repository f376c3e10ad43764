import ArgumentParser
import Foundation
import GeoReminders
import GeofenceEngine

/// The options `add` and `edit` share; each one given replaces that part of the reminder.
struct ReminderOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The list, by name (default: the default list).", valueName: "name"))
    var list: String?

    @Option(help: ArgumentHelp("none, low, medium, high, or 0-9 (1 highest).", valueName: "level"))
    var priority: String?

    @Option(help: ArgumentHelp("Free text.", valueName: "text"))
    var notes: String?

    @Option(help: ArgumentHelp("A link the reminder carries (empty removes it).", valueName: "url"))
    var url: String?

    @Option(name: .customLong("tag"), help: ArgumentHelp("A tag (repeatable; replaces the tags; --tag '' removes them).", valueName: "tag"))
    var tags: [String] = []

    @Option(help: ArgumentHelp("Make it a subtask of this reminder (an id or a unique start; '' for none).", valueName: "id"))
    var parent: String?

    @Option(help: ArgumentHelp("Assign it to a member of its list ('' for nobody).", valueName: "account"))
    var assign: String?

    @Option(
        name: .customLong("for"),
        help: ArgumentHelp(
            "Whom its alarms fire for: me, anyone (the first member to pass), or an account ('' for the default: the assignee, else the creator).",
            valueName: "who"))
    var alarmsFor: String?

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

    @Option(
        help: ArgumentHelp(
            "Watch an outline instead of a circle: a GeoJSON file with a Polygon (or a Feature with one; its name property titles it).",
            valueName: "file.geojson"))
    var area: String?

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

    /// The draft these options stand for (absent options stay nil); reads the `--area` file.
    func draft() throws -> ReminderDraft {
        var draft = shape
        if let area {
            do {
                draft.area = try String(contentsOfFile: area, encoding: .utf8)
            } catch {
                throw CLIError.cannotRead(path: area, reason: (error as NSError).localizedDescription)
            }
        }
        return draft
    }

    /// The draft without reading any file: what `validate()` can check.
    private var shape: ReminderDraft {
        var draft = ReminderDraft()
        draft.list = list
        draft.priority = priority
        draft.notes = notes
        draft.due = due
        draft.timeZone = timeZone
        draft.at = at
        draft.latitude = latitude
        draft.longitude = longitude
        draft.radius = radius
        draft.when = when
        if !alarm.isEmpty || !alarmBefore.isEmpty {
            draft.alarm = alarm
            draft.alarmBefore = alarmBefore
        }
        draft.repeatRule = repeatRule
        if repeatFromCompletion { draft.repeatFromCompletion = true }
        draft.url = url
        if !tags.isEmpty { draft.tags = tags.filter { !$0.isEmpty } }
        draft.parent = parent
        draft.assign = assign
        draft.alarmsFor = alarmsFor
        return draft
    }

    func validate() throws {
        var draft = shape
        if area != nil { draft.area = "" }
        do {
            try draft.validate()
        } catch {
            throw ValidationError(error.message(spelling: .option))
        }
    }

    /// The list with this title, ignoring case.
    static func list(named name: String, in store: ReminderStore) throws -> ReminderList {
        guard let list = try store.list(titled: name) else { throw CLIError.unknownList(name: name) }
        return list
    }
}

extension GlobalOptions {
    /// Finds a place of the map data by name, loading the map data on first use.
    func placeFinder() -> @Sendable (String) throws -> StructuredLocation? {
        { name in
            guard let place = try loadMapData().annotation(named: name) else { return nil }
            var location = StructuredLocation(
                title: place.name, latitude: place.coordinates.latitude, longitude: place.coordinates.longitude,
                radius: place.radius ?? 0)
            if let area = place.area {
                let rings = area.coordinates.map { ring in ring.map { Coordinate(latitude: $0[1], longitude: $0[0]) } }
                location.area = try PlaceArea(rings: rings)
            }
            return location
        }
    }
}
