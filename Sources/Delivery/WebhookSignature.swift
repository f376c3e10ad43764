import Crypto
import Foundation

/// Standard Webhooks 1.0 symmetric signatures: `v1,` and the base64 HMAC-SHA256 of
/// `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint's key
/// (<https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md#signature-scheme>).
package enum WebhookSignature {
    /// Receivers reject a timestamp further than this from their clock (the spec's recommended 5 minutes).
    package static let tolerance: TimeInterval = 5 * 60

    /// The `webhook-signature` header value for one attempt.
    package static func sign(id: String, timestamp: Int, body: [UInt8], secret: WebhookSecret) -> String {
        var content = Array("\(id).\(timestamp).".utf8)
        content += body
        let mac = HMAC<SHA256>.authenticationCode(for: content, using: SymmetricKey(data: secret.key))
        return "v1," + Data(mac).base64EncodedString()
    }

    /// Why a received webhook was refused.
    package enum Failure: Error, Equatable, Sendable {
        case missingHeader(name: String)
        case badTimestamp(value: String)
        case timestampOutOfTolerance(timestamp: Int, now: Int)
        case noMatchingSignature
    }

    /// Checks a received webhook as a receiver must: the timestamp within ``tolerance`` of `now`,
    /// and one of the space-separated `v1,` signatures equal (compared in constant time).
    package static func verify(
        id: String?, timestamp: String?, signature: String?, body: [UInt8],
        secret: WebhookSecret, now: Date = Date()
    ) throws(Failure) {
        guard let id else { throw .missingHeader(name: "webhook-id") }
        guard let timestamp else { throw .missingHeader(name: "webhook-timestamp") }
        guard let signature else { throw .missingHeader(name: "webhook-signature") }
        guard let seconds = Int(timestamp) else { throw .badTimestamp(value: timestamp) }
        let clock = Int(now.timeIntervalSince1970)
        guard abs(clock - seconds) <= Int(tolerance) else { throw .timestampOutOfTolerance(timestamp: seconds, now: clock) }
        let expected = Array(sign(id: id, timestamp: seconds, body: body, secret: secret).utf8)
        let matched = signature.split(separator: " ").contains { candidate in
            let bytes = Array(candidate.utf8)
            guard bytes.count == expected.count else { return false }
            return zip(bytes, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
        }
        guard matched else { throw .noMatchingSignature }
    }
}
