import Foundation

/// Index candidates per device and the travel bound that lets them be reused.
extension GeofenceEngine {
    /// Steps longer than this (metres) re-measure every tracked fence instead of using budgets.
    static let longStep = 1_000.0

    /// An upper bound of the geodesic length of the step from the device's last fix.
    func stepUpperBound(_ device: DeviceState, latitude: Double, longitude: Double, inCache: Bool) -> Double {
        let lastLatitude = device.lastCoordinate.latitude * radiansPerDegree
        let dPhi = latitude - lastLatitude
        var dLambda = longitude - device.lastCoordinate.longitude * radiansPerDegree
        if dLambda > .pi { dLambda -= 2 * .pi } else if dLambda < -.pi { dLambda += 2 * .pi }
        // Largest east scale between the two latitudes: the box's bound when both fixes are in it.
        var eastScale = device.eastScaleBound
        if !inCache {
            let lowest = (latitude <= 0) != (lastLatitude <= 0) ? 0 : min(abs(latitude), abs(lastLatitude))
            eastScale = Self.maximumMeridianRadius * cos(lowest)
        }
        let north = dPhi * Self.maximumMeridianRadius
        let east = dLambda * eastScale
        // Scales are upper bounds; the margin covers the mid-latitude formula's d³ term.
        return (north * north + east * east).squareRoot() * (1 + 1e-6) + 1e-6
    }

    /// The largest radius of curvature of WGS84 (meridian or prime vertical, at the poles): a/(1−f).
    static let maximumMeridianRadius = Geodesic.wgs84.equatorialRadius / (1 - Geodesic.wgs84.flattening)

    /// Replaces the device's candidates with the fences whose envelope meets the padded box around
    /// `coordinate`, keeping every tracked fence whose state is not outside.
    /// Retired fences (at `time`) are neither candidates nor kept; with ``audiences``, fences
    /// `group` does not see are no candidates.
    func refreshCandidates(_ device: inout DeviceState, group: Int32?, around coordinate: Coordinate, reach: Double, at time: Double) {
        let envelope = Envelope.around(coordinate, radius: options.candidatePadding + reach)
        let audiences = self.audiences
        queryScratch.removeAll(keepingCapacity: true)
        queryIndex(envelope, at: time, group: group, into: &queryScratch)
        sortCandidates(&queryScratch)
        let fresh: FenceState = device.decided ? .outside : .unknown
        mergeScratch.removeAll(keepingCapacity: true)
        modelScratch.removeAll(keepingCapacity: true)
        checkAtScratch.removeAll(keepingCapacity: true)
        var i = 0, j = 0
        let old = device.tracked
        // A parked device's fences have no models or budgets: from the engine's models, measured now.
        let parked = device.isParked
        func keep(_ i: Int) {
            mergeScratch.append(old[i])
            modelScratch.append(parked ? models[Int(old[i].fence)] : device.models[i])
            checkAtScratch.append(parked ? -.infinity : device.checkAt[i])
        }
        while i < old.count || j < queryScratch.count {
            if j < queryScratch.count, j > 0, queryScratch[j] == queryScratch[j - 1] { j += 1; continue }
            if j == queryScratch.count || (i < old.count && old[i].fence < queryScratch[j]) {
                if old[i].state != .outside {
                    if !retired.isRetired(old[i].fence, at: time) {
                        keep(i)
                    } else if old[i].state == .inside {
                        device.insideCount -= 1
                    }
                }
                i += 1
            } else if i == old.count || queryScratch[j] < old[i].fence {
                if let audiences, let group, !audiences.sees(fence: queryScratch[j], group: group) {
                    j += 1
                    continue
                }
                mergeScratch.append(TrackedFence(fence: queryScratch[j], state: fresh))
                modelScratch.append(models[Int(queryScratch[j])])
                checkAtScratch.append(-.infinity)
                j += 1
            } else {
                keep(i)
                i += 1
                j += 1
            }
        }
        swap(&device.tracked, &mergeScratch)
        swap(&device.models, &modelScratch)
        swap(&device.checkAt, &checkAtScratch)
        device.cache = CandidateBox(envelope)
        // Largest east scale over the box: N ≤ a/(1−f) and cos is largest at the lowest |latitude|.
        let box = envelope.first
        let lowest = box.minLatitude <= 0 && box.maxLatitude >= 0 ? 0 : min(abs(box.minLatitude), abs(box.maxLatitude))
        device.eastScaleBound = Self.maximumMeridianRadius * cos(lowest * radiansPerDegree)
    }

    /// Gives a parked device its models and budgets back (all measured at its next fix).
    func unpark(_ device: inout DeviceState) {
        guard device.isParked else { return }
        device.models = device.tracked.map { models[Int($0.fence)] }
        device.checkAt = Array(repeating: -.infinity, count: device.tracked.count)
    }

    /// Parks a device after a fix whose step outran the candidate padding: it keeps its fences
    /// that are not outside, in an array of their size, and hands its candidate buffers back to
    /// the engine's scratch (see ``DeviceState``); its next fix queries the index.
    func park(_ device: inout DeviceState) {
        let kept = device.tracked.count - device.tracked.count { $0.state == .outside }
        var parked: [TrackedFence] = []
        if kept > 0 {
            parked.reserveCapacity(kept)
            for fence in device.tracked where fence.state != .outside { parked.append(fence) }
        }
        // The scratch buffers take the device's (the largest candidate lists) back.
        swap(&mergeScratch, &device.tracked)
        swap(&modelScratch, &device.models)
        swap(&checkAtScratch, &device.checkAt)
        device.tracked = parked
        device.models = []
        device.checkAt = []
        device.cache = .empty
    }

    /// Sorts index candidates by fence (duplicates may stay). Many candidates, as in a dense
    /// downtown where a box meets a thousand fences, are sorted by setting their bits in a bitmap
    /// of all fences and reading the bits back in order: a scan of M/64 words instead of a merge
    /// sort that took a sixth of such a run.
    func sortCandidates(_ items: inout [Int32]) {
        let words = (models.count + 63) >> 6
        guard items.count >= 64, items.count * 8 >= words else {
            items.sort()
            return
        }
        if candidateBits.count != words { candidateBits = Array(repeating: 0, count: words) }
        candidateBits.withUnsafeMutableBufferPointer { bits in
            for item in items { bits[Int(item) >> 6] |= 1 &<< UInt64(item & 63) }
            items.removeAll(keepingCapacity: true)
            for index in 0..<words where bits[index] != 0 {
                var word = bits[index]
                bits[index] = 0  // All clear again for the next refresh.
                while word != 0 {
                    items.append(Int32(index << 6 | word.trailingZeroBitCount))
                    word &= word &- 1
                }
            }
        }
    }
}
