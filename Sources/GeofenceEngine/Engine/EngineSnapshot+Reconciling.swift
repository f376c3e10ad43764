/// Adapting a saved state to a fence set that changed between runs, so ``GeofenceEngine/restore(_:)``
/// does not throw ``EngineError/unknownFenceInSnapshot(fence:device:)``.
extension EngineSnapshot {
    /// The snapshot with only the states of fences in `kept`, and an `unknown` state for each fence
    /// of `added` on every decided device.
    ///
    /// A fence missing from a decided device's states would read as *outside* (outside is implicit),
    /// so a device already inside a newly added fence would get an `enter` at its next fix. Marking it
    /// unknown instead makes the next fix decide it without a transition, exactly as for a device's
    /// first fix (`EngineOptions.initialTrigger` applies). Give a fence whose geometry changed as
    /// added and not kept.
    public func reconciled(keeping kept: Set<String>, adding added: [String]) -> EngineSnapshot {
        var result = self
        for i in result.devices.indices {
            result.devices[i].fences.removeAll { !kept.contains($0.fence) }
            guard result.devices[i].decided, result.devices[i].lastTime != nil else { continue }
            let present = Set(result.devices[i].fences.map(\.fence))
            for fence in added where !present.contains(fence) {
                result.devices[i].fences.append(FenceState(fence: fence, state: .unknown, insideSince: nil, dwellReported: false))
            }
        }
        return result
    }
}
