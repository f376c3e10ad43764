/// What a CSV header says about its rows: the separator it uses and which column holds what.
/// Read once on the reading thread, then shared by every thread parsing rows.
struct CSVLayout: Sendable {
    let separator: UInt8
    let columns: CSVColumns
    /// Fields a row split needs room for (the header's count, at least the columns needed).
    let fieldCount: Int

    /// The layout of the header line `bytes` (line `line` of `file`).
    init(header bytes: UnsafeBufferPointer<UInt8>, line: Int, file: String) throws(TraceError) {
        var header = bytes
        if header.starts(with: [0xEF, 0xBB, 0xBF]) { header = UnsafeBufferPointer(rebasing: header[3...]) }
        separator = CSVTraceReader.separator(of: header)
        var fields = [CSVField](repeating: CSVField(), count: 64)
        var count = CSVTraceReader.split(header, separator: separator, into: &fields)
        guard count > 0 else { throw .malformed(file: file, line: line, reason: "unbalanced quotes in the header") }
        guard count <= CSVTraceReader.maximumColumns else {
            throw .malformed(
                file: file, line: line,
                reason: "the header has \(count) columns; at most \(CSVTraceReader.maximumColumns) are read")
        }
        if count > fields.count {
            // `split` counts every field but stores only as many as fit: make room, split again.
            fields = [CSVField](repeating: CSVField(), count: count)
            count = CSVTraceReader.split(header, separator: separator, into: &fields)
        }
        let names = (0..<count).map { String(decoding: ByteClass.trimmed(fields[$0].slice(header)), as: UTF8.self) }
        columns = try CSVColumns(header: names, file: file)
        fieldCount = max(fields.count, columns.needed)
    }
}
