import Foundation
import Synchronization
import Testing

/// `feed - --follow` with standard input a pipe that stays open, as `tail -f owntracks.log |
/// georemind feed - --follow`: each event is printed once a later fix is read, before the input ends.
@Suite struct FeedFollowTests {
    /// What a running process has printed so far, collected off its pipe.
    final class Collected: Sendable {
        let text = Mutex("")

        /// Waits (up to 20 s) until the text holds `lines` lines; returns it.
        func wait(forLines lines: Int) -> String {
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                let now = text.withLock { $0 }
                if now.filter({ $0 == "\n" }).count >= lines { return now }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return text.withLock { $0 }
        }
    }

    static func owntracks(_ latitude: Double, _ seconds: Int) -> String {
        #"{"_type":"location","acc":8,"lat":\#(latitude),"lon":-122.00902,"tid":"ph","tst":\#(1_772_470_800 + seconds)}"# + "\n"
    }

    // Following records into a PostgreSQL store only through serve (PostgresStoreCommandTests).
    @Test(.enabled(if: CLISandbox.usesStoreFile, "records as it follows"))
    func eventsArePrintedWhileTheInputStaysOpen() throws {
        let sandbox = try CLISandbox()
        let leave = try sandbox.add("Leave work", "--at", "Work", "--when", "leaving")
        let arrive = try sandbox.add("At work", "--at", "Work")
        let process = Process()
        process.executableURL = CLISandbox.executable
        process.arguments = ["feed", "-", "--follow", "--json"]
        process.environment = sandbox.environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let collected = Collected()
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            collected.text.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let write = { (line: String) in input.fileHandleForWriting.write(Data(line.utf8)) }

        write(Self.owntracks(37.3349, 0))  // at work
        write(Self.owntracks(37.36188, 60))  // 3 km north: leaves
        write(Self.owntracks(37.36190, 65))  // a later fix makes the leave certain
        let first = collected.wait(forLines: 1)
        #expect(process.isRunning)
        #expect(
            idsNamed(first, [:])
                == #"{"distance":2994.4,"fix":{"latitude":37.36188,"longitude":-122.00902,"time":"2026-03-02T17:01:00Z"},"id":"<evt>","kind":"leave","location":{"latitude":37.3349,"longitude":-122.00902,"radius":250,"title":"Work"},"reminder":{"id":"\#(leave)","priority":0,"title":"Leave work"},"time":"2026-03-02T17:01:00Z"}"#
                + "\n")
        // Committed as it was printed: another run sees the alarm fired while this one still reads.
        #expect(try sandbox.ok("show", leave, "--json").contains(#""firedDate":"2026-03-02T17:01:00Z""#))

        write(Self.owntracks(37.3349, 120))  // back at work
        try input.fileHandleForWriting.close()  // the end of the input releases the last event
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        collected.text.withLock { $0 += String(decoding: rest, as: UTF8.self) }
        let all = collected.text.withLock { $0 }
        #expect(all.split(separator: "\n").count == 2)
        #expect(all.hasSuffix(#""reminder":{"id":"\#(arrive)","priority":0,"title":"At work"},"time":"2026-03-02T17:02:00Z"}"# + "\n"))
        #expect(process.terminationStatus == 0)
        let summary = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(summary.hasPrefix(#"{"admitted":4,"#))
    }

    @Test func aReorderWindowHoldsEventsThatLongAndDropsOlderFixes() throws {
        let sandbox = try CLISandbox()
        _ = try sandbox.add("Leave work", "--at", "Work", "--when", "leaving")
        // Device "ph" leaves at 60 s; device "b" reports 20 s late (dropped with a 10 s window).
        let lines =
            Self.owntracks(37.3349, 0) + Self.owntracks(37.36188, 60) + Self.owntracks(37.36188, 100)
            + #"{"_type":"location","lat":37.3349,"lon":-122.00902,"tid":"b","tst":1772470880}"# + "\n"
        let result = try sandbox.run(["feed", "-", "--follow", "--reorder-window", "10s", "--dry-run"], input: Data(lines.utf8))
        #expect(
            result
                == CLIResult(
                    stdout: "2026-03-02T12:01:00-05:00  leave  Leave work  Work (2994 m from centre)\n",
                    stderr: "3 fixes admitted, 1 alarm fired; rejected: none; dropped: out-of-order 1\n", status: 0))
    }

    @Test(arguments: [
        (["feed", "-", "--reorder-window", "5s"], "error: --reorder-window needs --follow\n"),
        (["feed", "-", "--follow", "--threads", "2"], "error: --follow decides fixes on one thread; drop --threads\n"),
    ])
    func followUsageErrors(arguments: [String], message: String) throws {
        #expect(try CLISandbox().run(arguments) == CLIResult(stdout: "", stderr: message, status: 64))
    }
}
