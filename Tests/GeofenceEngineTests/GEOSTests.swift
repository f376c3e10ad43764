import Testing

@testable import GeofenceEngine

@Test func strTreeReturnsTheItemsWhoseBoxesMeet() throws {
    let boxes = (0..<100).map { i in
        (box: BoundingBox(minLatitude: Double(i), maxLatitude: Double(i) + 0.5, minLongitude: 0, maxLongitude: 1), item: Int32(i))
    }
    let tree = try STRTree(entries: boxes)
    var found: [Int32] = []
    tree.query(BoundingBox(minLatitude: 10.2, maxLatitude: 12.1, minLongitude: 0.5, maxLongitude: 0.6), into: &found)
    #expect(found.sorted() == [10, 11, 12])
    found.removeAll()
    tree.query(BoundingBox(minLatitude: 10.6, maxLatitude: 10.9, minLongitude: 0, maxLongitude: 1), into: &found)
    #expect(found == [])
}

@Test func geosErrorsBecomeSwiftErrors() {
    let context = GEOSContext()
    do {
        _ = try Geometry.readWKT("POLYGON((0 0, 1 0", context: context)
        Issue.record("malformed WKT must throw")
    } catch {
        guard case let .failed(operation, message) = error else { return }
        #expect(operation == "WKTReader_read")
        #expect(message.contains("ParseException"))
    }
    #expect(context.lastError == nil)  // consumed, not accumulated
}

@Test func borrowedRingsOutliveTheirPolygonVariable() throws {
    let context = GEOSContext()
    var rings: [Geometry] = []
    do {
        let polygon = try Geometry.readWKT(squareWithHole, context: context)
        rings = try polygon.polygonRings()
    }
    #expect(try rings.map { try $0.coordinates().count } == [5, 5])
}
