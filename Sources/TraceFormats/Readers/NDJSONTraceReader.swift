import Foundation
import GeofenceEngine

/// Reads one flat JSON object per line: `time` (ISO 8601) or `tst` (epoch seconds), `lat`,
/// `lon`, optional `acc`/`accuracy` and `device`/`tid`.
///
/// OwnTracks payloads are read as they are; a `_type` other than `location` is skipped and
/// counted. OwnTracks Recorder lines (`<time>\t*\t{json}`) are read from their JSON part.
/// Related: <https://owntracks.org/booklet/tech/json/>.
struct NDJSONTraceReader {
    let options: TraceReadOptions

    /// The members of one line the reader cares about, as byte ranges of the line.
    private struct Members {
        var type: UnsafeBufferPointer<UInt8>?
        var time: UnsafeBufferPointer<UInt8>?
        var timeEscaped = false
        var epoch: UnsafeBufferPointer<UInt8>?
        var latitude: UnsafeBufferPointer<UInt8>?
        var longitude: UnsafeBufferPointer<UInt8>?
        var accuracy: UnsafeBufferPointer<UInt8>?
        var device: UnsafeBufferPointer<UInt8>?
        var deviceEscaped = false
        var tid: UnsafeBufferPointer<UInt8>?
        var tidEscaped = false
        /// A member the reader needs had a value of the wrong kind (an object for `lat`...).
        var wrongKind = false
    }

    func read(_ input: TraceInput, into report: inout TraceReadReport, _ body: (Fix) throws -> Void) throws {
        var devices = DeviceNames()
        try input.forEachLine { line, number in
            let bytes = UnsafeBufferPointer(line)
            var start = 0
            while start < bytes.count && ByteClass.isSpace(bytes[start]) { start += 1 }
            if start == bytes.count { return }
            if bytes[start] != UInt8(ascii: "{") {
                // OwnTracks Recorder: "2019-08-01T08:12:11Z\t*                 \t{...}"
                guard let brace = bytes[start...].firstIndex(of: UInt8(ascii: "{")),
                    bytes[start..<brace].contains(0x09)
                else {
                    report.skip(.unparsable, line: number)
                    return
                }
                start = brace
            }
            var members = Members()
            var scanner = JSONScanner(bytes, at: start)
            let valid = scanner.forEachMember { key, kind, value in
                Self.collect(key: key, kind: kind, value: value, into: &members)
            }
            guard valid, !members.wrongKind else {
                report.skip(.unparsable, line: number)
                return
            }
            if let type = members.type, !ByteClass.equals(type, "location") {
                report.skip(.skippedType, line: number)
                return
            }
            guard let latitudeText = members.latitude, let longitudeText = members.longitude else {
                report.skip(.noCoordinates, line: number)
                return
            }
            guard let latitude = DecimalNumber.parse(latitudeText),
                let longitude = DecimalNumber.parse(longitudeText)
            else {
                report.skip(.unparsable, line: number)
                return
            }
            var time: Date?
            if let text = members.time {
                let seconds =
                    members.timeEscaped
                    ? JSONString.decode(text).flatMap { Array($0.utf8).withUnsafeBufferPointer(TraceTime.parseAny) }
                    : TraceTime.parseAny(text)
                guard let seconds else {
                    report.skip(.badTime, line: number)
                    return
                }
                time = Date(timeIntervalSince1970: seconds)
            } else if let text = members.epoch {
                guard let seconds = TraceTime.parseAny(text) else {
                    report.skip(.badTime, line: number)
                    return
                }
                time = Date(timeIntervalSince1970: seconds)
            }
            var accuracy: Double?
            if let text = members.accuracy {
                guard let value = DecimalNumber.parse(text) else {
                    report.skip(.unparsable, line: number)
                    return
                }
                accuracy = value
            }
            var device = options.defaultDevice
            if let text = members.device, !text.isEmpty {
                device = members.deviceEscaped ? JSONString.decode(text) : devices.name(text)
            } else if let text = members.tid, !text.isEmpty {
                device = members.tidEscaped ? JSONString.decode(text) : devices.name(text)
            }
            report.fixes += 1
            try body(Fix(time: time, latitude: latitude, longitude: longitude, accuracy: accuracy, device: device))
        }
    }

    /// Files one member under the field it feeds; `null` counts as absent.
    @inline(__always)
    private static func collect(
        key: UnsafeBufferPointer<UInt8>, kind: JSONScanner.ValueKind,
        value: UnsafeBufferPointer<UInt8>, into members: inout Members
    ) {
        if kind == .literal && value.count == 4 && value[0] == UInt8(ascii: "n") { return }
        let isString = kind == .string || kind == .escapedString
        let isNumeric = kind == .number || kind == .string
        switch key.count {
        case 3:
            if ByteClass.equals(key, "lat") {
                members.latitude = value
                members.wrongKind = members.wrongKind || !isNumeric
            } else if ByteClass.equals(key, "lon") {
                members.longitude = value
                members.wrongKind = members.wrongKind || !isNumeric
            } else if ByteClass.equals(key, "tst") {
                members.epoch = value
                members.wrongKind = members.wrongKind || !isNumeric
            } else if ByteClass.equals(key, "acc") {
                members.accuracy = value
                members.wrongKind = members.wrongKind || !isNumeric
            } else if ByteClass.equals(key, "tid") {
                members.tid = value
                members.tidEscaped = kind == .escapedString
                members.wrongKind = members.wrongKind || !isString
            }
        case 4:
            if ByteClass.equals(key, "time") {
                members.time = value
                members.timeEscaped = kind == .escapedString
                members.wrongKind = members.wrongKind || !(isString || kind == .number)
            }
        case 5:
            if ByteClass.equals(key, "_type") {
                members.type = value
                members.wrongKind = members.wrongKind || !isString
            }
        case 6:
            if ByteClass.equals(key, "device") {
                members.device = value
                members.deviceEscaped = kind == .escapedString
                members.wrongKind = members.wrongKind || !isString
            }
        case 8:
            if ByteClass.equals(key, "accuracy") {
                members.accuracy = value
                members.wrongKind = members.wrongKind || !isNumeric
            }
        default:
            break
        }
    }
}
