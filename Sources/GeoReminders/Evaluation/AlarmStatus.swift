/// Where an armed alarm stands during a run.
enum AlarmStatus: UInt8 {
    /// Has not fired.
    case armed
    /// Has a candidate event in the reorder buffer (an earlier one may still replace it).
    case pending
    /// Its event was handed out (or awaits the commit that hands it out).
    case fired
}
