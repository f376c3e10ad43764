import CLibXML2
import Foundation
import GeofenceEngine

/// What the SAX2 callbacks know while a GPX document streams by: the point being built,
/// the text being collected, the report, and the caller's body.
///
/// Only the parsing thread touches it, for the duration of one `GPXTraceReader.read`.
final class GPXParseState {
    /// Why parsing was stopped from inside a callback.
    enum Stop {
        case thrown(any Error)
        case notGPX(root: String)
    }

    /// Which kind of point is open, and whether the options let it through.
    private enum PointKind {
        case track, route, waypoint
    }

    /// Which text is being collected.
    private enum Capture {
        case none, time, accuracy
    }

    let file: String
    let options: TraceReadOptions
    var report: TraceReadReport
    let body: (Fix) throws -> Void
    var context: xmlParserCtxtPtr?
    var stopped: Stop?

    private var sawRoot = false
    private var point: PointKind?
    private var pointLine = 0
    /// Element depth below the open point: 1 for its direct children.
    private var depth = 0
    private var extensionDepth = 0
    private var latitude: Double?
    private var longitude: Double?
    private var coordinatesProblem: SkipReason?
    private var timeText: [UInt8] = []
    private var sawTime = false
    private var accuracyText: [UInt8] = []
    private var capture = Capture.none

    init(file: String, options: TraceReadOptions, report: TraceReadReport, body: @escaping (Fix) throws -> Void) {
        self.file = file
        self.options = options
        self.report = report
        self.body = body
        timeText.reserveCapacity(64)
        accuracyText.reserveCapacity(32)
    }

