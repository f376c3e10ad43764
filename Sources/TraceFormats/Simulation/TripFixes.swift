import Foundation
import GeofenceEngine

/// The fixes of a ``TripPlan``, in time order, computed lazily.
///
/// Iterating twice yields the same fixes: the noise restarts from the plan's seed.
public struct TripFixes: Sequence, Sendable {
    public let plan: TripPlan

    public var underestimatedCount: Int { plan.fixCount }

    public func makeIterator() -> Iterator {
        Iterator(plan: plan)
    }

    public struct Iterator: IteratorProtocol, Sendable {
        private let plan: TripPlan
        private var index = 0
        /// The leg holding the last moving fix: distances only grow, so the search resumes here.
        private var leg = 0
        private var noise: GaussianNoise?

        init(plan: TripPlan) {
            self.plan = plan
            noise = plan.noise > 0 ? GaussianNoise(sigma: plan.noise, seed: plan.seed) : nil
        }

        public mutating func next() -> Fix? {
            guard index < plan.fixCount else { return nil }
            defer { index += 1 }
            let offset: TimeInterval
            let position: Coordinate
            if index < plan.gridCount {
                offset = Double(index) * plan.interval - plan.linger
                position = offset > 0 ? point(at: plan.speed * offset) : plan.origin
            } else {
                offset = plan.duration
                position = plan.destination
            }
            let coordinate = noise?.perturb(position) ?? position
            return Fix(
                time: plan.departure.addingTimeInterval(offset), coordinate: coordinate,
                accuracy: noise == nil ? nil : plan.noise, device: plan.device)
        }

        /// The point `travelled` metres along the route (less than its length on the grid).
        private mutating func point(at travelled: Double) -> Coordinate {
            let legs = plan.legs
            while leg + 1 < legs.count && travelled >= legs[leg + 1].offset { leg += 1 }
            return legs[leg].point(at: travelled - legs[leg].offset)
        }
    }
}
