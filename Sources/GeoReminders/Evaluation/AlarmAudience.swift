/// Whose devices may fire each alarm (docs/people.md): a transition of a device fires an alarm
/// only when the device's account is among the alarm's subjects. Accounts are numbered so the
/// test is a few integer compares; absent for a store of one account, which fires as before.
struct AlarmAudience: Sendable {
    /// Subject accounts' numbers by alarm number, sorted; empty: nobody (a disabled account's).
    let subjects: [[Int32]]
    /// The members of each alarm's list by alarm number, sorted: who may read its events.
    let readers: [[String]]
    var accountNumbers: [String: Int32]
    /// Account number by device identifier; devices the store did not know when asked get
    /// ``defaultOwner``.
    var owners: [String: Int32]
    /// The account of a device nobody registered: the account feeding a trace (`--account`).
    let defaultOwner: Int32

    init(book: PeopleBook, alarmSubjects: [Set<String>], alarmReaders: [[String]], defaultAccount: String) {
        var numbers: [String: Int32] = [:]
        for account in book.accounts where !account.isDisabled { numbers[account.name] = Int32(numbers.count) }
        accountNumbers = numbers
        subjects = alarmSubjects.map { names in names.compactMap { numbers[$0] }.sorted() }
        readers = alarmReaders.map { $0.sorted() }
        owners = book.deviceAccounts.compactMapValues { numbers[$0] ?? -1 }
        defaultOwner = numbers[defaultAccount] ?? -1
    }

    func owner(of device: String?) -> Int32 {
        device.flatMap { owners[$0] } ?? defaultOwner
    }

    /// Whether a transition of `device` may fire alarm `alarm`.
    func allows(alarm: Int32, device: String?) -> Bool {
        subjects[Int(alarm)].contains(owner(of: device))
    }

    /// The names of an alarm's subjects, sorted: whom a time alarm is for.
    func names(ofSubjectsOf alarm: Int32) -> [String] {
        subjects[Int(alarm)].compactMap(name(of:)).sorted()
    }

    /// The account name of a number (for the event's `person`).
    func name(of number: Int32) -> String? {
        accountNumbers.first { $0.value == number }?.key
    }
}
