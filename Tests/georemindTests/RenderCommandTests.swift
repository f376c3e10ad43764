import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `georemind render`: the commute of the feed tests drawn as SVG and HTML, with the events
/// `feed --dry-run` prints; a trace with nothing to draw is an error.
@Suite struct RenderCommandTests {
    let sandbox: CLISandbox
    let commute = CLISandbox.fixture("cli/commute.csv")

    init() throws {
        sandbox = try CLISandbox()
        _ = try sandbox.add("Leave work", "--at", "Work", "--when", "leaving")
        _ = try sandbox.add("Buy milk", "--at", "Grocery Store")
    }

    func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func theSVGShowsThePlacesTheTrackAndTheAlarmsFeedPrints() throws {
        let output = sandbox.folder.appendingPathComponent("commute.svg").path
        try sandbox.ok("render", commute, "--output", output, "--hysteresis", "20", "--title", "Commute", "--units", "metric")
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "not well-formed XML")
        #expect(count(#"class="place""#, in: svg) == 2 && count(#"class="band""#, in: svg) == 2)
        #expect(count(#"class="track""#, in: svg) == 1)
        let fed = try sandbox.run("feed", commute, "--dry-run").stdout
        let fired = fed.split(separator: "\n").count
        #expect(fired == 2, "\(fed)")
        #expect(count(#"class="marker""#, in: svg) == fired)
        #expect(svg.contains("<title>Commute</title>") && svg.contains("Leave work · leave"))
        #expect(svg.contains(" m</text>") || svg.contains(" km</text>"))
    }

    @Test func theHTMLPageListsTheEvents() throws {
        let output = sandbox.folder.appendingPathComponent("commute.html").path
        try sandbox.ok("render", commute, "-o", output)
        let html = try String(contentsOfFile: output, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && count("<tr id=\"row-", in: html) == 2)
    }

    @Test func nothingToDrawIsAnError() throws {
        let empty = sandbox.folder.appendingPathComponent("empty.csv").path
        try Data("time,lat,lon\n".utf8).write(to: URL(fileURLWithPath: empty))
        let result = try sandbox.run("render", empty, "--output", sandbox.folder.appendingPathComponent("x.svg").path)
        #expect(result.status != 0 && result.stderr.hasPrefix("error: "), "\(result)")
        let wrong = try sandbox.run("render", commute, "--output", "picture.png")
        #expect(wrong.status == 64 && wrong.stderr.contains("must end in .svg or .html"), "\(wrong)")
    }
}
