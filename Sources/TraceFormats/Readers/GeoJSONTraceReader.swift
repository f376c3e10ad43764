import Foundation
import GeofenceEngine

/// Reads a GeoJSON FeatureCollection (or a single Feature) as a token stream: Point features
/// with a `time`/`timestamp` property (and optional `accuracy`, `device`), and LineString /
/// MultiLineString features timed by `properties.coordTimes` (the togeojson convention) or
/// `properties.coordinateProperties.times`.
///
/// Features are read one at a time, so memory holds one feature's numbers, not the document.
/// Related: <https://www.rfc-editor.org/rfc/rfc7946>.
struct GeoJSONTraceReader {
    let options: TraceReadOptions

    func read(_ input: TraceInput, into report: inout TraceReadReport, _ body: (Fix) throws -> Void) throws {
        // A byte order mark, as Windows editors write, is no part of the JSON text (RFC 8259 §8.1).
        if try input.peek(3) == [0xEF, 0xBB, 0xBF] { input.advance(by: 3) }
        let tokens = JSONTokenStream(input)
        var feature = GeoJSONFeature()
        var devices = DeviceNames()
        var rootType: String?
        var sawFeatures = false
        let first = try tokens.next()
        guard first == .beginObject else {
            throw TraceError.notFormat(file: input.file, expected: .geojson, reason: "the top level is not a JSON object")
        }
        let rootLine = tokens.line
        try tokens.members { key in
            if ByteClass.equals(key, "type") {
                let kind = try tokens.next()
                guard kind == .string else { throw tokens.malformed("\"type\" is not a string") }
                rootType = String(decoding: tokens.bytes, as: UTF8.self)
            } else if ByteClass.equals(key, "features") {
                sawFeatures = true
                guard try tokens.next() == .beginArray else { throw tokens.malformed("\"features\" is not an array") }
                try tokens.elements { kind in
                    let line = tokens.line
                    guard kind == .beginObject else {
                        try tokens.skipValue(kind)
                        return report.skip(.unparsable, line: line)
                    }
                    feature.reset()
                    try readFeatureMembers(tokens, into: &feature, devices: &devices)
                    try emit(feature, line: line, into: &report, body)
                }
            } else if ByteClass.equals(key, "geometry") || ByteClass.equals(key, "properties") {
                // A single Feature at the top level.
                try readFeatureMember(key, tokens, into: &feature, devices: &devices)
            } else {
                try tokens.skipValue(try tokens.next())
            }
        }
        let trailing = try tokens.next()
        guard trailing == .end else { throw tokens.malformed("content after the end of the document") }
        switch rootType {
        case "FeatureCollection"?:
            guard sawFeatures else {
                throw TraceError.notFormat(file: input.file, expected: .geojson, reason: "the FeatureCollection has no features array")
            }
        case "Feature"?:
            try emit(feature, line: rootLine, into: &report, body)
        case let other?:
            throw TraceError.notFormat(
                file: input.file, expected: .geojson,
                reason: "the top level is a \(other), not a FeatureCollection or Feature")
        case nil:
            throw TraceError.notFormat(file: input.file, expected: .geojson, reason: "the top-level object has no \"type\"")
        }
    }

    private func readFeatureMembers(
        _ tokens: JSONTokenStream, into feature: inout GeoJSONFeature,
        devices: inout DeviceNames
    ) throws {
        try tokens.members { key in try readFeatureMember(key, tokens, into: &feature, devices: &devices) }
    }

    private func readFeatureMember(
        _ key: UnsafeBufferPointer<UInt8>, _ tokens: JSONTokenStream,
        into feature: inout GeoJSONFeature, devices: inout DeviceNames
    ) throws {
        let kind = try tokens.next()
        if ByteClass.equals(key, "geometry") {
            guard kind == .beginObject else { return try tokens.skipValue(kind) }
            feature.geometry = .other
            var type = GeoJSONFeature.Geometry.other
            try tokens.members { key in
                let kind = try tokens.next()
                if ByteClass.equals(key, "type"), kind == .string {
                    if ByteClass.equals(tokens.bytes, "Point") {
                        type = .point
                    } else if ByteClass.equals(tokens.bytes, "LineString") {
                        type = .lineString
                    } else if ByteClass.equals(tokens.bytes, "MultiLineString") {
                        type = .multiLineString
                    }
                } else if ByteClass.equals(key, "coordinates"), kind == .beginArray {
                    try readCoordinates(tokens, into: &feature)
                } else {
                    try tokens.skipValue(kind)
                }
            }
            feature.geometry = type
        } else if ByteClass.equals(key, "properties") {
            guard kind == .beginObject else { return try tokens.skipValue(kind) }
            try tokens.members { key in try readProperty(key, tokens, into: &feature, devices: &devices) }
        } else {
            try tokens.skipValue(kind)
        }
    }

