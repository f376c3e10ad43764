import GeoReminders
import LocationProtocols

extension OwnTracksReply {
    /// The tracker id the phone shows for georemind's alerts (iOS: "gr enters …").
    static let trackerID = "gr"

    /// `reply` in OwnTracks' words: each alert a `transition`, the regions a `setWaypoints`.
    init(_ reply: PhoneReply) {
        self.init(
            transitions: reply.alerts.map { alert in
                Transition(
                    event: alert.event.rawValue, desc: alert.text, tst: Int(alert.time.timeIntervalSince1970.rounded(.down)),
                    wtst: alert.regionStamp, rid: alert.regionID, tid: Self.trackerID, acc: alert.accuracy,
                    lat: alert.latitude, lon: alert.longitude)
            },
            waypoints: reply.regions.map { regions in
                regions.map {
                    Waypoint(desc: $0.title, lat: $0.latitude, lon: $0.longitude, rad: $0.radius, tst: $0.stamp, rid: $0.id)
                }
            })
    }
}
