/// What a ``TraceReader`` reads besides track points, and how it labels fixes.
public struct TraceReadOptions: Sendable, Equatable {
    /// Read GPX route points (`rtept`) as fixes; they are plans, not where the device was.
    public var includeRoutePoints: Bool
    /// Read GPX waypoints (`wpt`) as fixes; they are places, not where the device was.
    public var includeWaypoints: Bool
    /// The device given to fixes whose record names none.
    public var defaultDevice: String?
    /// How many (file, line) samples are kept per skip reason.
    public var samplesPerReason: Int
    /// Throw ``TraceError/noUsableFix(file:format:skipped:)`` also when every fix read lacks a time
    /// or valid coordinates (what the engine rejects outright), not only when none was read.
    public var requiresTimedFix: Bool
    /// The input is a stream that stays open (`tail -f log | georemind feed - --follow`): the
    /// format is sniffed from the first complete line rather than from the first 4 KiB, which
    /// might not come for hours. Fixes are yielded as their lines arrive either way.
    public var follow: Bool

    public init(
        includeRoutePoints: Bool = false, includeWaypoints: Bool = false,
        defaultDevice: String? = nil, samplesPerReason: Int = 5, requiresTimedFix: Bool = false,
        follow: Bool = false
    ) {
        self.follow = follow
        self.requiresTimedFix = requiresTimedFix
        self.includeRoutePoints = includeRoutePoints
        self.includeWaypoints = includeWaypoints
        self.defaultDevice = defaultDevice
        self.samplesPerReason = samplesPerReason
    }
}