    private func readProperty(
        _ key: UnsafeBufferPointer<UInt8>, _ tokens: JSONTokenStream,
        into feature: inout GeoJSONFeature, devices: inout DeviceNames
    ) throws {
        let kind = try tokens.next()
        let isTimeKey = ByteClass.equals(key, "time")
        if isTimeKey || ByteClass.equals(key, "timestamp") {
            guard kind != .null else { return }
            guard isTimeKey || !feature.timeFromTimeKey else { return try tokens.skipValue(kind) }
            feature.time = try Self.seconds(kind, tokens) ?? .nan
            feature.timeFromTimeKey = isTimeKey
        } else if ByteClass.equals(key, "accuracy") {
            if kind == .number { feature.accuracy = DecimalNumber.parse(tokens.bytes) } else { try tokens.skipValue(kind) }
        } else if ByteClass.equals(key, "device") {
            if kind == .string, !tokens.bytes.isEmpty {
                feature.device = tokens.escaped ? JSONString.decode(tokens.bytes) : devices.name(tokens.bytes)
            } else {
                try tokens.skipValue(kind)
            }
        } else if ByteClass.equals(key, "coordTimes"), kind == .beginArray {
            feature.clearTimes()
            try readTimes(tokens, into: &feature)
            feature.hasTimes = true
            feature.timesFromCoordTimes = true
        } else if ByteClass.equals(key, "coordinateProperties"), kind == .beginObject {
            try tokens.members { key in
                let kind = try tokens.next()
                if ByteClass.equals(key, "times"), kind == .beginArray, !feature.timesFromCoordTimes {
                    feature.clearTimes()
                    try readTimes(tokens, into: &feature)
                    feature.hasTimes = true
                } else {
                    try tokens.skipValue(kind)
                }
            }
        } else {
            try tokens.skipValue(kind)
        }
    }

    /// Reads nested coordinate arrays after their `[`: an array starting with a number is a
    /// position, and an array holding positions ends a line.
    private func readCoordinates(_ tokens: JSONTokenStream, into feature: inout GeoJSONFeature) throws {
        var holdsPositions = false
        var position: (count: Int, valid: Bool, longitude: Double, latitude: Double) = (0, true, 0, 0)
        var isPosition: Bool?
        try tokens.elements { kind in
            if isPosition == nil { isPosition = kind == .number }
            if isPosition == true {
                guard kind == .number, let value = DecimalNumber.parse(tokens.bytes) else {
                    position.valid = false
                    return try tokens.skipValue(kind)
                }
                if position.count == 0 { position.longitude = value } else if position.count == 1 { position.latitude = value }
                position.count += 1
            } else if kind == .beginArray {
                let before = feature.positions.count
                try readCoordinates(tokens, into: &feature)
                if feature.positions.count == before + 2 && feature.lineEnds.last != feature.positions.count / 2 {
                    holdsPositions = true
                }
            } else {
                // A position that is not an array of numbers.
                try tokens.skipValue(kind)
                feature.positions.append(contentsOf: [Double.nan, Double.nan])
                holdsPositions = true
            }
        }
        if isPosition == true {
            let valid = position.valid && position.count >= 2
            feature.positions.append(valid ? position.longitude : .nan)
            feature.positions.append(valid ? position.latitude : .nan)
        } else if holdsPositions {
            feature.lineEnds.append(feature.positions.count / 2)
        }
    }

    /// Reads `coordTimes`-style arrays after their `[`: times, or arrays of times per line.
    private func readTimes(_ tokens: JSONTokenStream, into feature: inout GeoJSONFeature) throws {
        try tokens.elements { kind in
            if kind == .beginArray {
                try readTimes(tokens, into: &feature)
                feature.timeLineEnds.append(feature.times.count)
            } else {
                feature.times.append(try Self.seconds(kind, tokens) ?? .nan)
            }
        }
    }

    /// An ISO 8601 string, or epoch seconds (milliseconds from 10^12 on) as a number or
    /// numeric string; nil for anything else. Skips a nested value.
    private static func seconds(_ kind: JSONTokenStream.Kind, _ tokens: JSONTokenStream) throws -> Double? {
        switch kind {
        case .string:
            if tokens.escaped {
                return JSONString.decode(tokens.bytes).flatMap { Array($0.utf8).withUnsafeBufferPointer(TraceTime.parseAny) }
            }
            return TraceTime.parseAny(tokens.bytes)
        case .number:
            guard let value = DecimalNumber.parse(tokens.bytes) else { return nil }
            return value >= 1e12 ? value / 1000 : value
        default:
            try tokens.skipValue(kind)
            return nil
        }
    }

    private func emit(
        _ feature: GeoJSONFeature, line: Int, into report: inout TraceReadReport,
        _ body: (Fix) throws -> Void
    ) throws {
        let device = feature.device ?? options.defaultDevice
        switch feature.geometry {
        case .missing:
            report.skip(.unparsable, line: line)
        case .other:
            report.skip(.skippedGeometry, line: line)
        case .point:
            guard feature.positions.count == 2 else {
                return report.skip(feature.positions.isEmpty ? .noCoordinates : .unparsable, line: line)
            }
            let longitude = feature.positions[0], latitude = feature.positions[1]
            guard !longitude.isNaN else { return report.skip(.unparsable, line: line) }
            if let time = feature.time, time.isNaN { return report.skip(.badTime, line: line) }
            report.fixes += 1
            try body(
                Fix(
                    time: feature.time.map(Date.init(timeIntervalSince1970:)), latitude: latitude,
                    longitude: longitude, accuracy: feature.accuracy, device: device))
        case .lineString, .multiLineString:
            guard feature.hasTimes else { return report.skip(.skippedGeometry, line: line) }
            let lines = feature.lines
            guard feature.times.count == feature.positions.count / 2,
                lines.allSatisfy({ $0.positions.count == $0.times.count })
            else {
                return report.skip(.badTime, line: line)
            }
            for (positions, times) in lines {
                for (point, timeIndex) in zip(positions, times) {
                    let longitude = feature.positions[2 * point], latitude = feature.positions[2 * point + 1]
                    let time = feature.times[timeIndex]
                    if longitude.isNaN {
                        report.skip(.unparsable, line: line)
                    } else if time.isNaN {
                        report.skip(.badTime, line: line)
                    } else {
                        report.fixes += 1
                        try body(
                            Fix(
                                time: Date(timeIntervalSince1970: time), latitude: latitude, longitude: longitude,
                                accuracy: feature.accuracy, device: device))
                    }
                }
            }
        }
    }
}
