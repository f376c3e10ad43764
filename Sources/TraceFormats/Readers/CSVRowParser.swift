import FixStreams
import Foundation
import GeofenceEngine

/// Turns CSV rows into fixes, recording the rows it passes over; one per thread (it keeps its
/// split fields and last device name between rows).
struct CSVRowParser {
    let layout: CSVLayout
    let defaultDevice: String?
    private var fields: [CSVField]
    private var devices = DeviceNames()
    /// A parsing job's: its devices interned and numbered (``deviceNumber``).
    private var interned: InternedDevices?
    /// The number of the last fix's device among the rows parsed, when numbering.
    private(set) var deviceNumber = 0

    /// `numbersDevices`: intern the device names and number them (a pipeline's parsing job of about
    /// `expectedRows` rows; a whole file read on one thread keeps only the last name).
    init(layout: CSVLayout, options: TraceReadOptions, numbersDevices: Bool = false, expectedRows: Int = 0) {
        self.layout = layout
        defaultDevice = options.defaultDevice
        fields = [CSVField](repeating: CSVField(), count: layout.fieldCount)
        if numbersDevices { interned = InternedDevices(expected: expectedRows) }
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
        var number = -1
        if let column = known.device {
            let field = fields[column]
            let text = ByteClass.trimmed(field.slice(bytes))
            if !text.isEmpty {
                if interned != nil, !field.escapedQuotes {
                    (device, number) = interned!.name(text)
                } else {
                    device =
                        field.escapedQuotes
                        ? String(decoding: text, as: UTF8.self).replacingOccurrences(of: "\"\"", with: "\"")
                        : devices.name(text)
                }
            }
        }
        if interned != nil { deviceNumber = number >= 0 ? number : interned!.number(of: device) }
        return Fix(time: time, latitude: latitude, longitude: longitude, accuracy: accuracy, device: device)
    }
}