    /// The SAX2 handler whose callbacks find this object through the parser's user data.
    static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.characters = nil
        handler.initialized = UInt32(truncatingIfNeeded: XML_SAX2_MAGIC)
        // The parser's user data is the state, kept alive by `GPXTraceReader.parse` for the
        // whole parse: callbacks borrow it without retaining.
        handler.startElementNs = { user, localName, _, _, _, _, attributeCount, _, attributes in
            guard let user, let localName else { return }
            Unmanaged<GPXParseState>.fromOpaque(user)._withUnsafeGuaranteedRef {
                $0.start(localName, attributes: attributes, count: Int(attributeCount))
            }
        }
        handler.endElementNs = { user, localName, _, _ in
            guard let user, let localName else { return }
            Unmanaged<GPXParseState>.fromOpaque(user)._withUnsafeGuaranteedRef { $0.end(localName) }
        }
        // Errors are read from the context afterwards; this keeps libxml2 off stderr.
        handler.serror = { _, _ in }
        return handler
    }

    /// Text callbacks cost a call into Swift for every run of whitespace and every `<ele>`;
    /// the parser gets one only while a `<time>` or accuracy element is open.
    private static let textCallback: charactersSAXFunc = { user, characters, length in
        guard let user, let characters else { return }
        Unmanaged<GPXParseState>.fromOpaque(user)._withUnsafeGuaranteedRef {
            $0.text(UnsafeBufferPointer(start: characters, count: Int(length)))
        }
    }

    private func setCapture(_ newValue: Capture) {
        capture = newValue
        context?.pointee.sax.pointee.characters = newValue == .none ? nil : Self.textCallback
    }

    private func start(_ name: UnsafePointer<xmlChar>, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) {
        if !sawRoot {
            sawRoot = true
            if !Self.equals(name, "gpx") { stop(.notGPX(root: String(cString: name))) }
            return
        }
        if point != nil {
            depth += 1
            if extensionDepth > 0 || Self.equals(name, "extensions") {
                extensionDepth += 1
                if Self.isAccuracy(name) {
                    setCapture(.accuracy)
                    accuracyText.removeAll(keepingCapacity: true)
                }
            } else if depth == 1 && Self.equals(name, "time") {
                setCapture(.time)
                sawTime = true
                timeText.removeAll(keepingCapacity: true)
            }
            return
        }
        let kind: PointKind
        switch name[0] {
        case UInt8(ascii: "t") where Self.equals(name, "trkpt"): kind = .track
        case UInt8(ascii: "r") where Self.equals(name, "rtept"): kind = .route
        case UInt8(ascii: "w") where Self.equals(name, "wpt"): kind = .waypoint
        default: return
        }
        point = kind
        pointLine = Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer(context)))
        depth = 0
        extensionDepth = 0
        sawTime = false
        accuracyText.removeAll(keepingCapacity: true)
        latitude = nil
        longitude = nil
        coordinatesProblem = nil
        readCoordinates(attributes, count: count)
    }

    /// SAX2 attributes come as five pointers each: local name, prefix, URI, value, value end.
    private func readCoordinates(_ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) {
        guard let attributes else { return }
        for index in 0..<count {
            guard let name = attributes[index * 5], let value = attributes[index * 5 + 3],
                let valueEnd = attributes[index * 5 + 4]
            else { continue }
            let isLatitude = Self.equals(name, "lat")
            guard isLatitude || Self.equals(name, "lon") else { continue }
            let text = ByteClass.trimmed(UnsafeBufferPointer(start: value, count: valueEnd - value))
            guard let number = DecimalNumber.parse(text) else {
                coordinatesProblem = text.isEmpty ? .noCoordinates : .unparsable
                continue
            }
            if isLatitude { latitude = number } else { longitude = number }
        }
    }

    private func end(_ name: UnsafePointer<xmlChar>) {
        guard let kind = point else { return }
        if depth == 0 {
            point = nil
            finishPoint(kind)
            return
        }
        depth -= 1
        if extensionDepth > 0 { extensionDepth -= 1 }
        if capture != .none { setCapture(.none) }
    }

    /// Bytes kept of a `<time>` or accuracy element: a time is some 30, a number fewer. One
    /// byte more is kept than allowed, so a longer value stays unparsable instead of growing
    /// with the file (a hostile `<time>` may hold gigabytes).
    static let maximumValueLength = 256

    private func text(_ characters: UnsafeBufferPointer<xmlChar>) {
        switch capture {
        case .none: return
        case .time: Self.append(characters, to: &timeText)
        case .accuracy: Self.append(characters, to: &accuracyText)
        }
    }

    private static func append(_ characters: UnsafeBufferPointer<xmlChar>, to text: inout [UInt8]) {
        let room = maximumValueLength + 1 - text.count
        guard room > 0 else { return }
        text.append(contentsOf: characters.prefix(room))
    }

    private func finishPoint(_ kind: PointKind) {
        switch kind {
        case .track: break
        case .route where options.includeRoutePoints: break
        case .waypoint where options.includeWaypoints: break
        case .route, .waypoint:
            report.skip(.skippedPlanPoint, line: pointLine)
            return
        }
        if let problem = coordinatesProblem {
            report.skip(problem, line: pointLine)
            return
        }
        guard let latitude, let longitude else {
            report.skip(.noCoordinates, line: pointLine)
            return
        }
        var time: Date?
        if sawTime {
            let seconds = timeText.withUnsafeBufferPointer { TraceTime.parseISO8601(ByteClass.trimmed($0)) }
            guard let seconds else {
                report.skip(.badTime, line: pointLine)
                return
            }
            time = Date(timeIntervalSince1970: seconds)
        }
        let accuracy =
            accuracyText.isEmpty
            ? nil : accuracyText.withUnsafeBufferPointer { DecimalNumber.parse(ByteClass.trimmed($0)) }
        report.fixes += 1
        do {
            try body(
                Fix(
                    time: time, latitude: latitude, longitude: longitude, accuracy: accuracy,
                    device: options.defaultDevice))
        } catch {
            stop(.thrown(error))
        }
    }

    private func stop(_ reason: Stop) {
        stopped = reason
        xmlStopParser(context)
    }

    /// Extension elements known to carry a horizontal accuracy in metres (OsmAnd, GPSLogger,
    /// OwnTracks and Android exports); `hdop` is a dilution, not metres, and is ignored.
    private static func isAccuracy(_ name: UnsafePointer<xmlChar>) -> Bool {
        equals(name, "accuracy") || equals(name, "hacc") || equals(name, "horizontal_accuracy")
            || equals(name, "horizontalAccuracy") || equals(name, "hAcc")
    }

    /// Whether the NUL-terminated `name` is exactly `expected`.
    @inline(__always)
    private static func equals(_ name: UnsafePointer<xmlChar>, _ expected: StaticString) -> Bool {
        let bytes = expected.utf8Start
        let count = expected.utf8CodeUnitCount
        for index in 0..<count where name[index] != bytes[index] { return false }
        return name[count] == 0
    }
}
