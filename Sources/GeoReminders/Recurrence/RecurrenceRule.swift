/// A repetition rule, as EventKit's `EKRecurrenceRule` and RFC 5545's RRULE.
///
/// PLACEHOLDER: the recurrence work (issue 5) replaces this type's body; the store relies only on
/// `init(rrule:fromCompletion:)`, `rrule` and `fromCompletion`.
public struct RecurrenceRule: Hashable, Sendable {
    /// The RFC 5545 RRULE value, without the `RRULE:` name.
    public var rrule: String
    /// The next occurrence is counted from the completion instant (Todoist's `every!`),
    /// not from the completed occurrence's due date. Not part of RRULE text.
    public var fromCompletion: Bool

    public init(rrule: String, fromCompletion: Bool = false) throws {
        self.rrule = rrule
        self.fromCompletion = fromCompletion
    }
}
