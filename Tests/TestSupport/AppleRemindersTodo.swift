/// What iOS Reminders PUTs for a reminder, with an arriving location alarm unless told otherwise
/// (the shape of gigun-dev/caldav's capture, in ../shared/caldav-clients.md): one text for every
/// CalDAV test, so a change in what Apple sends is made once.
public enum AppleRemindersTodo {
    public static func text(
        uid: String = "5E1C2A9B-3F4D-4E5F-8A9B-0C1D2E3F4A5B", title: String = "Buy milk", alarm: Bool = true,
        place: String = "Home", geo: String = "52.520008,13.404954"
    ) -> String {
        let valarm = """
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            DESCRIPTION:Reminder\r
            TRIGGER;VALUE=DATE-TIME:19760401T005545Z\r
            UID:BE34B460-E81E-4FE4-91A9-CF9DFFDD3C1F\r
            X-APPLE-PROXIMITY:ARRIVE\r
            X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=100;X-APPLE-REFERENCEFRAME=1;X-TITLE=\(place):geo:\(geo)\r
            X-WR-ALARMUID:BE34B460-E81E-4FE4-91A9-CF9DFFDD3C1F\r
            END:VALARM\r

            """
        return """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Apple Inc.//iOS 26.0//EN\r
            BEGIN:VTODO\r
            CREATED:20260928T081204Z\r
            DTSTAMP:20261001T120000Z\r
            LAST-MODIFIED:20261001T120000Z\r
            UID:\(uid)\r
            SUMMARY:\(title)\r
            STATUS:NEEDS-ACTION\r
            X-APPLE-SORT-ORDER:731234567\r
            \(alarm ? valarm : "")END:VTODO\r
            END:VCALENDAR\r

            """
    }
}
