import Foundation
import TestSupport

@testable import GeofenceEngine

func at(_ seconds: Double, _ coordinate: Coordinate, accuracy: Double? = nil, device: String? = nil) -> Fix {
    Fix(time: Date(timeIntervalSince1970: seconds), coordinate: coordinate, accuracy: accuracy, device: device)
}

/// An engine with one 100 m circle around ``paris`` named "home" (plus any extra fences).
func homeEngine(radius: Double = 100, _ options: EngineOptions = EngineOptions(), extra: [Fence] = []) throws -> GeofenceEngine {
    try GeofenceEngine(fences: [Fence.circle(id: "home", center: paris, radius: radius)] + extra, options: options)
}

/// Feeds fixes one by one and returns, per fix, the transitions it caused as "kind:fence".
func run(_ engine: GeofenceEngine, _ fixes: [Fix]) -> [[String]] {
    fixes.map { fix in
        var out: [Transition] = []
        engine.feed(fix, into: &out)
        return out.map { "\($0.kind.rawValue):\($0.fenceID)" }
    }
}
