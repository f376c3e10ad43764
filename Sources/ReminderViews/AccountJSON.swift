import CivilTime
import GeoReminders

/// An account as `/api/v1/admin/accounts` shows it; dates in UTC ISO 8601.
package struct AccountJSON: Encodable, Sendable {
    package var name: String
    package var admin: Bool
    package var created: String
    package var disabled: String?

    package init(_ account: Account) {
        name = account.name
        admin = account.isAdmin
        created = UTCTimestamp.string(account.createdDate) ?? ""
        disabled = account.disabledDate.flatMap { UTCTimestamp.string($0) }
    }
}

/// A token just created: ``TokenJSON`` and its secret, which no later answer shows again.
package struct NewTokenJSON: Encodable, Sendable {
    package var token: TokenJSON
    package var secret: String

    package init(_ token: APIToken, secret: String) {
        self.token = TokenJSON(token)
        self.secret = secret
    }

    private enum CodingKeys: String, CodingKey { case secret }

    /// The token's fields, then `secret`, in one object.
    package func encode(to encoder: any Encoder) throws {
        try token.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(secret, forKey: .secret)
    }
}

/// An API token as `/api/v1/admin/tokens` shows it: never the secret, which the store does not keep.
package struct TokenJSON: Encodable, Sendable {
    package var name: String
    package var scope: String
    package var account: String
    package var device: String?
    package var created: String
    package var lastUsed: String?

    package init(_ token: APIToken) {
        name = token.name
        scope = token.scope.rawValue
        account = token.account
        device = token.device
        created = UTCTimestamp.string(token.createdDate) ?? ""
        lastUsed = token.lastUsedDate.flatMap { UTCTimestamp.string($0) }
    }
}
