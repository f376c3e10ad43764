/// Where each phone's reply state is kept: one row per phone, read at every OwnTracks post and
/// written when it moves. Its own protocol rather than a working copy of the store
/// (``StoreAccess``), since a working copy on PostgreSQL reads every phone's row to answer one.
public protocol PhoneReplyStates: Sendable {
    /// What the store remembers of `phone`'s replies; nil for a phone never answered.
    func phoneReplyState(phone: String) throws -> PhoneReplyState?

    /// The account `phone` is registered to, by its key; nil for a phone the store does not know.
    func phoneAccount(phone: String) throws -> String?

    /// Reads `phone`'s row as it is now, with no other change of it in between, and saves the
    /// state `decide` returns for it (none: nothing is written).
    func updatePhoneReplyState<T>(
        phone: String, _ decide: (PhoneReplyState?) throws -> (save: PhoneReplyState?, result: T)
    ) throws -> T
}
