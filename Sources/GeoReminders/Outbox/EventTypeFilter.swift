import Foundation

/// Which event types an endpoint takes: comma-separated patterns, each an exact type (`alarm.leave`),
/// a prefix ending in `*` (`alarm.*`), or `*`.
public struct EventTypeFilter: Hashable, Sendable, CustomStringConvertible {
    public let patterns: [String]

    public static let all = EventTypeFilter(validated: ["alarm.*"])

    /// Reads `alarm.*,alarm.time`; refuses an empty list or a pattern that matches no event type.
    public init(parsing text: String) throws(WebhookError) {
        let patterns = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !patterns.isEmpty else { throw .badEventFilter(text: text) }
        for pattern in patterns where !OutboxEvent.EventType.allCases.contains(where: { Self.matches(pattern, $0.rawValue) }) {
            throw .badEventFilter(text: pattern)
        }
        self.init(validated: patterns)
    }

    private init(validated patterns: [String]) {
        self.patterns = patterns
    }

    public func matches(_ type: OutboxEvent.EventType) -> Bool {
        patterns.contains { Self.matches($0, type.rawValue) }
    }

    public var description: String { patterns.joined(separator: ",") }

    private static func matches(_ pattern: String, _ type: String) -> Bool {
        pattern.hasSuffix("*") ? type.hasPrefix(pattern.dropLast()) : pattern == type
    }
}
