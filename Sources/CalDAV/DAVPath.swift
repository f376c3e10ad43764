/// Where a request points under `/dav/`, read from its percent-encoded path.
///
///     /dav/                                      root
///     /dav/principals/NAME/                      principal
///     /dav/calendars/NAME/                       calendar home
///     /dav/calendars/NAME/LIST/                  a list (a VTODO collection)
///     /dav/calendars/NAME/LIST/RESOURCE.ics      a reminder
package enum DAVPath: Hashable, Sendable {
    case root
    case principals
    case principal(String)
    case home(String)
    case collection(principal: String, list: String)
    case object(principal: String, list: String, name: String)

    package static let prefix = "/dav/"

    /// nil for a path outside `/dav/` or one that names nothing.
    package init?(_ rawPath: String) {
        var path = Substring(Self.stripped(rawPath))
        guard path == "/dav" || path.hasPrefix(Self.prefix) else { return nil }
        path = path.dropFirst(4)
        let segments = path.utf8.split(separator: UInt8(ascii: "/")).map { Self.decoded(String(Substring($0))) }
        guard segments.allSatisfy({ $0 != nil }) else { return nil }
        let parts = segments.map { $0! }
        switch (parts.first, parts.count) {
        case (nil, _): self = .root
        case ("principals", 1): self = .principals
        case ("principals", 2): self = .principal(parts[1])
        case ("calendars", 2): self = .home(parts[1])
        case ("calendars", 3): self = .collection(principal: parts[1], list: parts[2])
        case ("calendars", 4): self = .object(principal: parts[1], list: parts[2], name: parts[3])
        default: return nil
        }
    }

    /// The path of an href, which may be a whole URL (RFC 4918 §8.3), without query or fragment.
    /// Read as bytes: a client's multiget names every member of a large list.
    static func stripped(_ href: String) -> String {
        let bytes = Array(href.utf8)
        var start = 0
        if let scheme = schemeEnd(bytes) {
            start = bytes[scheme...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
        }
        let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        return start == 0 && end == bytes.count ? href : String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Where the text after the first `://` starts, if there is one.
    private static func schemeEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 3 else { return nil }
        for index in 0..<(bytes.count - 2)
        where bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "/") && bytes[index + 2] == UInt8(ascii: "/") {
            return index + 3
        }
        return nil
    }

    /// A percent-decoded segment; nil when an escape is broken or the bytes are no UTF-8.
    static func decoded(_ segment: String) -> String? {
        guard segment.utf8.contains(UInt8(ascii: "%")) else { return segment }
        var bytes: [UInt8] = []
        var iterator = Array(segment.utf8)[...]
        while let byte = iterator.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard iterator.count >= 2, let high = hexValue(iterator[iterator.startIndex]),
                let low = hexValue(iterator[iterator.startIndex + 1])
            else { return nil }
            bytes.append(high << 4 | low)
            iterator = iterator.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A segment percent-encoded: all but RFC 3986's unreserved characters (so `@` is `%40`).
    package static func encoded(_ segment: String) -> String {
        guard !segment.utf8.allSatisfy(isUnreserved) else { return segment }
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(segment.utf8.count * 3)
        for byte in segment.utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(contentsOf: [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    package static func principalHref(_ name: String) -> String { "/dav/principals/\(encoded(name))/" }
    package static func homeHref(_ name: String) -> String { "/dav/calendars/\(encoded(name))/" }
    package static func collectionHref(_ principal: String, _ list: String) -> String {
        homeHref(principal) + encoded(list) + "/"
    }
}
