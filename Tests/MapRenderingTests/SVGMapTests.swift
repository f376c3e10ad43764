import Foundation
import GeofenceEngine
import Testing

@testable import MapRendering

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The SVG is valid XML with one element per place, track, refused fix and marker; tracks are
/// simplified without losing markers; the HTML page carries the same SVG and a table of events.
struct SVGMapTests {
    /// Counts elements by their `class` attribute, and fails on any XML error.
    final class ClassCounter: NSObject, XMLParserDelegate {
        var counts: [String: Int] = [:]
        var elements = 0
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements += 1
            if let kind = attributes["class"] { counts[kind, default: 0] += 1 }
            if let id = attributes["id"] { counts["#" + id, default: 0] += 1 }
        }
    }

    static func parse(_ text: String) throws -> ClassCounter {
        let parser = XMLParser(data: Data(text.utf8))
        let counter = ClassCounter()
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        return counter
    }

    static func scene(fixes: Int) -> MapScene {
        let office = Coordinate(latitude: 52.52, longitude: 13.405)
        var walk = MapScene.Track(device: "phone <&>")
        for index in 0..<fixes {
            // A straight walk east with a small wiggle: simplification keeps few of these vertices.
            let step = Double(index) / Double(max(fixes, 1))
            walk.fixes.append(Coordinate(latitude: 52.515 + 0.0001 * sin(Double(index)), longitude: 13.39 + 0.03 * step))
        }
        walk.rejected = [.init(coordinate: Coordinate(latitude: 52.53, longitude: 13.41), reason: "implausible-speed")]
        let car = MapScene.Track(
            device: "car", fixes: [Coordinate(latitude: 52.51, longitude: 13.40), Coordinate(latitude: 52.52, longitude: 13.41)])
        return MapScene(
            title: "Monday's walk",
            places: [
                MapScene.Place(
                    title: "Office", outline: MapScene.circle(centre: office, radius: 150),
                    band: MapScene.circle(centre: office, radius: 200), label: "Office: Leave work (leaving)")
            ],
            tracks: [walk, car],
            markers: [
                .init(coordinate: office, title: "Buy \"milk\"", kind: "enter", time: "2026-11-23T08:05:00+01:00", device: "phone"),
                .init(
                    coordinate: Coordinate(latitude: 52.521, longitude: 13.42), title: "Leave work", kind: "leave",
                    time: "2026-11-23T17:05:00+01:00"),
            ])
    }

    @Test func theSVGHasOneElementPerThingItShows() throws {
        let svg = try SVGMap(scene: Self.scene(fixes: 500)).text()
        let counter = try Self.parse(svg)
        #expect(counter.counts["place"] == 1 && counter.counts["band"] == 1 && counter.counts["fence"] == 1)
        #expect(counter.counts["track"] == 2 && counter.counts["rejected"] == 1)
        #expect(counter.counts["marker"] == 2 && counter.counts["start"] == 2 && counter.counts["end"] == 2)
        #expect(counter.counts["#scale"] == 1 && counter.counts["#north"] == 1 && counter.counts["#legend"] == 1)
        #expect(counter.counts["legend-device"] == 2)
        #expect(svg.contains("<title>implausible-speed</title>") && svg.contains("phone &lt;&amp;&gt;"))
        #expect(svg.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#) && !svg.contains("href"))
        #expect(svg.contains(#"width="1200""#))
    }

    /// The million-fix figure is `make bench BENCH=serve (it draws first)`'s; here a smaller walk pins the property.
    @Test func aLongTrackIsSimplifiedWithEveryMarkerKept() throws {
        let scene = Self.scene(fixes: 100_000)
        let svg = try SVGMap(scene: scene).text()
        #expect(svg.utf8.count < 250_000)  // 2.5 bytes a fix; the points alone would be ~25
        let counter = try Self.parse(svg)
        #expect(counter.counts["marker"] == 2 && counter.counts["place"] == 1)
    }

    @Test func theHTMLPageCarriesTheSVGAndAnEventTable() throws {
        let html = try HTMLMap(svg: SVGMap(scene: Self.scene(fixes: 20))).text()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(
            html.contains(
                #"<tr id="row-0" data-marker="marker-0"><td>2026-11-23T08:05:00+01:00</td><td class="enter">enter</td><td>Buy &quot;milk&quot;</td>"#
            ))
        #expect(html.components(separatedBy: #"class="marker""#).count == 3)
        // No external reference: the only URI is the SVG namespace.
        #expect(!html.contains("<?xml") && html.components(separatedBy: "http").count == 2)
    }
}
