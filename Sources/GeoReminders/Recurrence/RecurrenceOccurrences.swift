import CivilTime

/// The occurrences of a rule for a series starting at a given date, lazily, in order.
///
/// Occurrences have the start's shape: the same zone (or floating), the same time of day (or
/// all-day). A start the rule does not select is not an occurrence, as python-dateutil reads
/// RFC 5545 (`FREQ=MONTHLY;BYDAY=1MO` from Wednesday 2026-07-01 begins on 2026-07-06), and COUNT
/// counts only occurrences.
public struct RecurrenceOccurrences: Sequence, Sendable {
    public let rule: RecurrenceRule
    public let start: CivilDateTime

    public init(rule: RecurrenceRule, start: CivilDateTime) {
        self.rule = rule
        self.start = start
    }

    public func makeIterator() -> Iterator {
        Iterator(expander: RecurrenceExpander(rule: rule, start: start))
    }

    public struct Iterator: IteratorProtocol, Sendable {
        var expander: RecurrenceExpander

        public mutating func next() -> CivilDateTime? {
            expander.next()?.date
        }
    }
}
