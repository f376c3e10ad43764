import GeofenceEngine
import TraceFormats

/// One fault the chaos run inflicts on a fleet of two `serve` instances on one PostgreSQL, and
/// how long it lasts before it is healed.
enum ChaosFault: CustomStringConvertible {
    /// PostgreSQL stopped with `pg_ctl -m fast` (a restart), started again after `seconds`.
    case databaseRestarted(seconds: Double)
    /// PostgreSQL stopped with `-m immediate` (a crash: recovery replays the WAL), started after `seconds`.
    case databaseCrashed(seconds: Double)
    /// Instance `a`'s link to PostgreSQL cut (the other still reaches it), mended after `seconds`.
    case instanceCutOff(seconds: Double)
    /// An instance killed with SIGKILL, started again after `seconds`.
    case instanceKilled(index: Int, seconds: Double)
    /// An instance stopped with SIGTERM (it must exit within 10 s), started again after `seconds`.
    case instanceStopped(index: Int, seconds: Double)

    var description: String {
        switch self {
        case .databaseRestarted(let seconds): "PostgreSQL restarted (fast), down \(Self.format(seconds)) s"
        case .databaseCrashed(let seconds): "PostgreSQL killed (immediate), down \(Self.format(seconds)) s"
        case .instanceCutOff(let seconds): "instance a cut off from PostgreSQL for \(Self.format(seconds)) s"
        case .instanceKilled(let index, let seconds): "instance \(ChaosFleet.names[index]) killed (SIGKILL), down \(Self.format(seconds)) s"
        case .instanceStopped(let index, let seconds):
            "instance \(ChaosFleet.names[index]) stopped (SIGTERM), down \(Self.format(seconds)) s"
        }
    }

    static func format(_ seconds: Double) -> String { String(format: "%.1f", seconds) }

    /// `count` faults drawn from `generator`: every kind once before any repeats (in a random
    /// order), each lasting 1-6 s, so even a short run meets each kind.
    static func schedule(count: Int, using generator: inout SplitMix64) -> [ChaosFault] {
        var kinds: [Int] = []
        while kinds.count < count { kinds += Array(0..<5).shuffled(using: &generator) }
        return kinds.prefix(count).map { kind in
            let seconds = (Double.random(in: 1...6, using: &generator) * 10).rounded() / 10
            let index = Int.random(in: 0..<ChaosFleet.names.count, using: &generator)
            switch kind {
            case 0: return .databaseRestarted(seconds: seconds)
            case 1: return .databaseCrashed(seconds: seconds)
            case 2: return .instanceCutOff(seconds: seconds)
            case 3: return .instanceKilled(index: index, seconds: seconds)
            default: return .instanceStopped(index: index, seconds: seconds)
            }
        }
    }
}
