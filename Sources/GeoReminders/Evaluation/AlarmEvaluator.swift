import Foundation
import GeofenceEngine

/// Runs a stream of fixes against a store's incomplete reminders and hands out the alarms that
/// fire, in time order (design notes in docs/alarm-evaluation.md).
///
///     let evaluator = try AlarmEvaluator(store: store, options: EngineOptions(hysteresis: 20))
///     for fix in fixes { try evaluator.feed(fix) { print($0) } }
///     let summary = try evaluator.finish { print($0) }
///
/// Location alarms fire on the first matching transition of their fence from any device; timed
/// alarms fire when the span of admitted fix times covers their instant. In `.commit` mode events are
/// handed out by ``finish(emit:)`` (or a checkpoint, with a reorder window) inside the transaction that
/// records them with the engine's state, so the next run continues the same stream; `.dryRun` never writes.
///
/// Not Sendable: use it from one task (it owns a ``GeofenceEngine``), or from one thread of its own
/// when its store blocks on a server (``EvaluationStore``).
public final class AlarmEvaluator {
    /// The state key used when none is given.
    public static let defaultStateKey = "alarm-evaluation"
    /// 15 minutes: Traccar's threshold for notifying of an event, the age of a phone's backlog after a flight.
    public static let defaultLateAfter: TimeInterval = 15 * 60

    public let mode: EvaluationMode
    /// The zone floating due dates are read in (relative alarms).
    public let floatingZone: TimeZone
    /// nil: events are held until ``finish(emit:)``, which orders them exactly whatever the
    /// interleaving of devices. A number W: an event is released once the newest admitted fix is more
    /// than W seconds past it, and a fix more than W seconds older than the newest admitted fix (of any
    /// device) is dropped as `out-of-order`, so that nothing can precede what was released.
    public let reorderWindow: TimeInterval?
    /// With a reorder window in commit mode, released events are handed out and recorded at most
    /// this many seconds (wall clock) after their release, in a checkpoint transaction; see ``finish(emit:)``.
    public let checkpointInterval: TimeInterval
    public let stateKey: String
    /// An event recorded more than this many seconds after it happened is marked `late` in the outbox.
    public let lateAfter: TimeInterval
    /// False: timed alarms are not armed at all. Evaluators of device partitions (docs/scaling.md)
    /// each see only some devices but all the reminders; only one of them may fire timed alarms.
    public let firesTimedAlarms: Bool
    /// The engine's cumulative statistics (restored from the saved state, then this run's).
    public var statistics: EngineStatistics { engine.statistics }

    let store: any EvaluationStore
    /// One engine, or several deciding disjoint sets of devices on several threads (`shards`).
    let engine: EngineShards
    let alarms: [ArmedAlarm]
    /// Alarm numbers by ``ArmedAlarm/key(reminderID:alarmID:)``, which is also a location alarm's fence id.
    let alarmIndexByKey: [String: Int32]
    /// Which transitions fire which alarms, shared with the threads of ``feedInParallel(produce:)``.
    var transitionAlarms: TransitionAlarms
    /// ``EvaluationState/fenceDigest(id:latitude:longitude:radius:area:)`` of each engine fence, in fence order.
    let fenceDigests: [UInt64]
    var startStatistics = EngineStatistics()
    /// Timed alarms sorted by (instant, alarm); those in `timeAlarms[lo..<hi]` are inside the span.
    let timeAlarms: [(time: Double, alarm: Int32)]
    // Per-fix state skips the runtime exclusivity check, as the engine's does: the evaluator is used
    // from one task and no method re-enters another while holding an access.
    @exclusivity(unchecked) var lo = 0
    @exclusivity(unchecked) var hi = 0
    /// The span of admitted fix times (s since 2001); empty (start > end) before the stream's first fix.
    @exclusivity(unchecked) var spanStart = Double.infinity
    @exclusivity(unchecked) var spanEnd = -Double.infinity
    /// Fixes before this time are dropped and events before it released (reorder window only).
    @exclusivity(unchecked) var horizon = -Double.infinity
    @exclusivity(unchecked) var status: [AlarmStatus]
    /// For a pending alarm, its event's slot in `pending`.
    @exclusivity(unchecked) var pendingSlot: [Int32]
    /// Per alarm, the time of its pending event (valid while pending): most offers come later than
    /// it, and this small array answers them without reaching into `pending`.
    @exclusivity(unchecked) var pendingTime: [Double]
    @exclusivity(unchecked) var pending: [PendingEvent] = []
    @exclusivity(unchecked) var earliestPending = Double.infinity
    /// Released events a commit-mode run hands out at its next checkpoint.
    var released: [PendingEvent] = []
    /// When the last checkpoint committed (system uptime, seconds).
    var lastCheckpoint = ProcessInfo.processInfo.systemUptime
    var reorderDrops = 0
    /// Alarms by the names phones give their regions back; built by the first ``corroborate(_:)``.
    var phoneRegions: PhoneRegionIndex?
    var handedOut = 0
    var finished = false

