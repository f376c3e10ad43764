import ICalendar

/// The names of the properties and parameters georemind adds to VTODO and VALARM, and of the
/// other applications' extensions it reads and writes.
///
/// RFC 5545 §3.8.8.2: non-standard properties start with `X-`; readers that do not know them
/// ignore them.
enum ICalExtensionName {
    /// The reminder's list title, on the VTODO.
    static let list = "X-GEOREMIND-LIST"
    /// The recurring series a reminder belongs to (``Reminder/seriesID``), on the VTODO.
    static let series = "X-GEOREMIND-SERIES"
    /// The account the reminder is assigned to (``Reminder/assignee``), on the VTODO: an `X-`
    /// property rather than ATTENDEE, which clients read as a meeting invitation to send.
    static let assignee = "X-GEOREMIND-ASSIGNEE"
    /// Whom its alarms fire for (``Reminder/alarmsFor``): `anyone` or an account, on the VTODO.
    static let alarmsFor = "X-GEOREMIND-FOR"
    /// On an all-day DTSTART or DUE: the zone the day belongs to.
    static let allDayZone = "X-GEOREMIND-TZID"
    /// On an RRULE: the next occurrence counts from the completion date.
    static let fromCompletionParameter = "X-GEOREMIND-FROM-COMPLETION"
    /// On the VTODO, read only: every RRULE counts from completion.
    static let fromCompletionProperty = "X-GEOREMIND-REPEAT-FROM-COMPLETION"
    /// When alarm evaluation fired the alarm (UTC), on the VALARM; `ACKNOWLEDGED` holds the dismissal.
    static let fired = "X-GEOREMIND-FIRED"
    /// The list's title, on the VCALENDAR (Apple, Thunderbird, Nextcloud).
    static let calendarName = "X-WR-CALNAME"
    /// Apple's location alarm: `ARRIVE` or `DEPART`.
    static let appleProximity = "X-APPLE-PROXIMITY"
    /// Apple's place: `VALUE=URI;X-APPLE-RADIUS=..;X-TITLE=..:geo:lat,lon`.
    static let appleLocation = "X-APPLE-STRUCTURED-LOCATION"
    static let appleRadius = "X-APPLE-RADIUS"
    static let appleTitle = "X-TITLE"
    /// The TRIGGER Apple and RFC 9074 §8 write on a location alarm, which never fires by time.
    static let placeholderTrigger = "19760401T005545Z"
}
