import Foundation
import GeofenceEngine

/// Reads CSV with a header row: comma, semicolon or tab separated, RFC 4180 quoting.
///
/// Fields are split in place in the line buffer; a quoted field may not span lines.
/// Related: <https://www.rfc-editor.org/rfc/rfc4180>.
struct CSVTraceReader {
    /// Columns a header may name: far more than any trace has, few enough that a hostile header
    /// cannot make every row's split costly.
    static let maximumColumns = 1_024

    let options: TraceReadOptions

    func read(_ input: TraceInput, into report: inout TraceReadReport, _ body: (Fix) throws -> Void) throws {
        var columns: CSVColumns?
        var separator: UInt8 = UInt8(ascii: ",")
        var fields = [CSVField](repeating: CSVField(), count: 64)
        var devices = DeviceNames()
        try input.forEachLine { line, number in
            let bytes = UnsafeBufferPointer(line)
            if ByteClass.trimmed(bytes).isEmpty { return }
            guard let known = columns else {
                var header = bytes
                if header.starts(with: [0xEF, 0xBB, 0xBF]) { header = UnsafeBufferPointer(rebasing: header[3...]) }
                separator = Self.separator(of: header)
                var count = Self.split(header, separator: separator, into: &fields)
                guard count > 0 else {
                    throw TraceError.malformed(file: input.file, line: number, reason: "unbalanced quotes in the header")
                }
                guard count <= Self.maximumColumns else {
                    throw TraceError.malformed(
                        file: input.file, line: number,
                        reason: "the header has \(count) columns; at most \(Self.maximumColumns) are read")
                }
                if count > fields.count {
                    // `split` counts every field but stores only as many as fit: make room, split again.
                    fields = [CSVField](repeating: CSVField(), count: count)
                    count = Self.split(header, separator: separator, into: &fields)
                }
                let names = (0..<count).map { String(decoding: ByteClass.trimmed(fields[$0].slice(header)), as: UTF8.self) }
                let found = try CSVColumns(header: names, file: input.file)
                if found.needed > fields.count { fields = [CSVField](repeating: CSVField(), count: found.needed) }
                columns = found
                return
            }
            let count = Self.split(bytes, separator: separator, into: &fields)
            guard count > max(known.latitude, known.longitude) else {
                report.skip(.unparsable, line: number)
                return
            }
            // Trailing optional cells may be left out altogether: they read as empty.
            for index in count..<max(count, known.needed) { fields[index] = CSVField() }
            let latitudeText = ByteClass.trimmed(fields[known.latitude].slice(bytes))
            let longitudeText = ByteClass.trimmed(fields[known.longitude].slice(bytes))
            if latitudeText.isEmpty || longitudeText.isEmpty {
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
            if let column = known.time {
                let text = ByteClass.trimmed(fields[column].slice(bytes))
                if !text.isEmpty {
                    let dateText = known.date.map { ByteClass.trimmed(fields[$0].slice(bytes)) }
                    guard let seconds = TraceTime.parseAny(text) ?? dateText.flatMap({ Self.joined(date: $0, time: text) }) else {
                        report.skip(.badTime, line: number)
                        return
                    }
                    time = Date(timeIntervalSince1970: seconds)
                }
            }
            var accuracy: Double?
            if let column = known.accuracy {
                let text = ByteClass.trimmed(fields[column].slice(bytes))
                if !text.isEmpty {
                    guard let value = DecimalNumber.parse(text) else {
                        report.skip(.unparsable, line: number)
                        return
                    }
                    accuracy = value
                }
            }
            var device = options.defaultDevice
            if let column = known.device {
                let field = fields[column]
                let text = ByteClass.trimmed(field.slice(bytes))
                if !text.isEmpty {
                    device =
                        field.escapedQuotes
                        ? String(decoding: text, as: UTF8.self).replacingOccurrences(of: "\"\"", with: "\"")
                        : devices.name(text)
                }
            }
            report.fixes += 1
            try body(Fix(time: time, latitude: latitude, longitude: longitude, accuracy: accuracy, device: device))
        }
    }

    /// A `date` cell and a time-of-day cell read as one ISO 8601 date-time.
    static func joined(date: UnsafeBufferPointer<UInt8>, time: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !date.isEmpty, date.count + time.count < 64 else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: date.count + 1 + time.count) { joined in
            _ = joined.initialize(fromContentsOf: date)
            joined[date.count] = UInt8(ascii: "T")
            _ = UnsafeMutableBufferPointer(rebasing: joined[(date.count + 1)...]).initialize(fromContentsOf: time)
            return TraceTime.parseISO8601(UnsafeBufferPointer(joined))
        }
    }

    /// The separator the header uses most: comma, semicolon or tab.
    static func separator(of header: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09]
        let counts = candidates.map { candidate in header.reduce(0) { $0 + ($1 == candidate ? 1 : 0) } }
        return candidates[counts.firstIndex(of: counts.max()!)!]
    }

    /// Splits `line` into `fields` (as many as fit); returns the field count, 0 when a quote
    /// is left open.
    static func split(_ line: UnsafeBufferPointer<UInt8>, separator: UInt8, into fields: inout [CSVField]) -> Int {
        let count = line.count
        var index = 0
        var field = 0
        let capacity = fields.count
        return fields.withUnsafeMutableBufferPointer { fields in
            while true {
                var start = index
                while start < count && line[start] == 0x20 { start += 1 }
                var value = CSVField()
                if start < count && line[start] == UInt8(ascii: "\"") {
                    var cursor = start + 1
                    var closed = false
                    while cursor < count {
                        if line[cursor] == UInt8(ascii: "\"") {
                            if cursor + 1 < count && line[cursor + 1] == UInt8(ascii: "\"") {
                                value.escapedQuotes = true
                                cursor += 2
                                continue
                            }
                            closed = true
                            break
                        }
                        cursor += 1
                    }
                    guard closed else { return 0 }
                    value.start = start + 1
                    value.end = cursor
                    index = cursor + 1
                    while index < count && line[index] != separator { index += 1 }
                } else {
                    value.start = index
                    while index < count && line[index] != separator { index += 1 }
                    value.end = index
                }
                if field < capacity { fields[field] = value }
                field += 1
                if index >= count { return field }
                index += 1
            }
        }
    }
}

/// One field's byte range in its line.
struct CSVField {
    var start = 0
    var end = 0
    /// The field was quoted and holds `""` pairs standing for `"`.
    var escapedQuotes = false

    @inline(__always) func slice(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: line[start..<end])
    }
}