    /// Loads the incomplete reminders' unfired alarms and the state saved under `stateKey`.
    /// - Parameters:
    ///   - options: the engine's options (hysteresis, max accuracy, initial trigger…); must be the
    ///     same from run to run for the saved state to mean the same thing.
    ///   - floatingZone: where floating due dates are read; the system zone by default.
    ///   - reorderWindow: see ``reorderWindow``; nil holds every event until ``finish(emit:)``.
    ///   - shards: how many threads ``feedInParallel(produce:progress:)`` decides devices on; the
    ///     events are the same for any number.
    ///   - lateAfter: see ``lateAfter``.
    ///   - firesTimedAlarms: see ``firesTimedAlarms``.
    ///   - account: whose the devices the store does not know are (the account feeding a
    ///     trace); nil for the store's first account.
    public init(
        store: any EvaluationStore, options: EngineOptions = EngineOptions(), mode: EvaluationMode = .commit,
        floatingZone: TimeZone = .current, reorderWindow: TimeInterval? = nil, checkpointInterval: TimeInterval = 1,
        stateKey: String = AlarmEvaluator.defaultStateKey, shards: Int = 1,
        lateAfter: TimeInterval = AlarmEvaluator.defaultLateAfter, firesTimedAlarms: Bool = true,
        account: String? = nil
    ) throws {
        self.store = store
        self.firesTimedAlarms = firesTimedAlarms
        self.mode = mode
        self.floatingZone = floatingZone
        self.reorderWindow = reorderWindow
        self.checkpointInterval = checkpointInterval
        self.stateKey = stateKey
        self.lateAfter = lateAfter

        let reminders = try store.incompleteReminders()
        let people = try store.peopleBook()
        var subjects: [Set<String>] = []
        var readers: [[String]] = []
        // Sized once: growing them (rehashing every key) cost about 2 ms of a start with 10,000 places.
        let alarmCount = reminders.reduce(0) { $0 + $1.alarms.count }
        var alarms: [ArmedAlarm] = []
        alarms.reserveCapacity(alarmCount)
        var fences: [Fence] = []
        fences.reserveCapacity(alarmCount)
        var digests: [UInt64] = []
        digests.reserveCapacity(alarmCount)
        var indexByFence: [String: Int32] = [:]
        indexByFence.reserveCapacity(alarmCount)
        var alarmOfFence: [Int32] = []
        alarmOfFence.reserveCapacity(alarmCount)
        var timeAlarms: [(time: Double, alarm: Int32)] = []
        // Creation order, then id: alarm numbers carry the documented tie order (docs/alarm-evaluation.md).
        for reminder in reminders {
            let summary = AlarmEvent.ReminderSummary(reminder)
            // Whom the reminder's alarms fire for: a location alarm tests only their devices; a time
            // alarm, which has no device, names them as whom its alert is for.
            let listMembers = reminder.listID.flatMap { people.listMembers[$0] } ?? []
            let reminderSubjects = reminder.alarmSubjects(listMembers: listMembers)
            for alarm in reminder.alarms where alarm.firedDate == nil {
                let number = Int32(alarms.count)
                if let (location, proximity) = alarm.geofence {
                    let id = ArmedAlarm.key(reminderID: reminder.id, alarmID: alarm.id)
                    let center = Coordinate(latitude: location.latitude, longitude: location.longitude)
                    do {
                        if let area = location.area {
                            fences.append(Fence(id: id, shape: .polygon(try PolygonFence(id: id, rings: area.rings))))
                        } else {
                            fences.append(try .circle(id: id, center: center, radius: location.effectiveRadius))
                        }
                    } catch {
                        throw EvaluationError.badLocation(reminderID: reminder.id, alarmID: alarm.id, reason: error.description)
                    }
                    digests.append(
                        EvaluationState.fenceDigest(
                            id: id, latitude: location.latitude,
                            longitude: location.longitude, radius: location.effectiveRadius, area: location.area?.geoJSON))
                    indexByFence[id] = number
                    alarmOfFence.append(number)
                    alarms.append(ArmedAlarm(reminder: summary, alarm: alarm, location: location, proximity: proximity))
                    subjects.append(reminderSubjects)
                    readers.append(listMembers)
                } else if firesTimedAlarms, let date = alarm.fireDate(due: reminder.dueDate, floatingZone: floatingZone) {
                    timeAlarms.append((date.timeIntervalSinceReferenceDate, number))
                    indexByFence[ArmedAlarm.key(reminderID: reminder.id, alarmID: alarm.id)] = number
                    alarms.append(ArmedAlarm(reminder: summary, alarm: alarm))
                    subjects.append(reminderSubjects)
                    readers.append(listMembers)
                }
            }
        }
        timeAlarms.sort { ($0.time, $0.alarm) < ($1.time, $1.alarm) }
        do {
            engine = try EngineShards(fences: fences, options: options, count: max(1, shards))
        } catch {
            throw EvaluationError.engine(error)
        }
        self.alarms = alarms
        self.alarmIndexByKey = indexByFence
        var transitionAlarms = TransitionAlarms(alarmOfFence: alarmOfFence, proximities: alarms.map(\.proximity))
        if people.isShared {
            let audience = AlarmAudience(
                book: people, alarmSubjects: subjects, alarmReaders: readers,
                defaultAccount: account ?? people.accounts.first?.name ?? Account.firstName)
            transitionAlarms.audience = audience
            // A device tracks only its person's fences: its cost per fix does not grow with other
            // people's places near it (the evaluator's own check stays, for what a saved state holds).
            engine.audiences = FenceAudiences(
                groupsOfFence: alarmOfFence.map { audience.subjects[Int($0)] }, groupOfDevice: audience.owners,
                defaultGroup: audience.defaultOwner)
        }
        self.transitionAlarms = transitionAlarms
        self.timeAlarms = timeAlarms
        self.fenceDigests = digests
        status = Array(repeating: .armed, count: alarms.count)
        pendingSlot = Array(repeating: -1, count: alarms.count)
        pendingTime = Array(repeating: .infinity, count: alarms.count)
        try restoreSavedState(fences: fences, digests: digests)
        try replayFixLog()
        startStatistics = engine.statistics
    }

