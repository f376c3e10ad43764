import Foundation

/// What an API token may do: `ingest` posts fixes only (the store's write-only level), `read`
/// reads, `full` both.
public enum TokenScope: String, Hashable, Sendable, Codable, CaseIterable {
    case ingest
    case read
    case full

    /// Whether a request needing `needed` is allowed with this scope.
    public func allows(_ needed: TokenScope) -> Bool {
        self == .full || self == needed
    }
}

/// An API token as the store keeps it: never the secret, only its SHA-256.
public struct APIToken: Hashable, Sendable {
    public var name: String
    public var scope: TokenScope
    public var createdDate: Date
    public var lastUsedDate: Date?
    /// The account the token acts as: it reads and writes only what that account may.
    public var account: String
    /// The one device an ingest token may post as, when pinned; nil: any device of its account.
    public var device: String?

    public init(
        name: String, scope: TokenScope, createdDate: Date, lastUsedDate: Date? = nil, account: String = Account.firstName,
        device: String? = nil
    ) {
        self.name = name
        self.scope = scope
        self.createdDate = createdDate
        self.lastUsedDate = lastUsedDate
        self.account = account
        self.device = device
    }
}

/// A device the server knows: `id` is what its app sends (an OsmAnd/Traccar id, an OwnTracks
/// user/device, an Overland device_id), `name` what people call it.
public struct Device: Hashable, Sendable {
    public var id: String
    public var name: String
    /// The token that first posted for it; nil for devices added with `device add`.
    public var tokenName: String?
    public var createdDate: Date
    public var lastSeenDate: Date?
    /// The account whose person carries it: its fixes fire that account's alarms only.
    public var account: String

    public init(
        id: String, name: String, tokenName: String? = nil, createdDate: Date, lastSeenDate: Date? = nil,
        account: String = Account.firstName
    ) {
        self.id = id
        self.name = name
        self.tokenName = tokenName
        self.createdDate = createdDate
        self.lastSeenDate = lastSeenDate
        self.account = account
    }
}

/// Why a token or device operation failed.
public enum CredentialError: Error, Hashable, Sendable, CustomStringConvertible {
    case duplicateTokenName(name: String)
    case unknownToken(name: String)
    case duplicateDevice(name: String)
    case duplicateDeviceID(id: String)
    case unknownDevice(name: String)
    case badName(name: String)

    public var description: String {
        switch self {
        case let .duplicateTokenName(name):
            "a token named '\(name)' exists; `georemind token revoke \(name)` first or choose another name"
        case let .unknownToken(name):
            "no token named '\(name)'; `georemind token list` shows them"
        case let .duplicateDevice(name):
            "a device named '\(name)' exists; `georemind device list` shows them"
        case let .duplicateDeviceID(id):
            "device id '\(id)' is taken by another device"
        case let .unknownDevice(name):
            "no device named '\(name)'; `georemind device list` shows them"
        case let .badName(name):
            "'\(name)' is not a usable name: 1 to 64 characters, no control characters or spaces at either end"
        }
    }
}
