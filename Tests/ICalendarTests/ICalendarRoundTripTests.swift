import CivilTime
import Foundation
import GeofenceEngine
import Testing
import TraceFormats

@testable import ICalendar

/// Generated content survives write then read: text, parameters, folding, every value codec.
struct ICalendarRoundTripTests {
    private static let alphabet: [Character] = Array("abcXYZ019 -_.:;,\\\"^'\n\t/éüß–€東京🗺️👩‍👩‍👧") + ["\r\n"]

    private func text(_ g: inout SplitMix64, max: Int) -> String {
        String((0..<Int.random(in: 0...max, using: &g)).map { _ in Self.alphabet.randomElement(using: &g)! })
    }

    @Test func thousandsOfGeneratedPropertiesRoundTrip() throws {
        var g = SplitMix64(seed: 42)
        var todo = ICalComponent(name: "VTODO")
        var expected: [(text: String, parameter: [String])] = []
        for i in 0..<3000 {
            let body = text(&g, max: 200)
            let values = (0..<Int.random(in: 1...3, using: &g)).map { _ in text(&g, max: 30).replacingOccurrences(of: "\r\n", with: "\n") }
            todo.append(ICalProperty(name: "X-P\(i)", parameters: [ICalParameter(name: "X-V", values: values)], text: body))
            expected.append((body.replacingOccurrences(of: "\r\n", with: "\n"), values))
        }
        let written = ICalWriter.string(todo)
        for line in written.components(separatedBy: "\r\n").dropLast() { #expect(line.utf8.count <= 75) }
        let read = try #require(try ICalReader.components(from: written).first)
        #expect(read.properties.count == expected.count)
        for (property, want) in zip(read.properties, expected) {
            #expect(property.text == want.text)
            #expect(property.parameterValues("X-V") == want.parameter)
        }
        #expect(read == todo)
    }

    @Test func generatedDatesDurationsAndGeoRoundTrip() throws {
        var g = SplitMix64(seed: 7)
        let zones = ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe"].map { TimeZone(identifier: $0)! }
        let resolver = ICalTimeZoneResolver(vtimezones: [])
        for _ in 0..<2000 {
            let time =
                Bool.random(using: &g)
                ? nil
                : TimeOfDay(
                    hour: .random(in: 0...23, using: &g), minute: .random(in: 0...59, using: &g),
                    second: .random(in: 0...59, using: &g))
            let zone: TimeZone? = time == nil ? nil : [nil, ICalDateTime.utc, zones.randomElement(using: &g)].randomElement(using: &g)!
            let date = CivilDateTime(
                year: .random(in: 1900...2100, using: &g), month: .random(in: 1...12, using: &g),
                day: .random(in: 1...28, using: &g), time: time, timeZone: zone)
            let line = ICalWriter.contentLine(ICalProperty(name: "DUE", date: date))
            #expect(try ICalContentLine.parse(line, lineNumber: 1).civilDateTime(resolver: resolver) == date)

            let seconds = Int.random(in: -10_000_000...10_000_000, using: &g)
            #expect(try ICalDuration.seconds(ICalDuration.string(seconds)) == seconds)

            let uri = GeoURI(
                latitude: .random(in: -90...90, using: &g), longitude: .random(in: -180...180, using: &g),
                uncertainty: Bool.random(using: &g) ? nil : .random(in: 0...5000, using: &g))
            #expect(try GeoURI(uri.text) == uri)
        }
    }
}
