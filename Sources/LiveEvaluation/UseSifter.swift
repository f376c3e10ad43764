import Foundation

/// Which token and device uses to write, so that `token list` and `device list` show when each was
/// last used without a write per request: uses are gathered and looked at once a second at most
/// (sifting every commit's users cost more than the commit's SQL under single-fix load), and each
/// token's or device's date is written at most once a minute.
package struct UseSifter: Sendable {
    /// When each token's and device's last use was written.
    var written: [Key: Date] = [:]
    /// Uses since they were last looked at, and when that was.
    var unsifted: (tokens: Set<String>, devices: Set<String>, since: Date) = ([], [], .distantPast)
    static let siftInterval: TimeInterval = 1
    static let writeInterval: TimeInterval = 60

    enum Key: Hashable {
        case token(String), device(String)
    }

    package init() {}

    /// Adds uses, to be looked at by the next ``add(tokens:devices:at:force:)``.
    package mutating func gather(tokens: Set<String>, devices: Set<String>) {
        unsifted.tokens.formUnion(tokens)
        unsifted.devices.formUnion(devices)
    }

    /// Adds uses made `now`; returns those to write now, if it is time to look and any are due.
    /// Call ``written(_:at:)`` once they are.
    /// - Parameter force: looks whatever the time (at shutdown).
    package mutating func add(tokens: Set<String>, devices: Set<String>, at now: Date, force: Bool = false)
        -> (tokens: Set<String>, devices: Set<String>)?
    {
        gather(tokens: tokens, devices: devices)
        guard !unsifted.tokens.isEmpty || !unsifted.devices.isEmpty else { return nil }
        guard force || now.timeIntervalSince(unsifted.since) >= Self.siftInterval else { return nil }
        let (tokens, devices) = (unsifted.tokens, unsifted.devices)
        unsifted = ([], [], now)
        func due(_ key: Key) -> Bool {
            guard let date = written[key], now.timeIntervalSince(date) < Self.writeInterval else { return true }
            return false
        }
        let dueTokens = tokens.filter { due(.token($0)) }
        let dueDevices = devices.filter { due(.device($0)) }
        guard !dueTokens.isEmpty || !dueDevices.isEmpty else { return nil }
        return (dueTokens, dueDevices)
    }

    /// Notes that `uses` were written, as of `now`.
    package mutating func written(_ uses: (tokens: Set<String>, devices: Set<String>), at now: Date) {
        for token in uses.tokens { written[.token(token)] = now }
        for device in uses.devices { written[.device(device)] = now }
    }
}
