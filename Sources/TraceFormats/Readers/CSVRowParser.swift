import Foundation
import GeofenceEngine

/// Turns CSV rows into fixes, recording the rows it passes over; one per thread (it keeps its
/// split fields and last device name between rows).
struct CSVRowParser {
    let layout: CSVLayout
    let defaultDevice: String?
    private var fields: [CSVField]
    private var devices = DeviceNames()

    init(layout: CSVLayout, options: TraceReadOptions) {
        self.layout = layout
        defaultDevice = options.defaultDevice
        fields = [CSVField](repeating: CSVField(), count: layout.fieldCount)
    }

    /// The fix of the non-blank row `bytes` (line `line`), or nil after recording why it has none.
    mutating func fix(from bytes: UnsafeBufferPointer<UInt8>, line: Int, report: inout TraceReadReport) -> Fix? {
        let known = layout.columns
        let count = CSVTraceReader.split(bytes, separator: layout.separator, into: &fields)
        guard count > max(known.latitude, known.longitude) else {
            report.skip(.unparsable, line: line)
            return nil
        }
        // Trailing optional cells may be left out altogether: they read as empty.
        for index in count..<max(count, known.needed) { fields[index] = CSVField() }
        let latitudeText = ByteClass.trimmed(fields[known.latitude].slice(bytes))
        let longitudeText = ByteClass.trimmed(fields[known.longitude].slice(bytes))
        if latitudeText.isEmpty || longitudeText.isEmpty {
            report.skip(.noCoordinates, line: line)
            return nil
        }
        guard let latitude = DecimalNumber.parse(latitudeText), let longitude = DecimalNumber.parse(longitudeText) else {
            report.skip(.unparsable, line: line)
            return nil
        }
        var time: Date?
        if let column = known.time {
            let text = ByteClass.trimmed(fields[column].slice(bytes))
            if !text.isEmpty {
                let dateText = known.date.map { ByteClass.trimmed(fields[$0].slice(bytes)) }
                guard let seconds = TraceTime.parseAny(text) ?? dateText.flatMap({ CSVTraceReader.joined(date: $0, time: text) }) else {
                    report.skip(.badTime, line: line)
                    return nil
                }
                time = Date(timeIntervalSince1970: seconds)
            }
        }
        var accuracy: Double?
        if let column = known.accuracy {
            let text = ByteClass.trimmed(fields[column].slice(bytes))
            if !text.isEmpty {
                guard let value = DecimalNumber.parse(text) else {
                    report.skip(.unparsable, line: line)
                    return nil
                }
                accuracy = value
            }
        }
        var device = defaultDevice
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
        return Fix(time: time, latitude: latitude, longitude: longitude, accuracy: accuracy, device: device)
    }
}
