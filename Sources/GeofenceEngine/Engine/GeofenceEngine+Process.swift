import Foundation

extension GeofenceEngine {
    /// Decides every tracked fence for an admitted fix of `device` (rules of issue 2).
    /// `device` is accessed in place in the devices array, so mutating its fences never copies them.
    func process(_ fix: Fix, time: Double, device: inout DeviceState, into transitions: inout [Transition]) {
        let options = self.options

        if let timeout = options.staleTimeout, let last = device.lastTime, time - last > timeout { device.forgetStates() }
        let coordinate = fix.coordinate
        let previous: (coordinate: Coordinate, time: Double)? =
            device.decided ? device.lastTime.map { (device.lastCoordinate, $0) } : nil
        var band = 0.0
        if options.accuracyAware, let accuracy = fix.accuracy, accuracy.isFinite, accuracy > 0 { band = accuracy }
        // Untracked fences must be beyond r + h + reach, i.e. neither inside nor straddling.
        let reach = max(0, band - options.hysteresis)
        let covered = reach == 0
            ? device.cache.contains(latitude: coordinate.latitude, longitude: coordinate.longitude)
            : device.cache.contains(Envelope.around(coordinate, radius: reach))
        let latitude = coordinate.latitude * radiansPerDegree
        let longitude = coordinate.longitude * radiansPerDegree
        // Measure only fences whose travel budget ran out (new candidates have none); all after a long step.
        var measureAll = true
        if previous != nil, !device.tracked.isEmpty {
            // With nothing tracked no budget is compared with `travelled`, so the step can be skipped.
            let step = stepUpperBound(device, latitude: latitude, longitude: longitude, inCache: covered)
            if step <= Self.longStep {
                device.travelled += step
                measureAll = false
            }
        }
        if !covered { refreshCandidates(&device, around: coordinate, reach: reach) }
        let travelled = device.travelled

        let crossings = options.detectCrossings
        let dwellTime = options.dwellTime
        var failures = 0
        for j in device.tracked.indices {
            if !measureAll, device.checkAt[j] > travelled {
                // Still too far from the deciding boundary to change; dwell only needs the clock.
                if let dwellTime, device.tracked[j].state == .inside, !device.tracked[j].dwellReported,
                   time - device.tracked[j].insideSince >= dwellTime
                {
                    device.tracked[j].dwellReported = true
                    emit(.dwell, fence: Int(device.tracked[j].fence), fix: fix, model: device.tracked[j].model,
                         distance: .infinity, crossing: nil, into: &transitions)
                }
                continue
            }
            let before = device.tracked[j].state
            let fenceIndex = Int(device.tracked[j].fence)
            let model = device.tracked[j].model
            var distance = 0.0
            let observed: FenceState?
            var straddling = false
            if model.isCircle {
                let limit = max(model.outerRadius, model.radius + band)
                distance = model.distance(latitude: latitude, longitude: longitude, coordinate: coordinate, limit: limit)
                observed = distance <= model.radius ? .inside : (distance > model.outerRadius ? .outside : nil)
                straddling = band > 0 && abs(distance - model.radius) < band
            } else {
                do {
                    observed = try polygons[Int(model.polygon)].covers(coordinate) ? .inside : .outside
                } catch {
                    failures += 1
                    continue
                }
            }
            var after = before
            if !straddling {
                after = before == .unknown ? (observed ?? .outside) : (observed ?? before)
            }
            if after != before {
                device.tracked[j].state = after
                device.tracked[j].dwellReported = false
                if after == .inside { device.tracked[j].insideSince = time; device.insideCount += 1 }
                if before == .inside { device.insideCount -= 1 }
                if before == .unknown {
                    if after == .inside, options.initialTrigger {
                        emit(.enter, fence: fenceIndex, fix: fix, model: model, distance: distance, crossing: nil, into: &transitions)
                    }
                } else {
                    let crossing = previous.flatMap { crossingTime(fenceIndex, from: $0, to: coordinate, at: time) }
                    emit(after == .inside ? .enter : .leave, fence: fenceIndex, fix: fix, model: model,
                         distance: distance, crossing: crossing, into: &transitions)
                }
            }
            if after == .inside, let dwellTime, !device.tracked[j].dwellReported,
               time - device.tracked[j].insideSince >= dwellTime
            {
                device.tracked[j].dwellReported = true
                emit(.dwell, fence: fenceIndex, fix: fix, model: model, distance: distance, crossing: nil, into: &transitions)
            }
            if crossings, before == .outside, after == .outside, let previous,
               let fraction = passage(model, from: previous.coordinate, to: coordinate)
            {
                let instant = Date(timeIntervalSince1970: previous.time + fraction * (time - previous.time))
                emit(.cross, fence: fenceIndex, fix: fix, model: model, distance: distance, crossing: instant, into: &transitions)
            }
            device.checkAt[j] = travelled + model.budget(state: after, distance: distance)
        }
        if crossings, let previous {
            crossUntracked(device: device, fix: fix, from: previous, time: time, into: &transitions)
        }
        statistics.insidePairs += device.insideCount
        if failures > 0 { statistics.geosFailures += failures }
        device.lastTime = time
        device.lastCoordinate = coordinate
        device.decided = true
    }

