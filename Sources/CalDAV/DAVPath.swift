/// Where a request points under `/dav/`, read from its percent-encoded path.
///
///     /dav/                                      root
///     /dav/principals/NAME/                      principal
///     /dav/calendars/NAME/                       calendar home
///     /dav/calendars/NAME/LIST/                  a list (a VTODO collection)
///     /dav/calendars/NAME/LIST/RESOURCE.ics      a reminder
public enum DAVPath: Hashable, Sendable {
    case root
    case principals
    case principal(String)
    case home(String)
    case collection(principal: String, list: String)
    case object(principal: String, list: String, name: String)

    public static let prefix = "/dav/"

    /// nil for a path outside `/dav/` or one that names nothing.
    public init?(_ rawPath: String) {
        var path = Substring(Self.stripped(rawPath))
        guard path == "/dav" || path.hasPrefix(Self.prefix) else { return nil }
        path = path.dropFirst(4)
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map { Self.decoded(String($0)) }
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
    static func stripped(_ href: String) -> String {
        var text = Substring(href)
        if let scheme = text.range(of: "://") {
            text = text[scheme.upperBound...]
            text = text[(text.firstIndex(of: "/") ?? text.endIndex)...]
        }
        if let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = text[..<end] }
        return String(text)
    }

    /// A percent-decoded segment; nil when an escape is broken or the bytes are no UTF-8.
    static func decoded(_ segment: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(segment.utf8)[...]
        while let byte = iterator.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard iterator.count >= 2, let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(value)
            iterator = iterator.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// A segment percent-encoded: all but RFC 3986's unreserved characters (so `@` is `%40`).
    public static func encoded(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return out
    }

    public static func principalHref(_ name: String) -> String { "/dav/principals/\(encoded(name))/" }
    public static func homeHref(_ name: String) -> String { "/dav/calendars/\(encoded(name))/" }
    public static func collectionHref(_ principal: String, _ list: String) -> String {
        homeHref(principal) + encoded(list) + "/"
    }
}
