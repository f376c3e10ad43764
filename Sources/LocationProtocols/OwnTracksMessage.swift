import Foundation
import GeofenceEngine

/// OwnTracks HTTP mode: one JSON message per POST (<https://owntracks.org/booklet/tech/json/>).
///
/// `location`: `lat`, `lon`, `tst` (epoch s), `acc` (m), `alt`, `vel` (km/h), `batt`, `tid`.
/// The device is `X-Limit-U`/`X-Limit-D`, lowercased as the OwnTracks Recorder does, else the
/// `topic` (`owntracks/USER/DEVICE`), else the Basic user alone. Any other `_type` (transition,
/// waypoint(s), status, lwt, card...) and a zero-length body are accepted and ignored: the iOS app
/// deletes a message for good on any 4xx.
public enum OwnTracksMessage {
    public static func decode(
        body: [UInt8], limitUser: String?, limitDevice: String?,
        basicUser: String?
    ) throws(LocationProtocolError) -> LocationReport {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return LocationReport(fixes: [], ignored: ["empty"])
        }
        let message: Message
        do {
            message = try JSONDecoder().decode(Message.self, from: Data(body))
        } catch {
            if case .typeMismatch(_, let context) = error as? DecodingError, context.codingPath.isEmpty {
                throw .malformedJSON(detail: "not a JSON object")
            }
            throw .malformedJSON(detail: "not JSON")
        }
        var type = "unknown"
        if case .text(let text) = message.type?.loose { type = text }
        guard type == "location" else { return LocationReport(fixes: [], ignored: [type]) }
        var topic: String?
        if case .text(let text) = message.topic?.loose { topic = text }
        let device = try deviceName(limitUser: limitUser, limitDevice: limitDevice, topic: topic, basicUser: basicUser)
        let coordinate = try FieldValues.coordinate(latitude: message.lat?.loose, longitude: message.lon?.loose)
        let time = try FieldValues.time(message.tst?.loose, field: "tst")
        return LocationReport(fixes: [
            Fix(
                time: time, coordinate: coordinate,
                accuracy: FieldValues.accuracy(message.acc?.loose), device: device)
        ])
    }

    /// The members georemind reads (`JSONDecoder` skips the rest: `alt`, `vel`, `batt`, `tid`...).
    private struct Message: Decodable {
        var type: LooseText?
        var topic: LooseText?
        var lat: LooseNumber?
        var lon: LooseNumber?
        var tst: LooseNumber?
        var acc: LooseNumber?

        enum CodingKeys: String, CodingKey {
            case type = "_type"
            case topic, lat, lon, tst, acc
        }
    }

    /// `user/device` as the Recorder names it: from the X-Limit headers, lowercased.
    static func deviceName(
        limitUser: String?, limitDevice: String?, topic: String?,
        basicUser: String?
    ) throws(LocationProtocolError) -> String {
        if let user = limitUser?.lowercased(), !user.isEmpty {
            if let device = limitDevice?.lowercased(), !device.isEmpty { return "\(user)/\(device)" }
            return user
        }
        if let topic {
            let parts = topic.split(separator: "/")
            if parts.count >= 3, parts[0] == "owntracks" { return "\(parts[1])/\(parts[2])".lowercased() }
        }
        if let basicUser, !basicUser.isEmpty { return basicUser.lowercased() }
        throw .noDevice
    }
}
