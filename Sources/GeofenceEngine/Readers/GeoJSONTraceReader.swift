import Foundation

/// Reads a GeoJSON FeatureCollection (or a single Feature): Point features with a
/// `time`/`timestamp` property (and optional `accuracy`, `device`), and LineString /
/// MultiLineString features timed by `properties.coordTimes` (the togeojson convention) or
/// `properties.coordinateProperties.times`.
///
/// The document is parsed whole (GeoJSON is one JSON value); samples name the 1-based
/// feature index as their line. Related: <https://www.rfc-editor.org/rfc/rfc7946>.
struct GeoJSONTraceReader {
    let options: TraceReadOptions

    func read(_ input: TraceInput, into report: inout TraceReadReport, _ body: (Fix) throws -> Void) throws {
        var document = Data()
        try input.forEachChunk { document.append($0) }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: document)
        } catch {
            throw TraceError.malformed(file: input.file, line: Self.lineOfFailure(error, in: document),
                                       reason: "not a valid JSON document")
        }
        guard let object = root as? [String: Any], let type = object["type"] as? String else {
            throw TraceError.notFormat(file: input.file, expected: .geojson, reason: "the top level is not a GeoJSON object")
        }
        let features: [Any]
        switch type {
        case "FeatureCollection":
            guard let list = object["features"] as? [Any] else {
                throw TraceError.notFormat(file: input.file, expected: .geojson, reason: "the FeatureCollection has no features array")
            }
            features = list
        case "Feature":
            features = [object]
        default:
            throw TraceError.notFormat(file: input.file, expected: .geojson,
                                       reason: "the top level is a \(type), not a FeatureCollection or Feature")
        }
        for (offset, element) in features.enumerated() {
            try readFeature(element, number: offset + 1, into: &report, body)
        }
    }

    private func readFeature(_ element: Any, number: Int, into report: inout TraceReadReport,
                             _ body: (Fix) throws -> Void) throws {
        guard let feature = element as? [String: Any], let geometry = feature["geometry"] as? [String: Any],
              let type = geometry["type"] as? String else {
            return report.skip(.unparsable, line: number)
        }
        let properties = feature["properties"] as? [String: Any] ?? [:]
        let device = (properties["device"] as? String) ?? options.defaultDevice
        switch type {
        case "Point":
            guard let position = geometry["coordinates"] as? [Any] else { return report.skip(.noCoordinates, line: number) }
            guard let coordinate = Self.coordinate(position) else { return report.skip(.unparsable, line: number) }
            var time: Date?
            if let value = properties["time"] ?? properties["timestamp"], !(value is NSNull) {
                guard let seconds = Self.seconds(value) else { return report.skip(.badTime, line: number) }
                time = Date(timeIntervalSince1970: seconds)
            }
            let accuracy = properties["accuracy"].flatMap(Self.number)
            report.fixes += 1
            try body(Fix(time: time, coordinate: coordinate, accuracy: accuracy, device: device))
        case "LineString", "MultiLineString":
            let times = (properties["coordTimes"] as? [Any])
                ?? ((properties["coordinateProperties"] as? [String: Any])?["times"] as? [Any])
            guard let times, let coordinates = geometry["coordinates"] as? [Any] else {
                return report.skip(.skippedGeometry, line: number)
            }
            let lines: [(positions: [Any], times: [Any])]
            if type == "LineString" {
                lines = [(coordinates, times)]
            } else {
                lines = coordinates.enumerated().map { index, line in
                    (line as? [Any] ?? [], index < times.count ? times[index] as? [Any] ?? [] : [])
                }
            }
            for line in lines {
                guard line.positions.count == line.times.count else { return report.skip(.badTime, line: number) }
                for (position, value) in zip(line.positions, line.times) {
                    guard let position = position as? [Any], let coordinate = Self.coordinate(position) else {
                        report.skip(.unparsable, line: number)
                        continue
                    }
                    guard let seconds = Self.seconds(value) else {
                        report.skip(.badTime, line: number)
                        continue
                    }
                    report.fixes += 1
                    try body(Fix(time: Date(timeIntervalSince1970: seconds), coordinate: coordinate, device: device))
                }
            }
        default:
            report.skip(.skippedGeometry, line: number)
        }
    }

    /// `[longitude, latitude, (elevation)]`, per RFC 7946 section 3.1.1.
    private static func coordinate(_ position: [Any]) -> Coordinate? {
        guard position.count >= 2, let longitude = number(position[0]), let latitude = number(position[1]) else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// An ISO 8601 string, or epoch seconds / milliseconds as a number or numeric string.
    private static func seconds(_ value: Any) -> Double? {
        if let string = value as? String {
            return Array(string.utf8).withUnsafeBufferPointer(TraceTime.parseAny)
        }
        guard let double = number(value) else { return nil }
        return double >= 1e12 ? double / 1000 : double
    }

    /// A JSON number as a Double; booleans are not numbers here, though Foundation boxes
    /// both as NSNumber (`true is Bool` and `1 is Bool` both hold on Linux).
    private static func number(_ value: Any) -> Double? {
        guard let number = value as? NSNumber else { return nil }
        let type = String(cString: number.objCType)
        guard type != "c" && type != "B" else { return nil }
        return number.doubleValue
    }

    /// The line where JSONSerialization stopped, from its error index or its "around line N"
    /// / "around character N" description; 1 when it says neither.
    private static func lineOfFailure(_ error: Error, in document: Data) -> Int {
        let info = (error as NSError).userInfo
        var index = info["NSJSONSerializationErrorIndex"] as? Int
        if index == nil, let text = info[NSDebugDescriptionErrorKey] as? String {
            if let line = number(after: "line ", in: text) { return line }
            index = number(after: "character ", in: text)
        }
        guard let index, index <= document.count else { return 1 }
        return document.prefix(index).reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    private static func number(after label: String, in text: String) -> Int? {
        guard let range = text.range(of: label) else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
}
