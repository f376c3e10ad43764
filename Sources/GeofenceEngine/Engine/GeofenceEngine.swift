import Foundation

/// Turns a stream of fixes into enter/leave/dwell/cross transitions for a fixed set of fences.
///
/// Feed fixes in input order with ``feed(_:into:)``; transitions are appended to a buffer you own.
/// State is kept per device (the fix's `device` string, interned) and per fence only for fences
/// near the device, so cost per fix and ``snapshot()`` size do not grow with fences × devices.
///
/// Not Sendable: one engine is used from one task at a time (it owns a GEOS context).
public final class GeofenceEngine {
    public let options: EngineOptions
    public let fences: [Fence]
    // Hot mutable state skips the runtime exclusivity check (a measurable share of a fix's cost):
    // the engine is used from one task and no method re-enters another while holding an access.
    @exclusivity(unchecked) public internal(set) var statistics = EngineStatistics()

    let models: ContiguousArray<FenceModel>
    let polygons: [PreparedPolygon]
    let context: GEOSContext
    let index: STRTree?
    let fenceIndexByID: [String: Int32]

    @exclusivity(unchecked) var devices: [DeviceState] = []
    /// Which devices track which fences; nil: every device tracks every fence. Setting it regroups
    /// the devices the engine has.
    public var audiences: FenceAudiences? {
        didSet {
            deviceGroups = audiences.map { audiences in devices.map { audiences.group(of: $0.name) } } ?? []
            groupIndexes = GroupIndexes(audiences: audiences, entries: retired.entries)
        }
    }
    /// Each device's group in ``audiences`` (parallel to `devices`); empty without audiences.
    @exclusivity(unchecked) var deviceGroups: [Int32] = []
    /// Per group of ``audiences``, an index of the fences it sees (queried instead of the full one).
    @exclusivity(unchecked) var groupIndexes = GroupIndexes(audiences: nil, entries: [])
    @exclusivity(unchecked) var deviceNames = DeviceNameIndex()
    @exclusivity(unchecked) var defaultDevice: Int?
    /// The last device looked up, so a single-device stream skips hashing.
    @exclusivity(unchecked) var lastDeviceName: String?
    @exclusivity(unchecked) var lastDeviceIndex = -1
    /// Scratch buffers reused by every index query and merge, so feeding does not allocate.
    @exclusivity(unchecked) var queryScratch: [Int32] = []
    @exclusivity(unchecked) var mergeScratch: [TrackedFence] = []
    @exclusivity(unchecked) var modelScratch: [FenceModel] = []
    /// One bit per fence, all clear between refreshes (``sortCandidates(_:)``).
    @exclusivity(unchecked) var candidateBits: [UInt64] = []
    @exclusivity(unchecked) var checkAtScratch: [Double] = []
    /// Fences no longer decided from some time on (``retire(fence:from:)``), and the live fences' index.
    @exclusivity(unchecked) var retired: RetiredFences
    /// Set by ``emit(_:fence:fix:model:distance:crossing:into:)`` when a retired fence would have made a transition.
    @exclusivity(unchecked) var retiredSeen = false
    /// Fixes at or after this time (seconds since 2001) are refused as `bad-time`; never beyond
    /// ``FixTimeWindow/end``. A server lowers it to its clock plus a tolerance before each batch,
    /// so a phone whose clock runs years ahead cannot make every later real fix out of order.
    @exclusivity(unchecked) public var latestAdmissibleTime = FixTimeWindow.end {
        didSet { latestAdmissibleTime = min(latestAdmissibleTime, FixTimeWindow.end) }
    }

    public init(fences: [Fence], options: EngineOptions = EngineOptions()) throws(EngineError) {
        try options.validate()
        self.options = options
        self.fences = fences
        let context = GEOSContext()
        self.context = context
        var ids: [String: Int32] = [:]
        ids.reserveCapacity(fences.count)
        var models = ContiguousArray<FenceModel>()
        models.reserveCapacity(fences.count)
        var polygons: [PreparedPolygon] = []
        var boxes: [(box: BoundingBox, item: Int32)] = []
        boxes.reserveCapacity(fences.count)
        do {
            for (i, fence) in fences.enumerated() {
                let item = Int32(i)
                guard ids.updateValue(item, forKey: fence.id) == nil else { throw EngineError.fence(.duplicateID(fence: fence.id)) }
                let envelope: Envelope
                switch fence.shape {
                case let .circle(circle):
                    let model = FenceModel(circle: circle, hysteresis: options.hysteresis)
                    models.append(model)
                    envelope = model.circleEnvelope
                case let .polygon(polygon):
                    let prepared = try PreparedPolygon(polygon, padding: options.hysteresis, context: context)
                    models.append(FenceModel(polygonSlot: Int32(polygons.count)))
                    polygons.append(prepared)
                    envelope = prepared.envelope
                }
                boxes.append((envelope.first, item))
                if let second = envelope.second { boxes.append((second, item)) }
            }
            index = boxes.isEmpty ? nil : try STRTree(entries: boxes)
        } catch let error as GEOSError {
            throw .geos(error)
        } catch let error as EngineError {
            throw error
        } catch {
            throw .geos(.failed(operation: "engine setup", message: "\(error)"))
        }
        self.models = models
        self.polygons = polygons
        self.fenceIndexByID = ids
        self.retired = RetiredFences(fenceCount: fences.count, entries: boxes)
        _checkInvariants()
    }

