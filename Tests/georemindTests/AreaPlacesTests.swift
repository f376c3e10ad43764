import Foundation
import Testing

/// `add --area` and polygon places in the map data: the alarm watches the outline, feed reports
/// the distance to its edge, and the JSON carries the GeoJSON geometry.
@Suite struct AreaPlacesTests {
    let sandbox: CLISandbox
    let campus =
        #"{"type":"Feature","properties":{"name":"Campus"},"geometry":{"type":"Polygon","coordinates":[[[13.0,52.0],[13.01,52.0],[13.01,52.01],[13.0,52.01],[13.0,52.0]]]}}"#

    init() throws {
        sandbox = try CLISandbox(timeZone: "UTC")
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = sandbox.folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func anAreaFromAGeoJSONFileFiresAtItsEdge() throws {
        let file = try write("campus.geojson", campus)
        let arrive = try sandbox.add("Arrive campus", "--area", file)
        _ = try sandbox.add("Leave campus", "--area", file, "--when", "leaving")
        #expect(try sandbox.ok("show", arrive).contains("alarm:     arriving at Campus (area of 4 points around 52.005000, 13.005000)\n"))
        let json = try sandbox.ok("show", arrive, "--json")
        #expect(
            json.contains(
                #""location":{"area":{"coordinates":[[[13,52],[13.01,52],[13.01,52.01],[13,52.01],[13,52]]],"type":"Polygon"},"latitude":52.005,"longitude":13.005,"radius":0,"title":"Campus"}"#
            ), "\(json)")
        let trace = try write(
            "walk.csv",
            "time,device,latitude,longitude\n2026-11-24T08:00:00Z,p,51.99,13.005\n2026-11-24T08:05:00Z,p,52.005,13.005\n2026-11-24T08:10:00Z,p,52.02,13.005\n"
        )
        // 52.005 is 0.005° of longitude (342.5 m at 52°N) inside the west edge; 52.02 is 0.01° (1,112.7 m) north of the north edge.
        let result = try sandbox.run("feed", trace, "--dry-run")
        #expect(
            result.stdout
                == """
                2026-11-24T08:05:00Z  enter  Arrive campus  Campus (343 m from the edge)
                2026-11-24T08:10:00Z  leave  Leave campus  Campus (1113 m from the edge)

                """)
        #expect(result.stderr == "3 fixes admitted, 2 alarms fired; rejected: none; dropped: none\n")
    }

    @Test func aPolygonPlaceOfTheMapDataIsWatchedAsAnArea() throws {
        let places = try write(
            "places.json",
            #"[{"name":"Campus","coordinates":{"latitude":52.005,"longitude":13.005},"area":{"type":"Polygon","coordinates":[[[13.0,52.0],[13.01,52.0],[13.01,52.01],[13.0,52.01],[13.0,52.0]]]}}]"#
        )
        let id = try sandbox.add("Arrive campus", "--at", "Campus", "--map-data", places)
        #expect(try sandbox.ok("show", id, "--json").contains(#""area":{"coordinates":[[[13,52],"#))
        let bad = try write(
            "bad.json", #"[{"name":"X","coordinates":{"latitude":1,"longitude":1},"area":{"type":"Point","coordinates":[]}}]"#)
        let result = try sandbox.run("add", "y", "--at", "X", "--map-data", bad)
        #expect(result.status == 65 && result.stderr == "error: \(bad): entry 1: area must be a GeoJSON Polygon, not Point\n", "\(result)")
    }

    @Test func unusableAreasAreRefusedInOneLine() throws {
        let multi = try write(
            "multi.json", #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[[5,5],[6,5],[6,6],[5,5]]]]}"#)
        #expect(
            try sandbox.run("add", "x", "--area", multi)
                == CLIResult(
                    stdout: "",
                    stderr:
                        "error: --area: the area is not a usable GeoJSON Polygon: a MultiPolygon of several polygons is not supported; give each part its own reminder\n",
                    status: 64))
        let file = try write("campus.geojson", campus)
        #expect(try sandbox.run("add", "x", "--area", file, "--radius", "5").stderr == "error: use --area or --radius, not both\n")
        #expect(try sandbox.run("add", "x", "--area", file, "--at", "Work").stderr == "error: use --area or --at, not both\n")
    }
}
