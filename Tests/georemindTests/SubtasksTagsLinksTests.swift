import Foundation
import Testing

/// `--url`, `--tag` and `--parent` on add and edit; `list --tag`; `show` lists subtasks; completing
/// a parent leaves its subtasks unless `--subtasks` asks.
@Suite struct SubtasksTagsLinksTests {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox(timeZone: "UTC")
    }

    @Test func linksTagsAndSubtasks() throws {
        let trip = try sandbox.add(
            "Plan the trip", "--url", "https://example.org/trip", "--tag", "travel", "--tag", "Family", "--tag", "TRAVEL")
        let ferry = try sandbox.add("Book the ferry", "--parent", String(trip.prefix(8)), "--tag", "travel")
        let bags = try sandbox.add("Pack the bags", "--parent", trip)
        let json = try sandbox.ok("show", trip, "--json")
        #expect(json.contains(#""tags":["travel","Family"]"#) && json.contains(#""url":"https://example.org/trip""#), "\(json)")
        #expect(try sandbox.ok("show", ferry, "--json").contains(#""parentID":"\#(trip)""#))
        let detail = try sandbox.ok("show", trip)
        #expect(detail.contains("url:       https://example.org/trip\n") && detail.contains("tags:      travel, Family\n"))
        #expect(
            detail.contains("subtask:   \(ferry.prefix(8))  [ ] Book the ferry\nsubtask:   \(bags.prefix(8))  [ ] Pack the bags\n"),
            "\(detail)")
        #expect(try sandbox.ok("show", ferry).contains("parent:    \(trip.prefix(8))  Plan the trip\n"))
        let tagged = try sandbox.ok("list", "--tag", "TRAVEL", "--json")
        #expect(tagged.contains(trip) && tagged.contains(ferry) && !tagged.contains(bags))
        // Completing the parent leaves its subtasks; --subtasks completes them too.
        try sandbox.ok("complete", trip)
        #expect(try sandbox.ok("list", "--json").contains(ferry))
        try sandbox.ok("edit", trip, "--tag", "", "--url", "")
        #expect(!(try sandbox.ok("show", trip, "--json")).contains("tags"))
        let parent = try sandbox.add("Move house")
        let box = try sandbox.add("Label boxes", "--parent", parent)
        try sandbox.ok("complete", parent, "--subtasks")
        #expect(try sandbox.ok("show", box, "--json").contains(#""isCompleted":true"#))
        // A reminder cannot be its own subtask; a parent that does not exist is refused.
        #expect(try sandbox.run("edit", box, "--parent", box).stderr == "error: reminder \(box) cannot be a subtask of itself\n")
        let missing = try sandbox.run("add", "x", "--parent", "ffffffff")
        #expect(missing.status == 64 && missing.stderr.hasPrefix("error: --parent: "), "\(missing)")
    }
}
