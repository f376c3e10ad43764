/// What iOS Reminders PUTs for a reminder, with an arriving location alarm unless told otherwise
/// (the shape of gigun-dev/caldav's capture, in ../shared/caldav-clients.md): one text for every
/// CalDAV test, so a change in what Apple sends is made once.
public enum AppleRemindersTodo {
    /// One reminder as a whole iCalendar object, as a PUT carries it.
    public static func text(
        uid: String = "5E1C2A9B-3F4D-4E5F-8A9B-0C1D2E3F4A5B", title: String = "Buy milk", alarm: Bool = true,
        place: String = "Home", geo: String = "52.520008,13.404954"
    ) -> String {
        calendar([todo(uid: uid, title: title, proximity: alarm ? "ARRIVE" : nil, place: place, geo: geo)])
    }

    /// iCalendar objects around `todos` (from ``todo(uid:title:proximity:place:geo:)``): a file to import.
    public static func calendar(_ todos: [String]) -> String {
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Apple Inc.//iOS 26.0//EN\r
        \(todos.joined())END:VCALENDAR\r

        """
    }

    /// One VTODO; `proximity` `ARRIVE` or `DEPART` gives it Apple's location alarm at `geo`
    /// ("latitude,longitude", radius 100 m), nil none.
    public static func todo(uid: String, title: String, proximity: String?, place: String, geo: String) -> String {
        let valarm = """
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            DESCRIPTION:Reminder\r
            TRIGGER;VALUE=DATE-TIME:19760401T005545Z\r
            UID:\(uid)-ALARM\r
            X-APPLE-PROXIMITY:\(proximity ?? "")\r
            X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=100;X-APPLE-REFERENCEFRAME=1;X-TITLE=\(place):geo:\(geo)\r
            X-WR-ALARMUID:\(uid)-ALARM\r
            END:VALARM\r

            """
        return """
            BEGIN:VTODO\r
            CREATED:20260928T081204Z\r
            DTSTAMP:20261001T120000Z\r
            LAST-MODIFIED:20261001T120000Z\r
            UID:\(uid)\r
            SUMMARY:\(title)\r
            STATUS:NEEDS-ACTION\r
            X-APPLE-SORT-ORDER:731234567\r
            \(proximity == nil ? "" : valarm)END:VTODO\r

            """
    }
}
