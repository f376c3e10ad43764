import Foundation
import GeofenceEngine

/// Live evaluation, for a server: fixes arrive from many devices as they happen, the wall clock
/// moves the timed alarms, and each batch of requests is committed before it is answered.
extension AlarmEvaluator {
    /// Runs one fix through the engine (per-device order and the admission filters as in `feed`)
    /// and returns what the engine made of it. Events wait for ``commitLive(emit:)``.
    public func admit(_ fix: Fix) throws -> FixDisposition {
        guard !finished else { throw EvaluationError.finished }
        try learnOwner(of: fix.device)
        let disposition = engine.feed(fix) { transition in record(transition) }
        if disposition == .admitted, let date = fix.time {
            let time = date.timeIntervalSinceReferenceDate
            if time > spanEnd || time < spanStart { extendSpan(to: time) }
        }
        return disposition
    }

    /// Asks the store whose a device first seen since the evaluator loaded is (a server registers
    /// a phone's device to its token's account before handing its first fix over).
    func learnOwner(of device: String?) throws {
        guard let device, let audience = transitionAlarms.audience, audience.owners[device] == nil else { return }
        let account = try store.deviceAccount(device)
        let number = account.map { audience.accountNumbers[$0] ?? -1 } ?? audience.defaultOwner
        transitionAlarms.audience?.owners[device] = number
        engine.setGroup(of: device, to: number)
    }

    /// Moves the stream's clock to `now`: timed alarms due by then fire although no fix came, and
    /// fixes more than ``futureTolerance`` ahead of it are refused as `bad-time` from now on.
    public func advanceClock(to now: Date) {
        let time = now.timeIntervalSinceReferenceDate
        if time > spanEnd { extendSpan(to: time) }
        engine.latestAdmissibleTime = time + Self.futureTolerance
    }

    /// How far ahead of the server's clock a live fix's time may be (phones' clocks drift, and a
    /// phone's time zone mistakes are whole hours, which are refused). Docs: docs/alarm-evaluation.md.
    public static let futureTolerance: TimeInterval = 600

    /// The instant of the next timed alarm still to fire, if any.
    public var nextTimedAlarm: Date? {
        var index = hi
        if spanStart > spanEnd { index = 0 }
        return index < timeAlarms.count ? Date(timeIntervalSinceReferenceDate: timeAlarms[index].time) : nil
    }

    /// Hands out every event so far, in order, and records the fired alarms in one transaction
    /// (`emit` runs inside it); the evaluator stays open for the next batch.
    ///
    /// With `logging`, the transaction appends those fixes (the batch's admitted ones) to the
    /// store's fix log rather than saving the whole state: a commit then costs the batch, not every
    /// device and fence. Without it the whole state is saved and the log emptied; a server does
    /// that every so often, at shutdown and before reloading.
    @discardableResult
    public func commitLive(logging fixes: [Fix]? = nil, emit: (AlarmEvent) throws -> Void) throws -> Int {
        guard !finished else { throw EvaluationError.finished }
        try release(before: .infinity) { events in for event in events { try emit(event) } }
        let count = released.count
        try checkpoint(emit: { events in for event in events { try emit(event) } }, logging: fixes)
        return count
    }
}

extension AlarmEvaluator {
    /// Each device's last admitted fix and the location alarms whose places it is inside, keyed
    /// by reminder identifier: what a live map shows. O(devices); asked for when someone looks.
    public func deviceStates() -> [DeviceState] {
        engine.snapshot().devices.map { device in
            DeviceState(
                device: device.device, latitude: device.lastLatitude, longitude: device.lastLongitude, time: device.lastTime,
                insideReminderIDs: device.fences.compactMap { $0.state == .inside ? Self.reminderID(ofFence: $0.fence) : nil })
        }
    }

    /// The reminders whose places `device` is inside now: one device's part of ``deviceStates()``,
    /// without a snapshot of every device.
    public func insideReminderIDs(of device: String) -> [String] {
        engine.insideFences(device: device).compactMap(Self.reminderID(ofFence:))
    }

    /// The reminder a location alarm's fence stands for (fence ids are `reminder/alarm`).
    static func reminderID(ofFence fence: String) -> String? {
        fence.firstIndex(of: "/").map { String(fence[..<$0]) }
    }

    /// A device as the engine knows it now.
    public struct DeviceState: Sendable, Equatable {
        public var device: String?
        public var latitude: Double
        public var longitude: Double
        public var time: Date?
        /// Reminders with a location alarm whose place the device is inside.
        public var insideReminderIDs: [String]
    }
}
