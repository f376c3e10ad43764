/// Line folding: long content lines are split into physical lines of at most 75 octets, each
/// continuation starting with one space; readers join them back.
///
/// Related RFC 5545 section: 3.1 ("Lines of text SHOULD NOT be longer than 75 octets, excluding
/// the line break").
public enum ICalFolding {
    /// The longest physical line we write, in octets, excluding CRLF.
    public static let lineLimit = 75

    /// Folds one unfolded content line, returning it with CRLF line ends. Never cuts inside a
    /// UTF-8 sequence, so a line holding multi-byte characters may break a little before 75 octets.
    public static func fold(_ line: String) -> String {
        var out: [UInt8] = []
        fold(line, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the folded line and its CRLF to `out`.
    static func fold(_ line: String, into out: inout [UInt8]) {
        var line = line
        line.withUTF8 { bytes in
            var start = 0
            var first = true
            repeat {
                // A continuation line spends one octet on its leading space.
                let room = first ? lineLimit : lineLimit - 1
                var end = min(start + room, bytes.count)
                // Back off from UTF-8 continuation bytes (10xxxxxx) so a character stays whole.
                while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
                if !first { out.append(0x20) }
                out.append(contentsOf: bytes[start..<end])
                out.append(contentsOf: [0x0D, 0x0A])
                start = end
                first = false
            } while start < bytes.count
        }
    }

    /// A logical content line after unfolding, with the physical line it started on.
    struct LogicalLine: Hashable {
        var lineNumber: Int
        var text: String
    }

    /// Splits raw bytes into logical lines. Accepts CRLF or bare LF; joins continuations (lines
    /// starting with space or HTAB) on octets before decoding, so a UTF-8 character split across
    /// a fold comes back whole; skips blank lines and a leading byte order mark.
    /// The longest logical line read, in bytes: a long note fits many times over, while a
    /// hostile multi-megabyte line (an RRULE, say) is refused before its value is parsed.
    public static let maximumLineLength = 1 << 20

    static func unfold(_ data: some Collection<UInt8>) throws(ICalParseError) -> [LogicalLine] {
        var bytes = Array(data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var pending: (lineNumber: Int, bytes: [UInt8])?
        var lines: [LogicalLine] = []

        func flush() throws(ICalParseError) {
            guard let p = pending else { return }
            guard let text = String(validating: p.bytes, as: UTF8.self) else {
                throw .invalidUTF8(line: p.lineNumber)
            }
            lines.append(LogicalLine(lineNumber: p.lineNumber, text: text))
            pending = nil
        }

        var physical = 0
        var index = 0
        while index < bytes.count {
            physical += 1
            var end = bytes[index...].firstIndex(of: 0x0A) ?? bytes.count
            let next = end + 1
            if end > index, bytes[end - 1] == 0x0D { end -= 1 }
            let line = bytes[index..<end]
            index = next
            if line.isEmpty { continue }
            if line.first == 0x20 || line.first == 0x09 {
                guard pending != nil else { throw .continuationWithoutLine(line: physical) }
                pending!.bytes.append(contentsOf: line.dropFirst())
            } else {
                try flush()
                pending = (physical, Array(line))
            }
            if let p = pending, p.bytes.count > maximumLineLength {
                throw .lineTooLong(line: p.lineNumber, limit: maximumLineLength)
            }
        }
        try flush()
        return lines
    }
}
