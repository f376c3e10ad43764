import CivilTime
import GeoReminders

/// An account as `/api/v1/admin/accounts` shows it; dates in UTC ISO 8601.
public struct AccountJSON: Encodable, Sendable {
    public var name: String
    public var admin: Bool
    public var created: String
    public var disabled: String?

    public init(_ account: Account) {
        name = account.name
        admin = account.isAdmin
        created = UTCTimestamp.string(account.createdDate) ?? ""
        disabled = account.disabledDate.flatMap { UTCTimestamp.string($0) }
    }
}

/// A token just created: ``TokenJSON`` and its secret, which no later answer shows again.
public struct NewTokenJSON: Encodable, Sendable {
    public var token: TokenJSON
    public var secret: String

    public init(_ token: APIToken, secret: String) {
        self.token = TokenJSON(token)
        self.secret = secret
    }

    private enum CodingKeys: String, CodingKey { case secret }

    /// The token's fields, then `secret`, in one object.
    public func encode(to encoder: any Encoder) throws {
        try token.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(secret, forKey: .secret)
    }
}

/// An API token as `/api/v1/admin/tokens` shows it: never the secret, which the store does not keep.
public struct TokenJSON: Encodable, Sendable {
    public var name: String
    public var scope: String
    public var account: String
    public var device: String?
    public var created: String
    public var lastUsed: String?

    public init(_ token: APIToken) {
        name = token.name
        scope = token.scope.rawValue
        account = token.account
        device = token.device
        created = UTCTimestamp.string(token.createdDate) ?? ""
        lastUsed = token.lastUsedDate.flatMap { UTCTimestamp.string($0) }
    }
}