    /// An engine over `template`'s fences and options that shares its tables (fence models, ids,
    /// the index: immutable once built, so engines on other threads may read them at once) and has
    /// its own devices, retirements, GEOS context and prepared polygons (``preparePolygons(of:options:context:)``
    /// on `context`), which GEOS does not let two threads use at once.
    init(sharingFencesOf template: GeofenceEngine, polygons: [PreparedPolygon], context: GEOSContext) {
        options = template.options
        fences = template.fences
        models = template.models
        fenceIndexByID = template.fenceIndexByID
        index = template.index
        self.context = context
        self.polygons = polygons
        retired = RetiredFences(fenceCount: template.fences.count, entries: template.retired.entries)
        _checkInvariants()
    }

    /// The polygon fences among `fences`, in order (a polygon's model names its place here),
    /// prepared on `context` with the hysteresis as padding, as ``init(fences:options:)`` prepares them.
    static func preparePolygons(of fences: [Fence], options: EngineOptions, context: GEOSContext) throws(EngineError) -> [PreparedPolygon] {
        var polygons: [PreparedPolygon] = []
        for fence in fences {
            guard case let .polygon(polygon) = fence.shape else { continue }
            do {
                polygons.append(try PreparedPolygon(polygon, padding: options.hysteresis, context: context))
            } catch {
                throw .geos(error)
            }
        }
        return polygons
    }

    /// Admits or rejects one fix and appends the transitions it causes to `transitions`.
    @discardableResult
    public func feed(_ fix: Fix, into transitions: inout [Transition]) -> FixDisposition {
        let disposition = admitAndProcess(fix, into: &transitions)
        _checkInvariants()
        return disposition
    }

    /// Feeds fixes in order; returns how many were admitted.
    @discardableResult
    public func feed<S: Sequence<Fix>>(_ fixes: S, into transitions: inout [Transition]) -> Int {
        var admitted = 0
        for fix in fixes where admitAndProcess(fix, into: &transitions) == .admitted { admitted += 1 }
        _checkInvariants()
        return admitted
    }

    /// Feeds a contiguous batch in order (borrowing each fix, no copies); returns how many were admitted.
    @discardableResult
    public func feed(_ fixes: ArraySlice<Fix>, into transitions: inout [Transition]) -> Int {
        var admitted = 0
        fixes.withUnsafeBufferPointer { buffer in
            for i in buffer.indices where admitAndProcess(buffer[i], into: &transitions) == .admitted { admitted += 1 }
        }
        _checkInvariants()
        return admitted
    }

    /// Feeds a contiguous batch in order; returns how many were admitted.
    @discardableResult
    public func feed(_ fixes: [Fix], into transitions: inout [Transition]) -> Int {
        feed(fixes[...], into: &transitions)
    }

    /// Feeds one fix and hands each transition to `body` (through a reused internal buffer).
    @discardableResult
    public func feed(_ fix: Fix, _ body: (Transition) throws -> Void) rethrows -> FixDisposition {
        var buffer: [Transition] = []
        swap(&buffer, &callbackBuffer)
        buffer.removeAll(keepingCapacity: true)
        let disposition = admitAndProcess(fix, into: &buffer)
        _checkInvariants()
        defer { swap(&buffer, &callbackBuffer) }
        for transition in buffer { try body(transition) }
        return disposition
    }

    /// ``feed(_:_:)`` for a fix whose device `slot` remembers between fixes of one batch: the
    /// fixes given one slot must all name the same device.
    @discardableResult
    public func feed(_ fix: Fix, slot: inout DeviceSlot, _ body: (Transition) throws -> Void) rethrows -> FixDisposition {
        var buffer: [Transition] = []
        swap(&buffer, &callbackBuffer)
        buffer.removeAll(keepingCapacity: true)
        let disposition = admitAndProcess(fix, slot: &slot, into: &buffer)
        _checkInvariants()
        defer { swap(&buffer, &callbackBuffer) }
        for transition in buffer { try body(transition) }
        return disposition
    }

