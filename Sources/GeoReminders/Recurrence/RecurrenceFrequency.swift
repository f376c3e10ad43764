/// How often a rule's period repeats: RFC 5545's FREQ, limited to what EventKit offers.
///
/// SECONDLY, MINUTELY and HOURLY are refused when read (`RecurrenceRuleError.unsupportedFrequency`):
/// a reminder repeats by the day at most.
public enum RecurrenceFrequency: String, Hashable, Sendable, CaseIterable, Codable {
    case daily = "DAILY"
    case weekly = "WEEKLY"
    case monthly = "MONTHLY"
    case yearly = "YEARLY"
}
