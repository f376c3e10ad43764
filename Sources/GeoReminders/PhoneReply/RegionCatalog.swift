import Foundation
import GeofenceEngine
import Synchronization

/// The open location alarms as phone regions, built from the store at most once a ``maxAge`` rather
/// than for every post, and each phone's last choice with how far the phone may move before that
/// choice can change: a post then costs a distance, not a read and a sort of every reminder.
///
/// An edit reaches the regions within ``maxAge``: once the catalogue is that old, one post reads a
/// ``RegionStamp`` (a few aggregates) and reads every reminder only when the stamp moved, or every
/// ``fullReadInterval`` (on PostgreSQL a working copy of 10,000 reminders every second took most of
/// a core). Posts arriving meanwhile use the old catalogue (64 phones posting at once had each read
/// everything). For a device the catalogue does not know yet (a phone seen for the first time) it
/// asks the store whose it is at once, so a phone is never taken for another account's.
public final class RegionCatalog: Sendable {
    /// How long a built catalogue serves before the store is read again.
    public let maxAge: TimeInterval

    public init(maxAge: TimeInterval = 1) {
        self.maxAge = maxAge
    }

    /// One alarm's region, with the accounts it fires for.
    struct Candidate: Sendable, Equatable {
        var region: PhoneRegion
        var subjects: Set<String>
    }

    /// What the store said when the catalogue was built.
    struct Built: Sendable {
        var date: Date
        /// When every reminder was last read (``date`` also moves when only the stamp was).
        var readDate: Date
        var stamp: RegionStamp
        /// Moves only when what the store said changed: a read that found the same candidates keeps
        /// the phones' choices (10,000 phones would otherwise each scan every candidate again after
        /// every read).
        var version: Int
        var candidates: [Candidate]
        var book: PeopleBook
        /// The candidates each account watches, filled as accounts post (on a store without
        /// people, every candidate, under "").
        var byAccount: [String: CandidateGrid] = [:]
    }

    /// A phone's last choice: from where, and how far it may move before another could be nearer.
    struct Choice: Sendable {
        var version: Int
        var account: String
        var position: Coordinate
        var slack: Double
        var regions: [PhoneRegion]
    }

    private struct State: Sendable {
        var built: Built?
        var choices: [String: Choice] = [:]
        /// A post is reading the store because the catalogue grew old.
        var refreshing = false
    }

    private let state = Mutex(State())
    /// How many choices were made by scanning the candidates (the rest reused a phone's last one).
    let scans = Atomic<Int>(0)

    /// Forgets what was read: the next post reads the store again.
    public func invalidate() {
        state.withLock { $0 = State() }
    }

    /// The regions of the `limit` alarms nearest `position` that `phone`'s person watches, nearest
    /// first, as ``PhoneRegion/nearest(to:among:limit:)`` chooses them from the store.
    /// - Parameters:
    ///   - account: the account the store says `phone` is registered to (nil: none).
    ///   - stamp: what the candidates depend on, read cheaply: while it stays the same, every
    ///     reminder is read again only every ``fullReadInterval``.
    ///   - read: the open reminders and the people, as the store has them now.
    public func regions(
        for phone: String, at position: Coordinate, limit: Int, now: Date = Date(),
        account lookUpAccount: () throws -> String?,
        stamp readStamp: () throws -> RegionStamp,
        read: () throws -> (reminders: [Reminder], book: PeopleBook)
    ) throws -> [PhoneRegion] {
        var (current, reads, refreshes) = state.withLock { state -> (Built?, Bool, Bool) in
            guard let built = state.built else { return (nil, true, false) }
            guard now.timeIntervalSince(built.date) > maxAge, !state.refreshing else { return (built, false, false) }
            state.refreshing = true
            return (built, true, true)
        }
        if !reads, let known = current, known.book.isShared, known.book.deviceAccounts[phone] == nil {
            // An account the catalogue has not seen is new people: read everything.
            if let account = try lookUpAccount(), known.book.accounts.contains(where: { $0.name == account }) {
                current?.book.deviceAccounts[phone] = account
                state.withLock { state in
                    if state.built?.version == known.version { state.built?.book.deviceAccounts[phone] = account }
                }
            } else {
                reads = true
            }
        }
        var built = current
        if reads {
            defer { if refreshes { state.withLock { $0.refreshing = false } } }
            let stamp = try readStamp()
            if refreshes, let old = current, old.stamp == stamp, now.timeIntervalSince(old.readDate) < Self.fullReadInterval {
                built = state.withLock { state -> Built in
                    if let newest = state.built, newest.date <= now { state.built?.date = now }
                    return state.built ?? old
                }
            } else {
                built = try readAll(now: now, stamp: stamp, read: read)
            }
        }
        guard let built else { return [] }
        return choose(for: phone, at: position, limit: limit, in: built)
    }

    /// How often every reminder is read although the stamp stayed the same: what the stamp does
    /// not see (a device moved to another account) reaches the regions within this.
    static let fullReadInterval: TimeInterval = 30