    /// Runs one fix through the engine and records the alarms it fires. With a reorder window, `emit`
    /// receives the events the fix released (in commit mode, at the next checkpoint, inside its
    /// transaction); without one, events wait for ``finish(emit:)``.
    public func feed(_ fix: Fix, emit: (AlarmEvent) throws -> Void) throws {
        guard !finished else { throw EvaluationError.finished }
        if reorderWindow != nil, let date = fix.time, fix.coordinate.isValid,
            date.timeIntervalSinceReferenceDate < horizon
        {
            reorderDrops += 1
            return
        }
        let disposition: FixDisposition
        if reorderWindow == nil {
            // Every event waits for `finish`: a fence whose alarm has a candidate at t decides
            // nothing that matters for fixes from t on (docs/alarm-evaluation.md), so it retires.
            disposition = engine.feed(fix) { transition in
                guard let event = transitionAlarms.candidate(for: transition), offer(event) else { return }
                engine.retire(fence: Int(transition.fenceIndex), from: Date(timeIntervalSinceReferenceDate: event.time))
            }
        } else {
            disposition = engine.feed(fix) { transition in record(transition) }
        }
        guard disposition == .admitted, let date = fix.time else { return }
        let time = date.timeIntervalSinceReferenceDate
        if time > spanEnd || time < spanStart { extendSpan(to: time) }
        if let reorderWindow, spanEnd - reorderWindow > horizon {
            horizon = spanEnd - reorderWindow
            if earliestPending < horizon { try release(before: horizon, emit: { events in for event in events { try emit(event) } }) }
            if !released.isEmpty,
                released.count >= 256 || ProcessInfo.processInfo.systemUptime - lastCheckpoint >= checkpointInterval
            {
                try checkpoint(emit: { events in for event in events { try emit(event) } })
            }
        }
    }

    /// Feeds fixes in order.
    public func feed<S: Sequence<Fix>>(_ fixes: S, emit: (AlarmEvent) throws -> Void) throws {
        for fix in fixes { try feed(fix, emit: emit) }
    }

    /// Hands out every remaining event in order and, in commit mode, records the fired alarms and the
    /// engine's state in the same transaction (if `emit` throws, that transaction records nothing). Call once.
    @discardableResult
    public func finish(emit: (AlarmEvent) throws -> Void) throws -> EvaluationSummary {
        try finishInBatches { events in for event in events { try emit(event) } }
    }

    /// ``finish(emit:)`` handing the events in ordered batches (a dry run's 8,192 at a time, a
    /// commit's all at once inside its transaction), so that a caller can format many events on
    /// every core.
    @discardableResult
    public func finishInBatches(_ emitAll: (AlarmEvents) throws -> Void) throws -> EvaluationSummary {
        guard !finished else { throw EvaluationError.finished }
        finished = true
        try release(before: .infinity, emit: emitAll)
        if mode == .commit { try checkpoint(emit: emitAll) }
        return EvaluationSummary(statisticsBefore: startStatistics, after: engine.statistics, reorderDrops: reorderDrops, events: handedOut)
    }
}
