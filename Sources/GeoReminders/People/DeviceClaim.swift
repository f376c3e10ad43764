/// Whether a token may post fixes as the devices they name (docs/people.md): a device's identity
/// comes from the credential, never from the payload alone. A name another account's device
/// already has is refused; a token pinned to one device posts as that device only; a name nobody
/// has yet becomes a device of the token's account.
public enum DeviceClaim: Equatable, Sendable {
    /// Every device is the token's account's; `newDevices` are to be registered to it first.
    case allowed(newDevices: [String])
    /// The post names `device`, which the token may not post as; nothing of it may be taken.
    case refused(device: String)

    /// - Parameters:
    ///   - devices: the device identifiers the post's fixes carry.
    ///   - owner: the account a known device belongs to; nil for one nobody registered.
    public init(token: APIToken, devices: some Sequence<String>, owner: (String) -> String?) {
        var new: [String] = []
        var seen: Set<String> = []
        for device in devices where seen.insert(device).inserted {
            if let pinned = token.device, pinned != device {
                self = .refused(device: device)
                return
            }
            guard let account = owner(device) else {
                new.append(device)
                continue
            }
            if account != token.account {
                self = .refused(device: device)
                return
            }
        }
        self = .allowed(newDevices: new)
    }
}
