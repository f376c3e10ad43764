import Foundation
import GeofenceEngine
import Synchronization
import Testing
import TraceFormats

@testable import GeoReminders

/// ``RegionCatalog`` chooses what ``PhoneRegion/nearest(to:among:limit:)`` chooses from the store,
/// while reading the store once a second and reusing a phone's choice while it cannot change.
@Suite struct RegionCatalogTests {
    /// 1,000 places in 20 × 20 km, a fifth of them Ben's; the rest are Anna's.
    func world() -> (reminders: [Reminder], book: PeopleBook) {
        var generator = SplitMix64(seed: 11)
        let reminders = (0..<1000).map { n in
            let place = StructuredLocation(
                title: "Place \(n % 300)", latitude: 47.3 + generator.nextUnit() * 0.18, longitude: 8.4 + generator.nextUnit() * 0.26,
                radius: 50 + generator.nextUnit() * 200)
            var reminder = Reminder(id: "r\(n)", title: "Errand", alarms: [.location(place, n % 2 == 0 ? .enter : .leave)])
            reminder.creator = n % 5 == 0 ? "ben" : "anna"
            return reminder
        }
        let book = PeopleBook(
            accounts: [Account(name: "anna", isAdmin: true), Account(name: "ben")], deviceAccounts: ["annas": "anna", "bens": "ben"])
        return (reminders, book)
    }

    /// A stamp numbered `n`: another number says the store changed.
    static func stamp(_ book: PeopleBook, _ n: Double) -> RegionStamp {
        RegionStamp(reminders: [n], accounts: book.accounts, listMembers: book.listMembers)
    }

    @Test func aWalkingPhoneGetsExactlyTheNearestOfItsPersonsRegions() throws {
        let (reminders, book) = world()
        let catalog = RegionCatalog()
        var reads = 0
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var generator = SplitMix64(seed: 3)
        for phone in ["annas", "bens"] {
            let account = book.deviceAccounts[phone]!
            let own = reminders.filter { $0.creator == account }
            var position = Coordinate(latitude: 47.39, longitude: 8.53)
            for step in 0..<200 {
                // Mostly short steps (the choice is reused), sometimes a jump.
                let jump = step % 25 == 0 ? 0.01 : 0.0002
                position = Coordinate(
                    latitude: position.latitude + (generator.nextUnit() - 0.5) * jump,
                    longitude: position.longitude + (generator.nextUnit() - 0.5) * jump)
                let chosen = try catalog.regions(
                    for: phone, at: position, limit: 20, now: now, account: { book.deviceAccounts[phone] }, stamp: { Self.stamp(book, 1) }
                ) {
                    reads += 1
                    return (reminders, book)
                }
                let expected = PhoneRegion.nearest(to: position, among: own, limit: 20)
                #expect(Set(chosen.map(\.id)) == Set(expected.map(\.id)), "step \(step)")
                #expect(chosen.count == 20)
            }
        }
        #expect(reads == 1)
    }

