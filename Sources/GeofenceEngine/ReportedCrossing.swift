import Foundation

/// A device's own word that it entered or left a region it watches on the store's behalf (an
/// OwnTracks `transition`, from the phone's region monitoring): evidence for an alarm, not a fix.
/// The engine never sees it; the alarm evaluator maps it back to its alarm
/// (docs/alarm-evaluation.md, "Phone transitions").
public struct ReportedCrossing: Hashable, Sendable {
    /// How the phone decided (OwnTracks' `t`).
    public enum Trigger: String, Hashable, Sendable {
        /// `c`: the operating system's region monitoring.
        case regionMonitoring = "c"
        /// `b`: a beacon region.
        case beacon = "b"
        /// `l`: Android's own check of a location against the region (inside iff distance ≤ radius + accuracy).
        case location = "l"
    }

    /// `.enter` or `.leave`.
    public var kind: Transition.Kind
    /// The region's `rid` (iOS sends it; Android does not).
    public var regionID: String?
    /// The region's `tst`, which the phone sends back as `wtst` (both apps).
    public var regionStamp: Int?
    public var trigger: Trigger?
    /// When the phone says it crossed, where it was (Android: the fix that triggered it; iOS: its
    /// last known position) and the device.
    public var fix: Fix

    public init(kind: Transition.Kind, regionID: String?, regionStamp: Int?, trigger: Trigger?, fix: Fix) {
        self.kind = kind
        self.regionID = regionID
        self.regionStamp = regionStamp
        self.trigger = trigger
        self.fix = fix
    }
}
