/// Where the devices a post names for the first time are registered to the posting token's
/// account. Its own protocol rather than a working copy of the store (``StoreAccess``), since a
/// working copy on PostgreSQL reads every device to add one (10,000 new phones: 10,000 copies).
public protocol DeviceRegistry: Sendable {
    /// Adds the devices not yet known, named after their id, to the account of the token named.
    func registerDevices(_ devices: [(id: String, tokenName: String)]) throws
}

extension ReminderStore: DeviceRegistry {}