    var callbackBuffer: [Transition] = []

    /// The admission rules, in the documented order (docs/geofence-engine.md), then the decisions for an admitted fix.
    private func admitAndProcess(_ fix: Fix, into transitions: inout [Transition]) -> FixDisposition {
        var slot = DeviceSlot()
        return admitAndProcess(fix, slot: &slot, into: &transitions)
    }

    @inline(__always)
    private func admitAndProcess(_ fix: Fix, slot: inout DeviceSlot, into transitions: inout [Transition]) -> FixDisposition {
        guard fix.coordinate.isValid else { return reject(.badCoordinates) }
        guard let date = fix.time, date.timeIntervalSinceReferenceDate.isFinite else { return reject(.noTime) }
        let time = date.timeIntervalSinceReferenceDate
        guard time >= FixTimeWindow.start, time < latestAdmissibleTime else { return reject(.badTime) }
        // Looked up again while absent: another slot may name the same device and have made it.
        if slot.index < 0 { slot.index = Int32(lookUpDevice(fix.device) ?? -1) }
        let existing = slot.index >= 0 ? Int(slot.index) : nil
        var last: (time: Double, coordinate: Coordinate)?
        if let existing, let time = devices[existing].lastTime { last = (time, devices[existing].lastCoordinate) }
        if let last, !(time > last.time) {
            return reject(time == last.time && fix.coordinate == last.coordinate ? .duplicate : .outOfOrder)
        }
        if let maxAccuracy = options.maxAccuracy, let accuracy = fix.accuracy, accuracy > maxAccuracy {
            return reject(.lowAccuracy)
        }
        if let last, let minInterval = options.minInterval, time - last.time < minInterval { return reject(.tooFrequent) }
        if let last, let maxSpeed = options.maxSpeed,
            Geodesic.wgs84.distance(from: last.coordinate, to: fix.coordinate) > maxSpeed * (time - last.time)
        {
            return reject(.implausibleSpeed)
        }
        statistics.admitted += 1
        let deviceIndex = existing ?? addDevice(fix.device)
        slot.index = Int32(deviceIndex)
        process(fix, time: time, device: &devices[deviceIndex], at: deviceIndex, into: &transitions)
        if retiredSeen {
            // A retired fence would have made a transition: it goes now (its inside pair is counted once more).
            retiredSeen = false
            dropRetired(&devices[deviceIndex], at: time)
        }
        return .admitted
    }

    private func reject(_ reason: RejectionReason) -> FixDisposition {
        statistics.rejected[reason, default: 0] += 1
        return .rejected(reason)
    }

    func lookUpDevice(_ name: String?) -> Int? {
        guard let name else { return defaultDevice }
        if lastDeviceIndex >= 0, name == lastDeviceName { return lastDeviceIndex }
        let hash = DeviceNameHash.hash(name)
        guard let index = deviceNames.find(name, hash: hash, in: devices) else { return nil }
        lastDeviceName = name
        lastDeviceIndex = index
        return index
    }

    func addDevice(_ name: String?) -> Int {
        let index = devices.count
        // Grown by an eighth, not doubled: a fleet's records are most of its state (issue 13).
        if devices.count == devices.capacity { devices.reserveCapacity(devices.count + max(8, devices.count / 8)) }
        devices.append(DeviceState(name: name))
        if let audiences { deviceGroups.append(audiences.group(of: name)) }
        if let name { deviceNames.insert(name, index: index, in: devices) } else { defaultDevice = index }
        return index
    }

    /// Puts `device` in `group` of ``audiences`` from its next fix on (a device the caller learned
    /// of after setting them); fences it already tracks stay until it leaves them.
    public func setGroup(of device: String, to group: Int32) {
        guard audiences != nil else { return }
        audiences?.groupOfDevice[device] = group
        if let index = lookUpDevice(device) { deviceGroups[index] = group }
    }

    /// Returns every device silent for more than the stale timeout (as of `date`) to unknown states,
    /// e.g. at the end of a trace. Does nothing without a stale timeout.
    public func expireStaleDevices(asOf date: Date) {
        guard let timeout = options.staleTimeout else { return }
        let now = date.timeIntervalSinceReferenceDate
        for i in devices.indices {
            if let last = devices[i].lastTime, now - last > timeout { devices[i].forgetStates() }
        }
        _checkInvariants()
    }

    /// The ids of the fences whose state is inside for `device`, sorted by fence order.
    public func insideFences(device: String?) -> [String] {
        guard let index = lookUpDevice(device) else { return [] }
        return devices[index].tracked.filter { $0.state == .inside }.map { fences[Int($0.fence)].id }
    }
}
