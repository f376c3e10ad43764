import Foundation
import GeofenceEngine

/// Reads NMEA 0183 logs: `RMC` sentences with status A, and `GGA` with fix quality > 0 dated
/// by the last RMC; any talker (`GP`, `GN`, `GL`...), checksums verified.
///
/// A receiver sends GGA and RMC for the same epoch; the second of a pair repeats the first
/// fix and is counted as `duplicate` rather than yielded twice.
/// Related: <https://gpsd.gitlab.io/gpsd/NMEA.html>.
struct NMEATraceReader {
    let options: TraceReadOptions

    /// The last RMC's date, which GGA sentences (time of day only) borrow.
    private struct LastDate {
        var days: Int
        var secondOfDay: Int
    }

    func read(_ input: TraceInput, into report: inout TraceReadReport, _ body: (Fix) throws -> Void) throws {
        var lastDate: LastDate?
        var lastFix: (time: Double, latitude: Double, longitude: Double)?
        var fields = [Range<Int>](repeating: 0..<0, count: 32)
        try input.forEachLine { line, number in
            let bytes = ByteClass.trimmed(UnsafeBufferPointer(line))
            if bytes.isEmpty { return }
            guard bytes[0] == UInt8(ascii: "$") || bytes[0] == UInt8(ascii: "!") else {
                report.skip(.unparsable, line: number)
                return
            }
            guard Self.checksumMatches(bytes) else {
                report.skip(.badChecksum, line: number)
                return
            }
            let sentence = UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 3)])
            let count = Self.split(sentence, into: &fields)
            let address = sentence[fields[0]]
            guard address.count == 5, address.first != UInt8(ascii: "P") else {
                report.skip(.skippedSentence, line: number)
                return
            }
            let type = UnsafeBufferPointer(rebasing: address.dropFirst(2))
            func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                index < count ? UnsafeBufferPointer(rebasing: sentence[fields[index]]) : UnsafeBufferPointer(start: nil, count: 0)
            }
            let seconds: Double
            let coordinate: (latitude: Double, longitude: Double)
            if ByteClass.equals(type, "RMC") {
                guard count >= 10 else { return report.skip(.unparsable, line: number) }
                // NMEA 2.3 adds a mode indicator (field 12); N means "data not valid".
                let status = field(2)
                let mode = field(12)
                guard status.count == 1, status[0] == UInt8(ascii: "A"),
                    !(mode.count == 1 && mode[0] == UInt8(ascii: "N"))
                else {
                    return report.skip(.noFix, line: number)
                }
                guard let timeOfDay = Self.timeOfDay(field(1)), let days = Self.date(field(9)) else {
                    return report.skip(.badTime, line: number)
                }
                guard let parsed = Self.coordinate(field(3), field(4), field(5), field(6)) else {
                    return report.skip(field(3).isEmpty || field(5).isEmpty ? .noCoordinates : .unparsable, line: number)
                }
                lastDate = LastDate(days: days, secondOfDay: timeOfDay.whole)
                seconds = TraceTime.seconds(days * 86_400 + timeOfDay.whole, fraction: timeOfDay.fraction, digits: timeOfDay.digits)
                coordinate = parsed
            } else if ByteClass.equals(type, "GGA") {
                guard count >= 7 else { return report.skip(.unparsable, line: number) }
                let quality = field(6)
                guard !quality.isEmpty, !quality.allSatisfy({ $0 == UInt8(ascii: "0") }) else {
                    return report.skip(.noFix, line: number)
                }
                guard let timeOfDay = Self.timeOfDay(field(1)) else { return report.skip(.badTime, line: number) }
                guard let date = lastDate else { return report.skip(.noDate, line: number) }
                guard let parsed = Self.coordinate(field(2), field(3), field(4), field(5)) else {
                    return report.skip(field(2).isEmpty || field(4).isEmpty ? .noCoordinates : .unparsable, line: number)
                }
                // A GGA just past midnight still carries the previous day's RMC date.
                let days = timeOfDay.whole + 43_200 < date.secondOfDay ? date.days + 1 : date.days
                seconds = TraceTime.seconds(days * 86_400 + timeOfDay.whole, fraction: timeOfDay.fraction, digits: timeOfDay.digits)
                coordinate = parsed
            } else {
                return report.skip(.skippedSentence, line: number)
            }
            if let last = lastFix, last.time == seconds, last.latitude == coordinate.latitude,
                last.longitude == coordinate.longitude
            {
                return report.skip(.duplicate, line: number)
            }
            lastFix = (seconds, coordinate.latitude, coordinate.longitude)
            report.fixes += 1
            try body(
                Fix(
                    time: Date(timeIntervalSince1970: seconds), latitude: coordinate.latitude,
                    longitude: coordinate.longitude, device: options.defaultDevice))
        }
    }

    /// `$…*hh`: the XOR of the bytes between `$` and `*` equals the two hex digits.
    static func checksumMatches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard count >= 4, bytes[count - 3] == UInt8(ascii: "*"),
            let high = hexValue(bytes[count - 2]), let low = hexValue(bytes[count - 1])
        else { return false }
        var sum: UInt8 = 0
        for index in 1..<(count - 3) { sum ^= bytes[index] }
        return sum == high << 4 | low
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    /// Comma-separated field ranges; returns the field count (fields past capacity dropped).
    private static func split(_ sentence: UnsafeBufferPointer<UInt8>, into fields: inout [Range<Int>]) -> Int {
        var count = 0
        var start = 0
        for index in 0...sentence.count where index == sentence.count || sentence[index] == UInt8(ascii: ",") {
            if count < fields.count { fields[count] = start..<index }
            count += 1
            start = index + 1
        }
        return min(count, fields.count)
    }

    /// `hhmmss[.s…]`: whole seconds of the day and the fraction's digits.
    static func timeOfDay(_ bytes: UnsafeBufferPointer<UInt8>) -> (whole: Int, fraction: Int, digits: Int)? {
        guard bytes.count >= 6, let hhmmss = DecimalNumber.parseInteger(UnsafeBufferPointer(rebasing: bytes[0..<6])) else { return nil }
        let hours = hhmmss / 10_000, minutes = hhmmss / 100 % 100, seconds = hhmmss % 100
        guard hours < 24, minutes < 60, seconds <= 60 else { return nil }
        var fraction = 0
        var digits = 0
        if bytes.count > 6 {
            guard bytes[6] == UInt8(ascii: "."), bytes.count <= 16,
                let value = DecimalNumber.parseInteger(UnsafeBufferPointer(rebasing: bytes[7...]))
            else {
                return bytes.count == 7 && bytes[6] == UInt8(ascii: ".") ? (hours * 3600 + minutes * 60 + seconds, 0, 0) : nil
            }
            fraction = value
            digits = bytes.count - 7
        }
        return (hours * 3600 + minutes * 60 + seconds, fraction, digits)
    }

    /// `ddmmyy` as days since 1970; two-digit years 80–99 are 1980–1999, the rest 2000–2079.
    static func date(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count == 6, let ddmmyy = DecimalNumber.parseInteger(bytes) else { return nil }
        let day = ddmmyy / 10_000, month = ddmmyy / 100 % 100, shortYear = ddmmyy % 100
        let year = shortYear >= 80 ? 1900 + shortYear : 2000 + shortYear
        guard (1...12).contains(month), day >= 1, day <= TraceTime.daysIn(month: month, year: year) else { return nil }
        return TraceTime.daysFromCivil(year: year, month: month, day: day)
    }

    /// `ddmm.mmmm,N,dddmm.mmmm,E` in signed degrees; nil when a part is missing or malformed.
    static func coordinate(
        _ latitude: UnsafeBufferPointer<UInt8>, _ north: UnsafeBufferPointer<UInt8>,
        _ longitude: UnsafeBufferPointer<UInt8>, _ east: UnsafeBufferPointer<UInt8>
    )
        -> (latitude: Double, longitude: Double)?
    {
        guard north.count == 1, east.count == 1,
            let lat = degrees(latitude), let lon = degrees(longitude)
        else { return nil }
        let latitudeSign: Double
        switch north[0] {
        case UInt8(ascii: "N"): latitudeSign = 1
        case UInt8(ascii: "S"): latitudeSign = -1
        default: return nil
        }
        let longitudeSign: Double
        switch east[0] {
        case UInt8(ascii: "E"): longitudeSign = 1
        case UInt8(ascii: "W"): longitudeSign = -1
        default: return nil
        }
        return (latitudeSign * lat, longitudeSign * lon)
    }

    /// `dddmm.mmmm`: the digits before the last two integer digits are degrees, the rest minutes.
    private static func degrees(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let point = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
        guard point >= 3,
            let whole = DecimalNumber.parseInteger(UnsafeBufferPointer(rebasing: bytes[0..<(point - 2)])),
            let minutes = DecimalNumber.parse(UnsafeBufferPointer(rebasing: bytes[(point - 2)...])),
            minutes < 60
        else { return nil }
        return Double(whole) + minutes / 60
    }
}
