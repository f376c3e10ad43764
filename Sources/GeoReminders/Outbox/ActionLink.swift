import Crypto
import Foundation

/// A signed, expiring link that completes one reminder for one event, without a token: the Done
/// button of an ntfy notification and the Done link of an e-mail (docs/notifications.md).
///
/// The query carries the event, the reminder and the expiry, and an HMAC-SHA256 of them under the
/// store's `actionKey`, so serve checks a link by recomputing it; the store records each event's
/// link once used (`actionUse`), so following it again is refused (410).
public struct ActionLink: Hashable, Sendable {
    /// The path `serve` answers on.
    public static let path = "/api/v1/actions/done"
    /// How long a link works after its alert was sent.
    public static let lifetime: TimeInterval = 7 * 24 * 3600

    public var eventID: String
    public var reminderID: String
    /// Unix seconds after which the link is refused.
    public var expires: Int

    public init(eventID: String, reminderID: String, expires: Int) {
        self.eventID = eventID
        self.reminderID = reminderID
        self.expires = expires
    }

    /// The absolute URL under `base` (`https://georemind.example.org`), signed with `key`.
    public func url(base: String, key: String) -> String {
        var components = URLComponents()
        components.queryItems = [
            URLQueryItem(name: "event", value: eventID), URLQueryItem(name: "reminder", value: reminderID),
            URLQueryItem(name: "expires", value: String(expires)), URLQueryItem(name: "signature", value: signature(key: key)),
        ]
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        return trimmed + Self.path + "?" + (components.percentEncodedQuery ?? "")
    }

    /// base64url (no padding) of HMAC-SHA256("done.EVENT.REMINDER.EXPIRES").
    public func signature(key: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(
            for: Array("done.\(eventID).\(reminderID).\(expires)".utf8), using: SymmetricKey(data: Array(key.utf8)))
        return Data(mac).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Reads a link's query items and checks its signature and expiry.
    public init(query: [String: String], key: String, now: Date) throws(ActionLinkError) {
        guard let event = query["event"], let reminder = query["reminder"], let expiresText = query["expires"],
            let expires = Int(expiresText), let signature = query["signature"]
        else { throw .malformed }
        self.init(eventID: event, reminderID: reminder, expires: expires)
        // Compared in constant time: the signature is the only secret the request carries.
        let expected = Array(self.signature(key: key).utf8)
        let given = Array(signature.utf8)
        guard !key.isEmpty, expected.count == given.count, zip(expected, given).reduce(0, { $0 | ($1.0 ^ $1.1) }) == 0 else {
            throw .badSignature
        }
        guard Double(expires) >= now.timeIntervalSince1970 else { throw .expired }
    }
}

/// Why a Done link was refused; each maps to one HTTP status in serve.
public enum ActionLinkError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformed
    case badSignature
    case expired
    case alreadyUsed
    case reminderGone

    public var description: String {
        switch self {
        case .malformed: "the link lacks event, reminder, expires or signature"
        case .badSignature: "the link's signature does not match: copy the whole link from the alert"
        case .expired: "the link has expired; complete the reminder with `georemind complete` or the API"
        case .alreadyUsed: "the link was already followed: the reminder was completed then"
        case .reminderGone: "the reminder no longer exists"
        }
    }
}
