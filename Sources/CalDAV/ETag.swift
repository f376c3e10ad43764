import Crypto
import Foundation

/// Strong entity tags (RFC 9110 §8.8.3) from a resource's bytes, so a tag changes exactly when
/// the bytes do.
package enum ETag {
    package static func strong(_ bytes: [UInt8]) -> String {
        "\"" + hex(SHA256.hash(data: bytes).prefix(16)) + "\""
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether an `If-Match` / `If-None-Match` value names `etag` (`*` names any).
    package static func list(_ header: String, contains etag: String) -> Bool {
        header.split(separator: ",").contains { item in
            var tag = item.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }
}
