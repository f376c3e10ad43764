import Foundation
import GeofenceEngine

/// OwnTracks HTTP mode: one JSON message per POST (<https://owntracks.org/booklet/tech/json/>).
///
/// `location`: `lat`, `lon`, `tst` (epoch s), `acc` (m), `alt`, `vel` (km/h), `batt`, `tid`.
/// The device is `X-Limit-U`/`X-Limit-D`, lowercased as the OwnTracks Recorder does, else the
/// `topic` (`owntracks/USER/DEVICE`), else the Basic user alone. A `transition` is the phone's
/// word that it crossed a region it watches (``ReportedCrossing``). Any other `_type` (waypoint(s),
/// status, lwt, card...) and a zero-length body are accepted and ignored: the iOS app deletes a
/// message for good on any 4xx.
package enum OwnTracksMessage {
    package static func decode(
        body: [UInt8], limitUser: String?, limitDevice: String?,
        basicUser: String?
    ) throws(LocationProtocolError) -> LocationReport {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return LocationReport(fixes: [], ignored: ["empty"])
        }
        return try body.withUnsafeBufferPointer { bytes throws(LocationProtocolError) in
            guard JSONBody.opens(bytes) == UInt8(ascii: "{") else { throw JSONBody.refusal(bytes) }
            guard let message = JSONBody.members(bytes) else { throw .malformedJSON(detail: "not JSON") }
            var type = "unknown"
            if case .text(let text) = message.last("_type")?.loose { type = text }
            guard type == "location" || type == "transition" else { return LocationReport(fixes: [], ignored: [type]) }
            var topic: String?
            if case .text(let text) = message.last("topic")?.loose { topic = text }
            let device = try deviceName(limitUser: limitUser, limitDevice: limitDevice, topic: topic, basicUser: basicUser)
            if type == "transition" {
                guard let crossing = crossing(message, device: device) else { return LocationReport(fixes: [], ignored: [type]) }
                return LocationReport(fixes: [], crossings: [crossing])
            }
            let coordinate = try FieldValues.coordinate(latitude: message.last("lat")?.loose, longitude: message.last("lon")?.loose)
            let time = try FieldValues.time(message.last("tst")?.loose, field: "tst")
            let reading = DeviceReading(
                device: device, time: time, speed: FieldValues.speed(message.last("vel")?.loose, in: .kilometresPerHour),
                battery: FieldValues.battery(message.last("batt")?.loose, percent: true),
                altitude: FieldValues.altitude(message.last("alt")?.loose))
            return LocationReport(
                fixes: [
                    Fix(time: time, coordinate: coordinate, accuracy: FieldValues.accuracy(message.last("acc")?.loose), device: device)
                ],
                readings: [reading])
        }
    }

    /// A `transition` (`event` enter or leave, `wtst`, `rid` on iOS, `t`, `tst`, `lat`/`lon`,
    /// `acc`) as evidence of a crossing; nil, to be counted and ignored, when it names no region or
    /// event, or carries no usable time or position (the apps send them all: a 400 would only make
    /// the iOS app delete the message).
    static func crossing(_ message: [JSONMember], device: String) -> ReportedCrossing? {
        let kind: Transition.Kind
        switch FieldValues.string(message.last("event")?.loose) {
        case "enter": kind = .enter
        case "leave": kind = .leave
        default: return nil
        }
        let regionID = FieldValues.string(message.last("rid")?.loose).flatMap { $0.isEmpty ? nil : $0 }
        let regionStamp = FieldValues.number(message.last("wtst")?.loose).flatMap { $0.isFinite && abs($0) < 1e15 ? Int($0) : nil }
        guard regionID != nil || regionStamp != nil,
            let time = try? FieldValues.time(message.last("tst")?.loose, field: "tst"),
            let coordinate = try? FieldValues.coordinate(latitude: message.last("lat")?.loose, longitude: message.last("lon")?.loose)
        else { return nil }
        return ReportedCrossing(
            kind: kind, regionID: regionID, regionStamp: regionStamp,
            trigger: FieldValues.string(message.last("t")?.loose).flatMap(ReportedCrossing.Trigger.init(rawValue:)),
            fix: Fix(time: time, coordinate: coordinate, accuracy: FieldValues.accuracy(message.last("acc")?.loose), device: device))
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