    /// Where the segment between two outside fixes passes through the fence, as a fraction of it:
    /// a circle's closest approach when within the radius, a polygon's first entry; nil when it misses.
    func passage(_ model: FenceModel, from start: Coordinate, to end: Coordinate) -> Double? {
        if model.isCircle {
            guard let approach = closestApproach(model, from: start, to: end), approach.distance <= model.radius else { return nil }
            return approach.fraction
        }
        do {
            return try polygons[Int(model.polygon)].firstEntry(from: start, to: end)
        } catch {
            statistics.geosFailures += 1
            return nil
        }
    }

    /// Steps longer than this (metres) re-measure every tracked fence instead of using budgets.
    static let longStep = 1_000.0

    /// An upper bound of the geodesic length of the step from the device's last fix.
    private func stepUpperBound(_ device: DeviceState, latitude: Double, longitude: Double, inCache: Bool) -> Double {
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

    func emit(_ kind: Transition.Kind, fence: Int, fix: Fix, model: FenceModel, distance: Double, crossing: Date?,
              into transitions: inout [Transition])
    {
        var metres: Double?
        if model.isCircle { metres = distance.isFinite ? distance : model.exactDistance(to: fix.coordinate) }
        transitions.append(Transition(kind: kind, fenceID: fences[fence].id, fix: fix, distance: metres, crossingTime: crossing))
    }

    /// Cross events for fences the device does not track (outside at both fixes): the segment lies
    /// within half its length of its midpoint, so only fences whose envelope meets that circle's can be crossed.
    private func crossUntracked(device: DeviceState, fix: Fix, from previous: (coordinate: Coordinate, time: Double),
                                time: Double, into transitions: inout [Transition])
    {
        let line = Geodesic.wgs84.inverse(from: previous.coordinate, to: fix.coordinate)
        let middle = Geodesic.wgs84.destination(from: previous.coordinate, azimuth: line.initialAzimuth, distance: line.distance / 2)
        let reach = Envelope.around(middle, radius: line.distance / 2 * (1 + 1e-9) + 1e-3)
        // Polygons test the straight longitude/latitude segment, whose box is exact.
        var x0 = previous.coordinate.longitude, x1 = fix.coordinate.longitude
        if x1 - x0 > 180 { x1 -= 360 } else if x0 - x1 > 180 { x1 += 360 }
        let straight = Envelope.split(
            minLatitude: min(previous.coordinate.latitude, fix.coordinate.latitude),
            maxLatitude: max(previous.coordinate.latitude, fix.coordinate.latitude),
            minLongitude: min(x0, x1), maxLongitude: max(x0, x1))
        guard !(device.cache.contains(reach) && device.cache.contains(straight)), let index else { return }
        var found: [Int32] = []
        do {
            for envelope in [reach, straight] {
                try index.query(envelope.first, into: &found)
                if let second = envelope.second { try index.query(second, into: &found) }
            }
        } catch {
            statistics.geosFailures += 1
            return
        }
        for fence in Set(found).sorted() {
            let model = models[Int(fence)]
            guard !device.tracked.contains(where: { $0.fence == fence }) else { continue }
            if let fraction = passage(model, from: previous.coordinate, to: fix.coordinate) {
                let instant = Date(timeIntervalSince1970: previous.time + fraction * (time - previous.time))
                emit(.cross, fence: Int(fence), fix: fix, model: model, distance: .infinity, crossing: instant, into: &transitions)
            }
        }
    }

    /// Replaces the device's candidates with the fences whose envelope meets the padded box around
    /// `coordinate`, keeping every tracked fence whose state is not outside.
    func refreshCandidates(_ device: inout DeviceState, around coordinate: Coordinate, reach: Double) {
        let envelope = Envelope.around(coordinate, radius: options.candidatePadding + reach)
        queryScratch.removeAll(keepingCapacity: true)
        if let index {
            do {
                try index.query(envelope.first, into: &queryScratch)
                if let second = envelope.second { try index.query(second, into: &queryScratch) }
            } catch {
                // Keep what is tracked and query again next fix; counted so it cannot pass unnoticed.
                statistics.geosFailures += 1
                device.cache = .empty
                return
            }
        }
        queryScratch.sort()
        let fresh: FenceState = device.decided ? .outside : .unknown
        mergeScratch.removeAll(keepingCapacity: true)
        checkAtScratch.removeAll(keepingCapacity: true)
        var i = 0, j = 0
        let old = device.tracked
        while i < old.count || j < queryScratch.count {
            if j < queryScratch.count, j > 0, queryScratch[j] == queryScratch[j - 1] { j += 1; continue }
            if j == queryScratch.count || (i < old.count && old[i].fence < queryScratch[j]) {
                if old[i].state != .outside { mergeScratch.append(old[i]); checkAtScratch.append(device.checkAt[i]) }
                i += 1
            } else if i == old.count || queryScratch[j] < old[i].fence {
                mergeScratch.append(TrackedFence(fence: queryScratch[j], state: fresh, model: models[Int(queryScratch[j])]))
                checkAtScratch.append(-.infinity)
                j += 1
            } else {
                mergeScratch.append(old[i])
                checkAtScratch.append(device.checkAt[i])
                i += 1
                j += 1
            }
        }
        swap(&device.tracked, &mergeScratch)
        swap(&device.checkAt, &checkAtScratch)
        device.cache = envelope
        // Largest east scale over the box: N ≤ a/(1−f) and cos is largest at the lowest |latitude|.
        let box = envelope.first
        let lowest = box.minLatitude <= 0 && box.maxLatitude >= 0 ? 0 : min(abs(box.minLatitude), abs(box.maxLatitude))
        device.eastScaleBound = Self.maximumMeridianRadius * cos(lowest * radiansPerDegree)
    }
}
