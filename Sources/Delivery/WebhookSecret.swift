import Crypto
import Foundation
import GeoReminders

/// An endpoint's signing key as Standard Webhooks writes it: `whsec_` and the key in base64
/// (spec, "Signature scheme": secrets are 24 to 64 random bytes, prefixed `whsec_`).
package struct WebhookSecret: Hashable, Sendable, CustomStringConvertible {
    package static let prefix = "whsec_"
    package let key: [UInt8]

    /// Reads `whsec_<base64>` (or the bare base64).
    package init(parsing text: String) throws(WebhookError) {
        let encoded = text.hasPrefix(Self.prefix) ? String(text.dropFirst(Self.prefix.count)) : text
        guard let data = Data(base64Encoded: encoded) else { throw .badSecret(reason: "'\(text)' is not base64 after whsec_") }
        guard (24...64).contains(data.count) else { throw .badSecret(reason: "the key is \(data.count) bytes") }
        key = Array(data)
    }

    package init(key: [UInt8]) {
        self.key = key
    }

    /// 32 bytes from the system's secure random generator.
    package static func generate() -> WebhookSecret {
        var generator = SystemRandomNumberGenerator()
        return WebhookSecret(key: (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    package var description: String { Self.prefix + Data(key).base64EncodedString() }
}