    /// Reads every reminder and the people, and keeps the catalogue they make (its version moves
    /// only when the candidates or the accounts did).
    private func readAll(now: Date, stamp: RegionStamp, read: () throws -> (reminders: [Reminder], book: PeopleBook)) throws -> Built {
        let (reminders, book) = try read()
        let candidates = Self.candidates(reminders, book: book)
        return state.withLock { state -> Built in
            guard let old = state.built else {
                state.built = Built(date: now, readDate: now, stamp: stamp, version: 0, candidates: candidates, book: book)
                return state.built!
            }
            // A read that started before the newest one says nothing newer.
            guard old.date <= now else { return old }
            // A device added changes no candidate: each choice remembers its phone's account.
            if old.candidates == candidates && old.book.accounts == book.accounts {
                state.built?.date = now
                state.built?.readDate = now
                state.built?.stamp = stamp
                state.built?.book = book
            } else {
                state.built = Built(
                    date: now, readDate: now, stamp: stamp, version: old.version + 1, candidates: candidates, book: book)
                if state.choices.count > 100_000 { state.choices.removeAll() }
            }
            return state.built!
        }
    }

    /// The phone's last choice while it still holds, else the nearest of its person's candidates.
    private func choose(for phone: String, at position: Coordinate, limit: Int, in built: Built) -> [PhoneRegion] {
        let account = built.book.deviceAccounts[phone] ?? built.book.accounts.first?.name ?? Account.firstName
        if let choice = state.withLock({ $0.choices[phone] }), choice.version == built.version, choice.account == account,
            Geodesic.wgs84.distance(from: choice.position, to: position) < choice.slack
        {
            return choice.regions
        }
        let watchedBy = built.book.isShared ? account : ""
        let watched: CandidateGrid
        if let known = state.withLock({ $0.built?.version == built.version ? $0.built?.byAccount[watchedBy] : nil }) {
            watched = known
        } else {
            watched = CandidateGrid(built.book.isShared ? built.candidates.filter { $0.subjects.contains(account) } : built.candidates)
            state.withLock { state in
                if state.built?.version == built.version { state.built?.byAccount[watchedBy] = watched }
            }
        }
        let (regions, slack) = Self.nearest(
            to: position, among: watched.candidates, at: watched.near(position, limit: limit), limit: limit)
        scans.add(1, ordering: .relaxed)
        state.withLock {
            $0.choices[phone] = Choice(version: built.version, account: account, position: position, slack: slack, regions: regions)
        }
        return regions
    }

    static func candidates(_ reminders: [Reminder], book: PeopleBook) -> [Candidate] {
        var candidates: [Candidate] = []
        for reminder in reminders where !reminder.isCompleted {
            let subjects = reminder.alarmSubjects(listMembers: reminder.listID.flatMap { book.listMembers[$0] } ?? [])
            for region in PhoneRegion.regions(of: reminder) {
                candidates.append(Candidate(region: region, subjects: subjects))
            }
        }
        return candidates
    }

    /// The `limit` nearest, exactly by geodesic distance (ties by id), and half the gap between the
    /// last chosen and the first left out: a phone that moves less cannot have another set.
    static func nearest(to position: Coordinate, among candidates: [Candidate], limit: Int) -> (
        regions: [PhoneRegion], slack: Double
    ) {
        nearest(to: position, among: candidates, at: Array(candidates.indices), limit: limit)
    }

    /// As ``nearest(to:among:limit:)``, among the candidates at `indices` only.
    static func nearest(to position: Coordinate, among candidates: [Candidate], at indices: [Int], limit: Int) -> (
        regions: [PhoneRegion], slack: Double
    ) {
        guard limit > 0, !indices.isEmpty else { return ([], .infinity) }
        // A flat-earth distance orders the many cheaply; the exact one decides among the few near
        // the cut, which the margin keeps (its error is far below 1% at phone distances).
        let scale = cos(position.latitude * .pi / 180)
        let approximate = indices.map { CandidateGrid.approximate(from: position, scale: scale, to: candidates[$0].region) }
        // The cut: just past the (limit + 1)-th nearest by that distance.
        let cut = CandidateGrid.smallest(min(limit + 1, approximate.count), of: approximate) * 1.02 + 100
        let near = approximate.indices.filter { approximate[$0] <= cut }.map { indices[$0] }
        let exact = near.map { (distance: Geodesic.wgs84.distance(from: position, to: candidates[$0].region.centre), index: $0) }
            .sorted { first, second in
                first.distance != second.distance
                    ? first.distance < second.distance : candidates[first.index].region.id < candidates[second.index].region.id
            }
        let chosen = exact.prefix(limit)
        let slack = exact.count > limit ? (exact[limit].distance - exact[limit - 1].distance) / 2 : .infinity
        return (PhoneRegion.uniquelyTitled(chosen.map { candidates[$0.index].region }), slack)
    }
}
