import CLibXML2
import Foundation
import GeofenceEngine

/// Reads GPX 1.0 and 1.1 track points with libxml2's SAX2 push parser, chunk by chunk.
///
/// Elements are matched by local name, so any namespace prefix works; inside a point only
/// `<time>` and extension elements carrying a horizontal accuracy are read.
/// Related: <https://www.topografix.com/GPX/1/1/>.
struct GPXTraceReader {
    let options: TraceReadOptions

    /// Bytes handed to libxml2 per push: it copies each push into its own buffer, and a
    /// cache-sized piece is faster to copy and scan than the whole 1 MiB input chunk.
    static let pushSize = 64 * 1024

    func read(_ input: TraceInput, into report: inout TraceReadReport, _ body: (Fix) throws -> Void) throws {
        try withoutActuallyEscaping(body) { body in
            let state = GPXParseState(file: input.file, options: options, report: report, body: body)
            defer { report = state.report }
            try parse(input, state: state)
        }
    }

    private func parse(_ input: TraceInput, state: GPXParseState) throws {
        var handler = GPXParseState.handler()
        let unmanaged = Unmanaged.passUnretained(state).toOpaque()
        guard let context = xmlCreatePushParserCtxt(&handler, unmanaged, nil, 0, input.file) else {
            throw TraceError.malformed(file: input.file, line: 0, reason: "libxml2 could not start")
        }
        defer { xmlFreeParserCtxt(context) }
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue))
        state.context = context
        var failedWhileEnding = false
        try withExtendedLifetime(state) {
            try input.forEachChunk { chunk in
                guard state.stopped == nil else { return }
                var offset = 0
                while offset < chunk.count && state.stopped == nil && context.pointee.wellFormed != 0 {
                    let length = min(chunk.count - offset, Self.pushSize)
                    let pointer = UnsafeRawPointer(chunk.baseAddress! + offset).assumingMemoryBound(to: CChar.self)
                    xmlParseChunk(context, pointer, Int32(length), 0)
                    offset += length
                }
            }
            if state.stopped == nil && context.pointee.wellFormed != 0 {
                xmlParseChunk(context, nil, 0, 1)
                failedWhileEnding = context.pointee.wellFormed == 0
            }
        }
        switch state.stopped {
        case let .thrown(error)?: throw error
        case let .notGPX(root)?:
            throw TraceError.notFormat(file: input.file, expected: .gpx, reason: "the root element is <\(root)>, not <gpx>")
        case nil: break
        }
        guard context.pointee.wellFormed == 0 else { return }
        let error = context.pointee.lastError
        let message =
            error.message.map { String(cString: $0) }?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "not well-formed XML"
        let line = Int(error.line)
        if failedWhileEnding {
            throw TraceError.truncated(file: input.file, line: line, reason: "the XML ends early (\(message))")
        }
        throw TraceError.malformed(file: input.file, line: line, reason: message)
    }
}
