import Foundation

/// What the OwnTracks iOS app's JSON Schema (owntracks/ios `message.json` and `messages.json`,
/// checked by `Validation.validateMessagesData` with DSJSONSchemaValidation) requires of the
/// messages a reply carries, transcribed as rules: the reply is an array of message objects (or
/// one); `_type` and `action` from the schema's enums; `lat`/`lon` numbers and `tst` an integer;
/// a `transition` has `acc`, `event`, `lat`, `lon`, `tst` and `wtst` (`acc` an integer, `event`
/// enter or leave); a `cmd` has an `action`; a waypoint's `rad` and `tst` are integers and its
/// `desc` a string, as the schema's definitions type them.
enum IOSMessageRules {
    static let types: Set<String> = [
        "beacon", "card", "cmd", "configuration", "location", "lwt", "request", "status", "steps", "transition", "waypoint",
        "waypoints",
    ]
    static let actions: Set<String> = [
        "action", "clearWaypoints", "dump", "reportLocation", "reportSteps", "response", "setConfiguration", "setWaypoints",
        "status", "waypoints",
    ]

    /// Every rule `body` breaks, one line each; empty when the app's schema accepts it.
    static func violations(_ body: String) -> [String] {
        guard let json = try? JSONSerialization.jsonObject(with: Data(body.utf8)) else { return ["not JSON"] }
        let messages = (json as? [Any]) ?? [json]
        return messages.enumerated().flatMap { index, element -> [String] in
            guard let message = element as? [String: Any] else { return ["[\(index)] is not an object"] }
            return violations(of: message).map { "[\(index)] \($0)" }
        }
    }

    static func violations(of message: [String: Any]) -> [String] {
        var found: [String] = []
        guard let type = message["_type"] as? String, types.contains(type) else { return ["_type missing or unknown"] }
        if let action = message["action"], !((action as? String).map(actions.contains) ?? false) { found.append("action \(action)") }
        for key in ["lat", "lon"] where message[key] != nil && !isNumber(message[key]) { found.append("\(key) is not a number") }
        if message["tst"] != nil && !isInteger(message["tst"]) { found.append("tst is not an integer") }
        switch type {
        case "transition":
            for key in ["acc", "event", "lat", "lon", "tst", "wtst"] where message[key] == nil { found.append("transition without \(key)") }
            if message["acc"] != nil && !isInteger(message["acc"]) { found.append("acc is not an integer") }
            if let event = message["event"], !["enter", "leave"].contains(event as? String ?? "") { found.append("event \(event)") }
        case "cmd":
            if message["action"] == nil { found.append("cmd without action") }
            let waypoints = (message["waypoints"] as? [String: Any])?["waypoints"] as? [[String: Any]] ?? []
            for waypoint in waypoints {
                if waypoint["_type"] as? String != "waypoint" { found.append("waypoint _type") }
                if !(waypoint["desc"] is String) { found.append("waypoint desc is not a string") }
                for key in ["rad", "tst"] where !isInteger(waypoint[key]) { found.append("waypoint \(key) is not an integer") }
                for key in ["lat", "lon"] where !isNumber(waypoint[key]) { found.append("waypoint \(key) is not a number") }
            }
        default:
            break
        }
        return found
    }

    /// A JSON number (a Boolean is not one, though Foundation boxes both as NSNumber).
    static func isNumber(_ value: Any?) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) != "c"
    }

    /// A JSON number written without a fraction or exponent.
    static func isInteger(_ value: Any?) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return ["i", "l", "q", "s"].contains(String(cString: number.objCType))
    }
}
