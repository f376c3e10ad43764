import Foundation
import Testing

@testable import MapData

private let fixture = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/MapData.json")

private func catalog(_ json: String) throws(MapDataError) -> MapDataCatalog {
    try MapDataCatalog(data: Data(json.utf8), file: "test.json")
}

private func error(_ json: String) -> MapDataError? {
    do {
        _ = try catalog(json)
        return nil
    } catch {
        return error
    }
}

@Suite struct MapDataCatalogTests {
    @Test func bundledFixtureHasTheCommuterPlaces() throws {
        let places = try MapDataCatalog(contentsOf: fixture)
        #expect(places.annotations.count == 7)
        let work = try #require(places.annotation(named: "Work"))
        #expect(work.coordinates == .init(latitude: 37.3349, longitude: -122.00902))
        #expect(work.radius == 250)
        #expect(places.annotation(named: "Coffee Shop")?.radius == nil)
        #expect(places.annotations.map(\.name).prefix(3) == ["Work", "Home", "Grocery Store"])
    }

    @Test(arguments: ["work", "WORK", "  Work ", "wOrK"])
    func lookupIgnoresCaseAndSpaces(name: String) throws {
        let places = try MapDataCatalog(contentsOf: fixture)
        #expect(places.annotation(named: name)?.name == "Work")
    }

    @Test func unknownNameIsNil() throws {
        #expect(try MapDataCatalog(contentsOf: fixture).annotation(named: "Moon") == nil)
    }

    @Test func emptyArrayIsAnEmptyCatalog() throws {
        #expect(try catalog("[]").annotations.isEmpty)
    }

    @Test func nullRadiusMeansDefault() throws {
        let places = try catalog(#"[{"name":"A","coordinates":{"latitude":1,"longitude":2},"radius":null}]"#)
        #expect(places.annotations == [MapAnnotation(name: "A", coordinates: .init(latitude: 1, longitude: 2))])
    }

    @Test func errorsNameTheEntry() {
        #expect(error("nope")?.description.hasPrefix("test.json: not valid JSON") == true)
        #expect(error(#"{"name":"A"}"#) == .notAnArray(file: "test.json"))
        #expect(
            error("[1]")
                == .badEntry(
                    file: "test.json", entry: 1,
                    reason: "expected an object with name and coordinates"))
        #expect(
            error(#"[{"coordinates":{"latitude":1,"longitude":2}}]"#)
                == .missingField(file: "test.json", entry: 1, field: "name"))
        #expect(
            error(#"[{"name":"A","coordinates":{"latitude":1,"longitude":2}},{"name":"B"}]"#)
                == .missingField(file: "test.json", entry: 2, field: "coordinates"))
        #expect(
            error(#"[{"name":"A","coordinates":{"latitude":1}}]"#)
                == .missingField(file: "test.json", entry: 1, field: "longitude"))
        #expect(
            error(#"[{"name":"A","coordinates":{"latitude":"1","longitude":2}}]"#)
                == .badEntry(file: "test.json", entry: 1, reason: "latitude must be a number"))
        #expect(
            error(#"[{"name":"A","coordinates":{"latitude":true,"longitude":2}}]"#)
                == .badEntry(file: "test.json", entry: 1, reason: "latitude must be a number"))
        #expect(
            error(#"[{"name":"A","coordinates":{"latitude":90.5,"longitude":2}}]"#)
                == .coordinateOutOfRange(file: "test.json", entry: 1, field: "latitude", value: 90.5))
        #expect(
            error(#"[{"name":"A","coordinates":{"latitude":0,"longitude":-180.01}}]"#)
                == .coordinateOutOfRange(file: "test.json", entry: 1, field: "longitude", value: -180.01))
        #expect(
            error(#"[{"name":"A","coordinates":{"latitude":0,"longitude":0},"radius":-1}]"#)
                == .badRadius(file: "test.json", entry: 1, value: -1))
        #expect(
            error(#"[{"name":"  ","coordinates":{"latitude":0,"longitude":0}}]"#)
                == .emptyName(file: "test.json", entry: 1))
        #expect(
            error(
                #"[{"name":"Home","coordinates":{"latitude":0,"longitude":0}},{"name":"home ","coordinates":{"latitude":1,"longitude":1}}]"#
            )
                == .duplicateName(file: "test.json", entry: 2, name: "home ", firstEntry: 1))
    }

    @Test func messagesAreOneReadableLine() {
        let message = MapDataError.duplicateName(file: "m.json", entry: 3, name: "Gym", firstEntry: 1).description
        #expect(message == "m.json: entry 3: duplicate name 'Gym' (also entry 1; names are case-insensitive)")
        #expect(
            MapDataError.coordinateOutOfRange(file: "m.json", entry: 2, field: "latitude", value: 91).description
                == "m.json: entry 2: latitude 91.0 is outside -90...90")
    }

    @Test func missingFileIsUnreadable() {
        #expect(throws: MapDataError.self) {
            try MapDataCatalog(contentsOf: URL(fileURLWithPath: "/nonexistent/MapData.json"))
        }
    }
}
