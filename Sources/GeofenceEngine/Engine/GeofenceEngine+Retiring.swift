import Foundation

/// Retiring fences whose later transitions the caller does not need.
extension GeofenceEngine {
    /// Stops deciding `fence` (its position in ``fences``) for fixes at or after `time`: it causes
    /// them no transition, index queries leave it out, and a device drops its state for it (reads
    /// outside) at its first such fix that would have made a transition with it, or at its next
    /// query. Until then it is measured as before: checking each fence at each fix would cost every
    /// stream. Fixes before `time` (a device whose clock is behind) decide it as before.
    ///
    /// For a caller that needs only each fence's earliest transition and already has one at `time`,
    /// such as an alarm that fires once: the rest of the stream then costs it nothing. Calling it
    /// again with an earlier time moves the retirement earlier. It lasts for this engine's life and
    /// is not part of ``snapshot()``.
    public func retire(fence: Int, from time: Date) {
        precondition(fences.indices.contains(fence), "a fence of this engine")
        do {
            try retired.retire(Int32(fence), from: time.timeIntervalSinceReferenceDate)
        } catch {
            // The previous index still answers (filtered fence by fence); counted so it cannot pass unnoticed.
            statistics.geosFailures += 1
        }
    }

    /// Appends the index's candidates for a fix at `time` meeting `envelope`, retired fences left out.
    /// With ``audiences`` and a `group`, the group's own index is queried: it holds no other
    /// group's fences (retired ones are filtered here, as for the full index).
    func queryIndex(_ envelope: Envelope, at time: Double, group: Int32? = nil, into items: inout [Int32]) {
        let chosen =
            if let group, groupIndexes.isActive {
                groupIndexes.index(of: group, orElse: retired.index(at: time, full: index))
            } else { retired.index(at: time, full: index) }
        guard let tree = chosen else { return }
        let start = items.count
        tree.query(envelope.first, into: &items)
        if let second = envelope.second { tree.query(second, into: &items) }
        guard retired.count > 0 else { return }
        var kept = start
        for i in start..<items.count where !retired.isRetired(items[i], at: time) {
            items[kept] = items[i]
            kept += 1
        }
        items.removeLast(items.count - kept)
    }

    /// Drops the device's tracked fences retired at `time` (after its fix found some).
    func dropRetired(_ device: inout DeviceState, at time: Double) {
        let parked = device.isParked
        var kept = 0
        for j in device.tracked.indices {
            if retired.isRetired(device.tracked[j].fence, at: time) {
                if device.tracked[j].state == .inside { device.insideCount -= 1 }
                continue
            }
            device.tracked[kept] = device.tracked[j]
            if !parked {
                device.models[kept] = device.models[j]
                device.checkAt[kept] = device.checkAt[j]
            }
            kept += 1
        }
        let dropped = device.tracked.count - kept
        device.tracked.removeLast(dropped)
        if !parked {
            device.models.removeLast(dropped)
            device.checkAt.removeLast(dropped)
        }
    }
}