    @Test func theStoreIsReadAgainAfterMaxAgeAndAskedWhoseANewPhoneIs() throws {
        let (reminders, book) = world()
        let catalog = RegionCatalog(maxAge: 1)
        var reads = 0
        var asked: [String] = []
        var current = (reminders: Array(reminders.prefix(10)), book: book)
        func read() -> (reminders: [Reminder], book: PeopleBook) {
            reads += 1
            return current
        }
        func account(_ phone: String) -> String? {
            asked.append(phone)
            return current.book.deviceAccounts[phone]
        }
        func stamp() -> RegionStamp { Self.stamp(current.book, Double(current.reminders.count)) }
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let here = Coordinate(latitude: 47.39, longitude: 8.53)
        _ = try catalog.regions(for: "annas", at: here, limit: 20, now: start, account: { account("annas") }, stamp: stamp, read: read)
        current.reminders = reminders
        // Within the second: the catalogue as read.
        #expect(
            try catalog.regions(
                for: "annas", at: here, limit: 20, now: start.addingTimeInterval(0.5), account: { account("annas") }, stamp: stamp,
                read: read
            ).count == 8)
        #expect(reads == 1 && asked.isEmpty)
        // A phone the catalogue does not know: the store says whose it is, at once, once.
        current.book.deviceAccounts["new"] = "ben"
        for _ in 0..<2 {
            let bens = try catalog.regions(
                for: "new", at: here, limit: 20, now: start.addingTimeInterval(0.6), account: { account("new") }, stamp: stamp, read: read)
            #expect(bens.map(\.reminderID).sorted() == reminders.prefix(10).filter { $0.creator == "ben" }.map(\.id).sorted())
        }
        #expect(reads == 1 && asked == ["new"])
        // A phone of an account the catalogue has not seen: new people, so everything is read again.
        current.book.accounts.append(Account(name: "cleo"))
        current.book.deviceAccounts["cleos"] = "cleo"
        #expect(
            try catalog.regions(
                for: "cleos", at: here, limit: 20, now: start.addingTimeInterval(0.7), account: { account("cleos") }, stamp: stamp,
                read: read
            ).isEmpty)
        #expect(reads == 2)
        // After a second: read again, and the phone's choice follows.
        current.reminders = Array(reminders.prefix(3))
        let later = try catalog.regions(
            for: "annas", at: here, limit: 20, now: start.addingTimeInterval(2.7), account: { account("annas") }, stamp: stamp, read: read)
        #expect(reads == 3)
        #expect(later.map(\.reminderID).sorted() == reminders.prefix(3).filter { $0.creator == "anna" }.map(\.id).sorted())
    }

    /// Many phones posting when the catalogue grows old: one reads the store, the others go on
    /// with the old catalogue meanwhile instead of each reading it too.
    @Test func aStaleCatalogueIsReadByOnePostWhileTheOthersUseTheOldOne() throws {
        let (reminders, book) = world()
        let catalog = RegionCatalog(maxAge: 1)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let position = Coordinate(latitude: 47.39, longitude: 8.53)
        let before = try catalog.regions(
            for: "annas", at: position, limit: 20, now: start, account: { book.deviceAccounts["annas"] }, stamp: { Self.stamp(book, 1) }
        ) {
            (reminders, book)
        }
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        final class Slot: Sendable { let regions = Mutex<[PhoneRegion]?>(nil) }
        let refreshed = Slot()
        let refresher = Thread {
            let regions = try? catalog.regions(
                for: "annas", at: position, limit: 20, now: start + 2, account: { book.deviceAccounts["annas"] },
                stamp: { Self.stamp(book, 2) }
            ) {
                entered.signal()
                release.wait()
                return (Array(reminders.prefix(10)), book)
            }
            refreshed.regions.withLock { $0 = regions }
        }
        refresher.start()
        entered.wait()
        // Another phone posts while the store is being read: it is answered from the old catalogue.
        var readAgain = false
        let meanwhile = try catalog.regions(
            for: "bens", at: position, limit: 20, now: start + 2, account: { book.deviceAccounts["bens"] }, stamp: { Self.stamp(book, 1) }
        ) {
            readAgain = true
            return (reminders, book)
        }
        #expect(!readAgain)
        #expect(
            Set(meanwhile.map(\.id))
                == Set(PhoneRegion.nearest(to: position, among: reminders.filter { $0.creator == "ben" }, limit: 20).map(\.id)))
        release.signal()
        while refreshed.regions.withLock({ $0 }) == nil { Thread.sleep(forTimeInterval: 0.01) }
        // The read's catalogue serves from then on.
        let fresh = PhoneRegion.nearest(to: position, among: reminders.prefix(10).filter { $0.creator == "anna" }, limit: 20)
        #expect(Set(refreshed.regions.withLock { $0 }?.map(\.id) ?? []) == Set(fresh.map(\.id)))
        let after = try catalog.regions(
            for: "annas", at: position, limit: 20, now: start + 2.5, account: { book.deviceAccounts["annas"] },
            stamp: { Self.stamp(book, 1) }
        ) {
            readAgain = true
            return (reminders, book)
        }
        #expect(!readAgain && Set(after.map(\.id)) == Set(fresh.map(\.id)) && before.count == 20)
    }

    /// A read that finds the alarms as they were (what happens nearly every second) keeps every
    /// phone's choice; one that finds them changed, or a phone given to another person, does not.
    @Test func aReadThatFindsNothingChangedKeepsThePhonesChoices() throws {
        let (reminders, book) = world()
        let catalog = RegionCatalog(maxAge: 1)
        var current = (reminders: reminders, book: book)
        var reads = 0
        func read() -> (reminders: [Reminder], book: PeopleBook) {
            reads += 1
            return current
        }
        func account(_ phone: String) -> String? { current.book.deviceAccounts[phone] }
        // Every stamp differs: each catalogue grown old reads every reminder.
        var stamps = 0.0
        func stamp() -> RegionStamp {
            stamps += 1
            return Self.stamp(current.book, stamps)
        }
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let here = Coordinate(latitude: 47.39, longitude: 8.53)
        let annas = try catalog.regions(
            for: "annas", at: here, limit: 20, now: start, account: { account("annas") }, stamp: stamp, read: read)
        _ = try catalog.regions(for: "bens", at: here, limit: 20, now: start, account: { account("bens") }, stamp: stamp, read: read)
        #expect(catalog.scans.load(ordering: .relaxed) == 2)
        // Read again, the same alarms, and a device added: both choices stand.
        current.book.deviceAccounts["new"] = "ben"
        #expect(
            try catalog.regions(
                for: "annas", at: here, limit: 20, now: start + 1.5, account: { account("annas") }, stamp: stamp, read: read) == annas)
        _ = try catalog.regions(for: "bens", at: here, limit: 20, now: start + 1.6, account: { account("bens") }, stamp: stamp, read: read)
        #expect(reads == 2)
        #expect(catalog.scans.load(ordering: .relaxed) == 2)
        // Anna's phone is now Ben's: it is chosen again, from Ben's alarms.
        current.book.deviceAccounts["annas"] = "ben"
        let given = try catalog.regions(
            for: "annas", at: here, limit: 20, now: start + 3, account: { account("annas") }, stamp: stamp, read: read)
        #expect(catalog.scans.load(ordering: .relaxed) == 3)
        #expect(
            Set(given.map(\.id)) == Set(PhoneRegion.nearest(to: here, among: reminders.filter { $0.creator == "ben" }, limit: 20).map(\.id))
        )
        // An alarm edited: the next read chooses again.
        current.reminders[0].title = "Errand, edited"
        _ = try catalog.regions(for: "bens", at: here, limit: 20, now: start + 4.5, account: { account("bens") }, stamp: stamp, read: read)
        #expect(reads == 4)
        #expect(catalog.scans.load(ordering: .relaxed) == 4)
    }

    /// While the stamp stays the same, a catalogue grown old is not read again, up to
    /// ``RegionCatalog/fullReadInterval``; a stamp that moved reads every reminder at once.
    @Test func anUnchangedStampSparesTheReadUntilTheFullReadInterval() throws {
        let (reminders, book) = world()
        let catalog = RegionCatalog(maxAge: 1)
        var reads = 0
        var stampReads = 0
        var fingerprint = 1.0
        func read() -> (reminders: [Reminder], book: PeopleBook) {
            reads += 1
            return (reminders, book)
        }
        func stamp() -> RegionStamp {
            stampReads += 1
            return Self.stamp(book, fingerprint)
        }
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let here = Coordinate(latitude: 47.39, longitude: 8.53)
        func post(at seconds: Double) throws -> [PhoneRegion] {
            try catalog.regions(
                for: "annas", at: here, limit: 20, now: start + seconds, account: { book.deviceAccounts["annas"] }, stamp: stamp,
                read: read)
        }
        let first = try post(at: 0)
        for second in stride(from: 2.0, through: 28, by: 2) { #expect(try post(at: second) == first) }
        #expect(reads == 1 && stampReads == 15)
        // Past the full-read interval: read although nothing moved.
        _ = try post(at: 31)
        #expect(reads == 2)
        // The store changed: read at the next post after the catalogue grew old.
        fingerprint = 2
        _ = try post(at: 31.5)
        #expect(reads == 2)
        _ = try post(at: 32.5)
        #expect(reads == 3 && stampReads == 17)
    }
}
