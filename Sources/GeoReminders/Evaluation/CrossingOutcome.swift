/// What became of a phone's own report of a crossing (``AlarmEvaluator/corroborate(_:)``).
public enum CrossingOutcome: String, Hashable, Sendable, CaseIterable {
    /// The report fired its alarm: it was the first word of the crossing.
    case fired
    /// The alarm has already fired since the evaluator was loaded (from a fix, or an earlier
    /// report), or an earlier fix's event is pending for it: the report only confirms, and nothing
    /// is recorded twice.
    case confirmed
    /// Android's own check of a location whose accuracy is worse than the radius: too vague to
    /// fire on, so the fixes decide. Also an `enter` of a place the device's fixes already have it
    /// inside with no arrival seen (Android reports entering a region it is given while inside it).
    case waiting
    /// No alarm still armed for this device's person watches that region with that proximity (a
    /// region the person made on the phone, a reminder since completed, changed or fired before
    /// the evaluator was last loaded, an area).
    case unmatched
    /// The report's time is outside what a fix may carry (docs/alarm-evaluation.md).
    case badTime = "bad-time"
}
