import Foundation
import GeofenceEngine

/// A circular region a phone watches with its OS's region monitoring on the store's behalf: one
/// location alarm of an open reminder, as OwnTracks' `setWaypoints` carries it
/// (docs/notifications.md, "OwnTracks: alerts and regions on the phone").
///
/// `id` and `stamp` are derived from the reminder's and the alarm's identifiers alone, so the
/// same alarm is always the same region on the phone (iOS keys a region by `rid`, Android by `tst`)
/// and sending it again replaces rather than duplicates it.
public struct PhoneRegion: Hashable, Sendable {
    /// OwnTracks' `rid`: `gr-` and 12 hexadecimal digits.
    public var id: String
    /// OwnTracks' `tst` of the region (an integer, epoch seconds to the apps), also the `wtst` of
    /// the transitions about it.
    public var stamp: Int
    /// OwnTracks' `desc`: the reminder's title and the place's, without the characters iOS reads
    /// as syntax, unique among the regions sent to one phone.
    public var title: String
    public var latitude: Double
    public var longitude: Double
    /// Whole metres (both apps read an integer `rad`).
    public var radius: Int
    public var reminderID: String
    public var alarmID: String

    public init(
        id: String, stamp: Int, title: String, latitude: Double, longitude: Double, radius: Int, reminderID: String,
        alarmID: String
    ) {
        self.id = id
        self.stamp = stamp
        self.title = title
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.reminderID = reminderID
        self.alarmID = alarmID
    }

    /// iOS monitors at most 20 regions per app (Core Location's limit); Android allows 100.
    public static let phoneLimit = 20

    /// The region's `rid` for an alarm: stable for as long as the reminder and alarm keep their ids.
    public static func id(reminderID: String, alarmID: String) -> String {
        let hash = fnv1a("\(reminderID)/\(alarmID)")
        let hex = String(hash >> 16, radix: 16)
        return "gr-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    }

    /// The region's `tst` for an alarm: 1,000,000,000 plus the hash modulo 600,000,000, a plausible
    /// epoch second (2001–2020) both apps read as a Long and unlikely to meet a region the person
    /// made by hand (those carry the second they were made, recent ones past 2020).
    public static func stamp(reminderID: String, alarmID: String) -> Int {
        1_000_000_000 + Int(fnv1a("\(reminderID)/\(alarmID)") % 600_000_000)
    }

    /// FNV-1a, 64 bits: stable across processes and platforms, unlike Swift's seeded `Hasher`.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The text the store keeps of a set of regions, to tell whether the set changed: one line per
    /// region, every field sent, sorted: the phone merges regions by id, so a set that only comes
    /// in another order (the phone moved) is the same set.
    public static func canonical(_ regions: [PhoneRegion]) -> String {
        regions.map { "\($0.id)|\($0.stamp)|\($0.latitude)|\($0.longitude)|\($0.radius)|\($0.title)" }.sorted().joined(
            separator: "\n")
    }
}
