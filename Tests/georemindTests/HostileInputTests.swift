import Foundation
import Testing

/// Input a stranger could give the command line gets a bounded, readable answer.
@Suite struct HostileInputTests {
    /// One 100,000-character title is cut in the table (JSON keeps it whole): the other rows are
    /// not padded to its width.
    @Test func aHugeTitleIsCutInTheTable() throws {
        let sandbox = try CLISandbox()
        let title = String(repeating: "x", count: 100_000)
        _ = try sandbox.add(title)
        _ = try sandbox.add("Buy milk")
        let lines = try sandbox.ok("list").split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.count < 200 })
        #expect(lines[1].contains(String(repeating: "x", count: 119) + "…"))
        #expect(try sandbox.ok("list", "--json").contains(title))
    }
}
