import Foundation
import Testing

@testable import GeoReminders

/// The exact text written for a reminder of every kind (RFC 5545 VTODO, RFC 9074 alarms).
struct VTODOEncoderTests {
    private func written(_ reminder: Reminder) -> String {
        ICalendarExport.text([reminder], lists: [VTODOSamples.list])
    }

    /// Expected text is written with LF here; the writer ends every line with CRLF.
    private func crlf(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
    }

    @Test func allDay() {
        #expect(
            written(VTODOSamples.allDay)
                == crlf(
                    """
                    BEGIN:VCALENDAR
                    VERSION:2.0
                    PRODID:-//georemind//georemind//EN
                    CALSCALE:GREGORIAN
                    BEGIN:VTODO
                    UID:00000000-0000-0000-0000-000000000001
                    DTSTAMP:20261002T093000Z
                    CREATED:20261001T080000Z
                    LAST-MODIFIED:20261002T093000Z
                    SUMMARY:Water the plants
                    PRIORITY:5
                    DUE;VALUE=DATE:20261003
                    STATUS:NEEDS-ACTION
                    X-GEOREMIND-LIST:Errands
                    END:VTODO
                    END:VCALENDAR
                    """))
    }

    @Test func zoned() {
        #expect(
            written(VTODOSamples.zoned)
                == crlf(
                    """
                    BEGIN:VCALENDAR
                    VERSION:2.0
                    PRODID:-//georemind//georemind//EN
                    CALSCALE:GREGORIAN
                    BEGIN:VTIMEZONE
                    TZID:Europe/Paris
                    BEGIN:STANDARD
                    TZOFFSETFROM:+0200
                    TZOFFSETTO:+0100
                    TZNAME:CET
                    DTSTART:20251026T030000
                    RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
                    END:STANDARD
                    BEGIN:DAYLIGHT
                    TZOFFSETFROM:+0100
                    TZOFFSETTO:+0200
                    TZNAME:CEST
                    DTSTART:20260329T020000
                    RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
                    END:DAYLIGHT
                    END:VTIMEZONE
                    BEGIN:VTODO
                    UID:00000000-0000-0000-0000-000000000002
                    DTSTAMP:20261002T093000Z
                    CREATED:20261001T080000Z
                    LAST-MODIFIED:20261002T093000Z
                    SUMMARY:Call the bank
                    DESCRIPTION:Ask about the fee\\, and the card\\; twice\\nthen hang up
                    PRIORITY:1
                    DTSTART;TZID=Europe/Paris:20261005T090000
                    DUE;TZID=Europe/Paris:20261005T093000
                    STATUS:NEEDS-ACTION
                    X-GEOREMIND-LIST:Errands
                    END:VTODO
                    END:VCALENDAR
                    """))
    }

    @Test func floating() {
        #expect(
            written(VTODOSamples.floating)
                == crlf(
                    """
                    BEGIN:VCALENDAR
                    VERSION:2.0
                    PRODID:-//georemind//georemind//EN
                    CALSCALE:GREGORIAN
                    BEGIN:VTODO
                    UID:00000000-0000-0000-0000-000000000003
                    DTSTAMP:20261002T093000Z
                    CREATED:20261001T080000Z
                    LAST-MODIFIED:20261002T093000Z
                    SUMMARY:Stretch
                    DUE:20261006T183000
                    STATUS:NEEDS-ACTION
                    X-GEOREMIND-LIST:Errands
                    END:VTODO
                    END:VCALENDAR
                    """))
    }

    @Test func utcDue() {
        #expect(
            written(VTODOSamples.utcDue)
                == crlf(
                    """
                    BEGIN:VCALENDAR
                    VERSION:2.0
                    PRODID:-//georemind//georemind//EN
                    CALSCALE:GREGORIAN
                    BEGIN:VTODO
                    UID:00000000-0000-0000-0000-000000000004
                    DTSTAMP:20261002T093000Z
                    CREATED:20261001T080000Z
                    LAST-MODIFIED:20261002T093000Z
                    SUMMARY:Join the call
                    DUE:20261007T120000Z
                    STATUS:NEEDS-ACTION
                    X-GEOREMIND-LIST:Errands
                    END:VTODO
                    END:VCALENDAR
                    """))
    }

    @Test func absoluteAlarm() {
        #expect(
            written(VTODOSamples.absoluteAlarm)
                == crlf(
                    """
                    BEGIN:VCALENDAR
                    VERSION:2.0
                    PRODID:-//georemind//georemind//EN
                    CALSCALE:GREGORIAN
                    BEGIN:VTIMEZONE
                    TZID:Europe/Paris
                    BEGIN:STANDARD
                    TZOFFSETFROM:+0200
                    TZOFFSETTO:+0100
                    TZNAME:CET
                    DTSTART:20251026T030000
                    RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
                    END:STANDARD
                    BEGIN:DAYLIGHT
                    TZOFFSETFROM:+0100
                    TZOFFSETTO:+0200
                    TZNAME:CEST
                    DTSTART:20260329T020000
                    RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
                    END:DAYLIGHT
                    END:VTIMEZONE
                    BEGIN:VTODO
                    UID:00000000-0000-0000-0000-000000000005
                    DTSTAMP:20261002T093000Z
                    CREATED:20261001T080000Z
                    LAST-MODIFIED:20261002T093000Z
                    SUMMARY:Pick up dry cleaning
                    DUE;TZID=Europe/Paris:20261005T090000
                    STATUS:NEEDS-ACTION
                    X-GEOREMIND-LIST:Errands
                    BEGIN:VALARM
                    UID:00000000-0000-0000-0000-000000000069
                    ACTION:DISPLAY
                    DESCRIPTION:Pick up dry cleaning
                    TRIGGER;VALUE=DATE-TIME:20261005T070000Z
                    END:VALARM
                    END:VTODO
                    END:VCALENDAR
                    """))
    }

    @Test func relativeAlarm() {
        #expect(
            written(VTODOSamples.relativeAlarm)
                == crlf(
                    """
                    BEGIN:VCALENDAR
                    VERSION:2.0
                    PRODID:-//georemind//georemind//EN
                    CALSCALE:GREGORIAN
                    BEGIN:VTODO
                    UID:00000000-0000-0000-0000-000000000006
                    DTSTAMP:20261002T093000Z
                    CREATED:20261001T080000Z
                    LAST-MODIFIED:20261002T093000Z
                    SUMMARY:Take the bins out
                    DUE;VALUE=DATE;X-GEOREMIND-TZID=Europe/Paris:20261008
                    STATUS:NEEDS-ACTION
                    X-GEOREMIND-LIST:Errands
                    BEGIN:VALARM
                    UID:00000000-0000-0000-0000-00000000006a
                    ACTION:DISPLAY
                    DESCRIPTION:Take the bins out
                    TRIGGER;RELATED=END:-PT15M
                    END:VALARM
                    END:VTODO
                    END:VCALENDAR
                    """))
    }

    @Test func arriving() {
        #expect(
            written(VTODOSamples.arriving)
                == crlf(
                    """
                    BEGIN:VCALENDAR
                    VERSION:2.0
                    PRODID:-//georemind//georemind//EN
                    CALSCALE:GREGORIAN
                    BEGIN:VTODO
                    UID:00000000-0000-0000-0000-000000000007
                    DTSTAMP:20261002T093000Z
                    CREATED:20261001T080000Z
                    LAST-MODIFIED:20261002T093000Z
                    SUMMARY:Buy stroopwafels
                    STATUS:NEEDS-ACTION
                    X-GEOREMIND-LIST:Errands
                    BEGIN:VALARM
                    UID:00000000-0000-0000-0000-00000000006b
                    ACTION:DISPLAY
                    DESCRIPTION:Buy stroopwafels
                    TRIGGER;VALUE=DATE-TIME:19760401T005545Z
                    PROXIMITY:ARRIVE
                    X-APPLE-PROXIMITY:ARRIVE
                    X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=70.5;X-TITLE=Albert Cu
                     yp Markt:geo:52.35589,4.89434
                    BEGIN:VLOCATION
                    UID:fa2d6ff7-b47f-8f27-9994-7b338a89a03a
                    NAME:Albert Cuyp Markt
                    URL:geo:52.35589,4.89434;u=70.5
                    END:VLOCATION
                    END:VALARM
                    END:VTODO
                    END:VCALENDAR
                    """))
    }

    @Test func leaving() {
        #expect(
            written(VTODOSamples.leaving)
                == crlf(
                    """
                    BEGIN:VCALENDAR
                    VERSION:2.0
                    PRODID:-//georemind//georemind//EN
                    CALSCALE:GREGORIAN
                    BEGIN:VTODO
                    UID:00000000-0000-0000-0000-000000000008
                    DTSTAMP:20261002T093000Z
                    CREATED:20261001T080000Z
                    LAST-MODIFIED:20261002T093000Z
                    SUMMARY:Return library books
                    STATUS:NEEDS-ACTION
                    X-GEOREMIND-LIST:Errands
                    BEGIN:VALARM
                    UID:00000000-0000-0000-0000-00000000006c
                    ACTION:DISPLAY
                    DESCRIPTION:Return library books
                    TRIGGER;VALUE=DATE-TIME:19760401T005545Z
                    PROXIMITY:DEPART
                    X-APPLE-PROXIMITY:DEPART
                    X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=150;X-TITLE="OBA Ooste
                     rdok, Amsterdam":geo:52.37575,4.90815
                    X-GEOREMIND-FIRED:20261003T101500Z
                    ACKNOWLEDGED:20261003T101700Z
                    BEGIN:VLOCATION
                    UID:49307896-c61a-8bec-8797-caa44123d5c5
                    NAME:OBA Oosterdok\\, Amsterdam
                    URL:geo:52.37575,4.90815;u=150
                    END:VLOCATION
                    END:VALARM
                    END:VTODO
                    END:VCALENDAR
                    """))
    }

    @Test func repeating() {
        #expect(
            written(VTODOSamples.repeating)
                == crlf(
                    """
                    BEGIN:VCALENDAR
                    VERSION:2.0
                    PRODID:-//georemind//georemind//EN
                    CALSCALE:GREGORIAN
                    BEGIN:VTODO
                    UID:00000000-0000-0000-0000-000000000009
                    DTSTAMP:20261002T093000Z
                    CREATED:20261001T080000Z
                    LAST-MODIFIED:20261002T093000Z
                    SUMMARY:Clean the filter
                    DTSTART;VALUE=DATE:20261004
                    DUE;VALUE=DATE:20261004
                    STATUS:NEEDS-ACTION
                    RRULE;X-GEOREMIND-FROM-COMPLETION=TRUE:FREQ=WEEKLY;INTERVAL=2
                    X-GEOREMIND-LIST:Errands
                    END:VTODO
                    END:VCALENDAR
                    """))
    }

    @Test func completed() {
        #expect(
            written(VTODOSamples.completed)
                == crlf(
                    """
                    BEGIN:VCALENDAR
                    VERSION:2.0
                    PRODID:-//georemind//georemind//EN
                    CALSCALE:GREGORIAN
                    BEGIN:VTODO
                    UID:00000000-0000-0000-0000-00000000000a
                    DTSTAMP:20261002T093000Z
                    CREATED:20261001T080000Z
                    LAST-MODIFIED:20261002T093000Z
                    SUMMARY:File the tax return
                    PRIORITY:9
                    DUE;VALUE=DATE:20260930
                    STATUS:COMPLETED
                    COMPLETED:20260929T170500Z
                    PERCENT-COMPLETE:100
                    X-GEOREMIND-LIST:Errands
                    END:VTODO
                    END:VCALENDAR
                    """))
    }
}
