import CivilTime
import Foundation
import GeofenceEngine
import TraceFormats

/// Writes a realistic trace of a given size: a random walk around Paris, one fix a second,
/// in the shape each format's real producers use.
struct TraceFileWriter {
    let path: String
    let format: TraceFormat

    func write(bytes target: Int) throws -> (bytes: Int, fixes: Int) {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var random = SeededGenerator(seed: 42)
        var buffer = ""
        buffer.reserveCapacity(4 << 20)
        var written = 0
        var fixes = 0
        var latitude = 48.8566
        var longitude = 2.3522
        var time = 1_714_806_000.0
        buffer += header
        func flush() throws {
            let data = Data(buffer.utf8)
            try handle.write(contentsOf: data)
            written += data.count
            buffer.removeAll(keepingCapacity: true)
        }
        var firstLine = true
        while written + buffer.utf8.count < target {
            latitude += Double.random(in: -0.0001...0.0001, using: &random)
            longitude += Double.random(in: -0.0001...0.0001, using: &random)
            time += 1 + Double(Int.random(in: 0...999, using: &random)) / 1000
            let accuracy = Double(Int.random(in: 30...250, using: &random)) / 10
            buffer += record(latitude: latitude, longitude: longitude, time: time, accuracy: accuracy, first: firstLine)
            firstLine = false
            fixes += 1
            if buffer.utf8.count >= 4 << 20 { try flush() }
        }
        buffer += footer
        try flush()
        return (written, fixes)
    }

    private var header: String {
        switch format {
        case .gpx:
            return """
                <?xml version="1.0" encoding="UTF-8"?>
                <gpx version="1.1" creator="georemind-bench" xmlns="http://www.topografix.com/GPX/1/1" \
                xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
                 <trk><name>bench</name><trkseg>

                """
        case .csv: return "time,lat,lon,accuracy,device\n"
        case .geojson: return "{\"type\":\"FeatureCollection\",\"features\":[\n"
        case .nmea, .ndjson: return ""
        }
    }

    private var footer: String {
        switch format {
        case .gpx: return " </trkseg></trk>\n</gpx>\n"
        case .geojson: return "]}\n"
        default: return ""
        }
    }

    private func record(latitude: Double, longitude: Double, time: Double, accuracy: Double, first: Bool) -> String {
        let lat = String(format: "%.7f", latitude)
        let lon = String(format: "%.7f", longitude)
        let iso = Self.iso8601(time)
        switch format {
        case .csv:
            return "\(iso),\(lat),\(lon),\(accuracy),phone-1\n"
        case .ndjson:
            return "{\"_type\":\"location\",\"acc\":\(Int(accuracy)),\"alt\":41,\"batt\":88,\"bs\":1,\"conn\":\"w\","
                + "\"lat\":\(lat),\"lon\":\(lon),\"m\":1,\"t\":\"u\",\"tid\":\"jd\",\"tst\":\(Int(time)),\"vac\":3,\"vel\":0}\n"
        case .gpx:
            return "  <trkpt lat=\"\(lat)\" lon=\"\(lon)\"><ele>35.2</ele><time>\(iso)</time>"
                + "<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>98</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>\n"
        case .geojson:
            return (first ? "" : ",") + "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(lon),\(lat)]},"
                + "\"properties\":{\"time\":\"\(iso)\",\"accuracy\":\(accuracy),\"device\":\"phone-1\"}}\n"
        case .nmea:
            return Self.nmea(latitude: latitude, longitude: longitude, time: time)
        }
    }

    /// ISO 8601 UTC with milliseconds when not zero, without DateFormatter (fast enough for 200 MB).
    static func iso8601(_ time: Double) -> String {
        UTCTimestamp.string(Date(timeIntervalSince1970: time), precision: .milliseconds)!
    }

    /// One GGA and one RMC per second, as receivers send them, plus a GSA.
    static func nmea(latitude: Double, longitude: Double, time: Double) -> String {
        let whole = Int(time)
        let date = UTCTimestamp.civilDate(daysSince1970: Int64(whole / 86_400))
        let (year, month, day) = (Int(date.year), Int(date.month), Int(date.day))
        let second = whole % 86_400
        let hhmmss = String(format: "%02d%02d%02d.00", second / 3600, second / 60 % 60, second % 60)
        let ddmmyy = String(format: "%02d%02d%02d", day, month, year % 100)
        let lat = String(format: "%02d%08.5f", Int(latitude), (latitude - Double(Int(latitude))) * 60)
        let lon = String(format: "%03d%08.5f", Int(longitude), (longitude - Double(Int(longitude))) * 60)
        func sentence(_ body: String) -> String {
            let sum = body.utf8.reduce(UInt8(0), ^)
            return "$" + body + String(format: "*%02X\r\n", sum)
        }
        return sentence("GPGGA,\(hhmmss),\(lat),N,\(lon),E,1,09,0.9,35.2,M,46.9,M,,")
            + sentence("GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1")
            + sentence("GPRMC,\(hhmmss),A,\(lat),N,\(lon),E,0.5,84.4,\(ddmmyy),,,A")
    }
}
