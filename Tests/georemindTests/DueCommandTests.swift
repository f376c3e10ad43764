import Foundation
import Testing

/// `due`: time alarms due by a moment that have not fired.
@Suite struct DueCommandTests {
    @Test func dueAlarmsInTimeOrder() throws {
        let sandbox = try CLISandbox()
        let call = try sandbox.add("Call mum", "--alarm", "2026-11-24T01:30:00Z", "--priority", "high")
        let bins = try sandbox.add("Bins", "--due", "2026-11-23T19:00", "--alarm-before", "15m")
        _ = try sandbox.add("Later", "--alarm", "2026-11-25T09:00")
        _ = try sandbox.add("Milk", "--at", "Grocery Store")
        let names = [call: "call", bins: "bins"]
        #expect(
            idsNamed(try sandbox.ok("due", "--at", "2026-11-24T12:00"), names) == """
                2026-11-23T18:45:00-05:00  time   Bins
                2026-11-23T20:30:00-05:00  time   Call mum

                """)
        #expect(
            idsNamed(try sandbox.ok("due", "--at", "2026-11-24T01:29:59Z", "--json"), names) == """
                {"id":"<evt>","kind":"time","reminder":{"id":"<bins>","priority":0,"title":"Bins"},"time":"2026-11-23T23:45:00Z"}

                """)
        #expect(try sandbox.ok("due", "--at", "2026-11-23") == "")
        try sandbox.ok("complete", bins)
        #expect(idsNamed(try sandbox.ok("due", "--at", "2026-11-24T12:00"), names) == "2026-11-23T20:30:00-05:00  time   Call mum\n")
    }

    @Test func badMoment() throws {
        let sandbox = try CLISandbox()
        #expect(
            try sandbox.run("due", "--at", "never")
                == CLIResult(
                    stdout: "",
                    stderr: "error: --at: 'never' is not a date: use 2026-11-23T16:00:00Z, 2026-11-23T16:00 or 2026-11-23\n",
                    status: 64))
    }
}
