import Foundation
import GeofenceEngine

/// Who sent an OwnTracks message and when, whatever its `_type`: what the reply to it depends on
/// (a phone acknowledges a reply by sending a message with a later `tst`, docs/notifications.md).
package struct OwnTracksEnvelope: Hashable, Sendable {
    /// The device name, as ``OwnTracksMessage/decode(body:limitUser:limitDevice:basicUser:)`` names it.
    package var device: String
    package var type: String
    /// The message's `tst` (epoch s); nil when it has none that reads.
    package var time: Date?
    /// The position of a `location` message; nil for every other type.
    package var position: Coordinate?

    package init(device: String, type: String, time: Date?, position: Coordinate?) {
        self.device = device
        self.type = type
        self.time = time
        self.position = position
    }
}

extension OwnTracksMessage {
    /// The envelope of one message; nil for a body that is empty, not a JSON object, or names no
    /// device (it gets an empty reply).
    package static func envelope(body: [UInt8], limitUser: String?, limitDevice: String?, basicUser: String?) -> OwnTracksEnvelope? {
        body.withUnsafeBufferPointer { bytes in
            guard JSONBody.opens(bytes) == UInt8(ascii: "{"), let message = JSONBody.members(bytes) else { return nil }
            var type = "unknown"
            if case .text(let text) = message.last("_type")?.loose { type = text }
            var topic: String?
            if case .text(let text) = message.last("topic")?.loose { topic = text }
            guard let device = try? deviceName(limitUser: limitUser, limitDevice: limitDevice, topic: topic, basicUser: basicUser)
            else { return nil }
            let time = try? FieldValues.time(message.last("tst")?.loose, field: "tst")
            let position =
                type == "location"
                ? try? FieldValues.coordinate(latitude: message.last("lat")?.loose, longitude: message.last("lon")?.loose) : nil
            return OwnTracksEnvelope(device: device, type: type, time: time, position: position)
        }
    }
}
