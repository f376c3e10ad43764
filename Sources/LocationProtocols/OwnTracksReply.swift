import Foundation

/// The body of the answer to an OwnTracks HTTP post: a JSON array of messages the app acts on
/// (docs/notifications.md, "OwnTracks: alerts and regions on the phone").
///
/// Only `transition` and `cmd`/`setWaypoints` are written: both apps know them, and Android decodes
/// the array as a whole, dropping every message of it for one `_type` or `action` it does not know
/// or one `tst`/`rad` that is not an integer (`MessageTransition`, `MessageWaypoint`, `MessageCmd`
/// in owntracks/android). An empty reply is `[]`.
package struct OwnTracksReply: Hashable, Sendable {
    /// A `transition` message: shown by both apps as a notification
    /// ("<tid> enters <desc>" on iOS, "Entering <desc>" in Android's Events notification).
    package struct Transition: Hashable, Sendable, Encodable {
        /// `enter` or `leave` (Android reads anything but `enter` as leaving).
        package var event: String
        package var desc: String
        /// The event's time, epoch seconds (Android: Long).
        package var tst: Int
        /// The region's `tst` (Android: Long), as ``Waypoint/tst``.
        package var wtst: Int
        /// The region's `rid` (iOS); Android ignores it.
        package var rid: String
        /// `c`: a circular region (iOS skips `b`, a beacon).
        package var t = "c"
        package var tid: String
        /// Metres (Android: Float; sent whole).
        package var acc: Int
        package var lat: Double
        package var lon: Double

        package init(event: String, desc: String, tst: Int, wtst: Int, rid: String, tid: String, acc: Int, lat: Double, lon: Double) {
            self.event = event
            self.desc = desc
            self.tst = tst
            self.wtst = wtst
            self.rid = rid
            self.tid = tid
            self.acc = acc
            self.lat = lat
            self.lon = lon
        }

        enum CodingKeys: String, CodingKey {
            case type = "_type"
            case event, desc, tst, wtst, rid, t, tid, acc, lat, lon
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("transition", forKey: .type)
            try container.encode(event, forKey: .event)
            try container.encode(desc, forKey: .desc)
            try container.encode(tst, forKey: .tst)
            try container.encode(wtst, forKey: .wtst)
            try container.encode(rid, forKey: .rid)
            try container.encode(t, forKey: .t)
            try container.encode(tid, forKey: .tid)
            try container.encode(acc, forKey: .acc)
            try container.encode(lat, forKey: .lat)
            try container.encode(lon, forKey: .lon)
        }
    }

    /// A `waypoint` of `setWaypoints`: Android keys it by `tst` and reads `desc`, `lat`, `lon`,
    /// `tst` (Long) and `rad` (Int); iOS keys it by `rid`.
    package struct Waypoint: Hashable, Sendable, Encodable {
        package var desc: String
        package var lat: Double
        package var lon: Double
        package var rad: Int
        package var tst: Int
        package var rid: String

        package init(desc: String, lat: Double, lon: Double, rad: Int, tst: Int, rid: String) {
            self.desc = desc
            self.lat = lat
            self.lon = lon
            self.rad = rad
            self.tst = tst
            self.rid = rid
        }

        enum CodingKeys: String, CodingKey {
            case type = "_type"
            case desc, lat, lon, rad, tst, rid
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("waypoint", forKey: .type)
            try container.encode(desc, forKey: .desc)
            try container.encode(lat, forKey: .lat)
            try container.encode(lon, forKey: .lon)
            try container.encode(rad, forKey: .rad)
            try container.encode(tst, forKey: .tst)
            try container.encode(rid, forKey: .rid)
        }
    }

    package var transitions: [Transition]
    /// The phone's regions to merge into its own; nil: no `setWaypoints` command.
    package var waypoints: [Waypoint]?

    package init(transitions: [Transition] = [], waypoints: [Waypoint]? = nil) {
        self.transitions = transitions
        self.waypoints = waypoints
    }

    /// The body: transitions first, then the command; `[]` for nothing.
    package var json: String {
        var elements = transitions.map { Self.encoded($0) }
        if let waypoints { elements.append(Self.encoded(Command(waypoints: waypoints))) }
        return "[" + elements.joined(separator: ",") + "]"
    }

    /// `{"_type":"cmd","action":"setWaypoints","waypoints":{"_type":"waypoints","waypoints":[...]}}`.
    struct Command: Encodable {
        var waypoints: [Waypoint]

        enum CodingKeys: String, CodingKey {
            case type = "_type"
            case action, waypoints
        }

        enum CollectionKeys: String, CodingKey {
            case type = "_type"
            case waypoints
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("cmd", forKey: .type)
            try container.encode("setWaypoints", forKey: .action)
            var collection = container.nestedContainer(keyedBy: CollectionKeys.self, forKey: .waypoints)
            try collection.encode("waypoints", forKey: .type)
            try collection.encode(waypoints, forKey: .waypoints)
        }
    }

    static func encoded(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, integers and finite doubles only: encoding cannot fail.
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
