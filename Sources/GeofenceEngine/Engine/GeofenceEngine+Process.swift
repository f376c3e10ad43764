import Foundation

extension GeofenceEngine {
    /// Decides every tracked fence for an admitted fix of `device` (rules in docs/geofence-engine.md).
    /// `device` is accessed in place in the devices array (at `index`), so mutating its fences never copies them.
    func process(_ fix: Fix, time: Double, device: inout DeviceState, at index: Int, into transitions: inout [Transition]) {
        let options = self.options

        if let timeout = options.staleTimeout, let last = device.lastTime, time - last > timeout { device.forgetStates() }
        let coordinate = fix.coordinate
        let previous: (coordinate: Coordinate, time: Double)? =
            device.decided ? device.lastTime.map { (device.lastCoordinate, $0) } : nil
        var band = 0.0
        if options.accuracyAware, let accuracy = fix.accuracy, accuracy.isFinite, accuracy > 0 { band = accuracy }
        // Untracked fences must be beyond r + h + reach, i.e. neither inside nor straddling.
        let reach = max(0, band - options.hysteresis)
        let covered =
            reach == 0
            ? device.cache.contains(latitude: coordinate.latitude, longitude: coordinate.longitude)
            : device.cache.contains(Envelope.around(coordinate, radius: reach))
        let latitude = coordinate.latitude * radiansPerDegree
        let longitude = coordinate.longitude * radiansPerDegree
        // Measure only fences whose travel budget ran out (new candidates have none); all after a long step.
        var measureAll = true
        var step = 0.0
        if previous != nil, !(device.tracked.isEmpty && covered) {
            // With nothing tracked no budget is compared with `travelled`: the step only decides parking.
            step = stepUpperBound(device, latitude: latitude, longitude: longitude, inCache: covered)
            if !device.tracked.isEmpty, step <= Self.longStep {
                device.travelled += step
                measureAll = false
            }
        }
        if !covered {
            // Its group in the audiences, looked up only here: most fixes stay in their box.
            let group: Int32? = deviceGroups.isEmpty ? nil : deviceGroups[index]
            refreshCandidates(&device, group: group, around: coordinate, reach: reach, at: time)
        }
        // A parked device is never covered (its box is empty), so it was unparked by the refresh.
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
                    // Measured as a measurement would (skipped fences are circles), so the distance
                    // reported does not depend on whether a budget was kept (a parked device keeps none).
                    let model = device.models[j]
                    let limit = max(model.outerRadius, model.radius + band)
                    emit(
                        .dwell, fence: Int(device.tracked[j].fence), fix: fix, model: model,
                        distance: model.distance(latitude: latitude, longitude: longitude, coordinate: coordinate, limit: limit),
                        crossing: nil, into: &transitions)
                }
                continue
            }
            let before = device.tracked[j].state
            let fenceIndex = Int(device.tracked[j].fence)
            let model = device.models[j]
            var distance = 0.0
            let observed: FenceState?
            var straddling = false
            if model.isCircle {
                let limit = max(model.outerRadius, model.radius + band)
                distance = model.distance(latitude: latitude, longitude: longitude, coordinate: coordinate, limit: limit)
                observed = distance <= model.radius ? .inside : (distance > model.outerRadius ? .outside : nil)
                straddling = band > 0 && abs(distance - model.radius) < band
            } else {
                // As for circles, with the distance to the edge: outside only beyond the hysteresis,
                // no change while the accuracy circle straddles the edge.
                let polygon = polygons[Int(model.polygon)]
                let covered: Bool
                do {
                    covered = try polygon.covers(coordinate)
                } catch {
                    failures += 1
                    continue
                }
                if options.hysteresis > 0 || band > 0 {
                    distance = polygon.edgeDistance(to: coordinate)
                    observed = covered ? .inside : (distance > options.hysteresis ? .outside : nil)
                    straddling = band > 0 && distance < band
                } else {
                    distance = .nan  // measured only if a transition is emitted
                    observed = covered ? .inside : .outside
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
                    emit(
                        after == .inside ? .enter : .leave, fence: fenceIndex, fix: fix, model: model,
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
                let instant = Date(timeIntervalSinceReferenceDate: previous.time + fraction * (time - previous.time))
                emit(.cross, fence: fenceIndex, fix: fix, model: model, distance: distance, crossing: instant, into: &transitions)
            }
            device.checkAt[j] = travelled + model.budget(state: after, distance: distance)
        }
        if crossings, let previous {
            crossUntracked(device: device, fix: fix, from: previous, time: time, into: &transitions)
        }
        statistics.insidePairs += Int(device.insideCount)
        if failures > 0 { statistics.geosFailures += failures }
        device.lastTime = time
        device.lastCoordinate = coordinate
        device.decided = true
        // Outran its padding: its next fix will leave this box too, so its candidates are not kept.
        if !covered, step >= options.candidatePadding { park(&device) }
    }

    /// Appends a transition, unless its fence is retired at the fix's time: the fence then goes at
    /// the end of the fix (``dropRetired(_:at:)``). Asked here, where transitions are made, and not
    /// in the per-fence loop, whose cost the question would raise for every stream.
    func emit(
        _ kind: Transition.Kind, fence: Int, fix: Fix, model: FenceModel, distance: Double, crossing: Date?,
        into transitions: inout [Transition]
    ) {
        if retired.count > 0, let time = fix.time, retired.isRetired(Int32(fence), at: time.timeIntervalSinceReferenceDate) {
            retiredSeen = true
            return
        }
        let metres =
            if model.isCircle {
                distance.isFinite ? distance : model.exactDistance(to: fix.coordinate)
            } else {
                distance.isFinite ? distance : polygons[Int(model.polygon)].edgeDistance(to: fix.coordinate)
            }
        transitions.append(
            Transition(kind: kind, fenceID: fences[fence].id, fenceIndex: Int32(fence), fix: fix, distance: metres, crossingTime: crossing))
    }
}
