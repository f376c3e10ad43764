/// Whom a reminder's alarms fire for (`--for`): the evaluator tests a device only against the
/// alarms whose subjects include the device's account (docs/people.md).
public enum AlarmSubject: Hashable, Sendable {
    /// The first member of the reminder's list whose device crosses: a household errand.
    case anyone
    /// One account's devices.
    case account(String)

    /// As the `alarmsFor` column and the JSON `for` field keep it: `anyone` or an account name
    /// (account names never read as `anyone`, ``Account/check(name:)``).
    public var storageText: String {
        switch self {
        case .anyone: "anyone"
        case let .account(name): name
        }
    }

    public init(storageText: String) {
        self = storageText == "anyone" ? .anyone : .account(storageText)
    }
}
