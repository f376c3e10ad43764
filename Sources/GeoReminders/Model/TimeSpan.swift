import Foundation

/// A span of time people type for alarms and simulation steps: `90s`, `15m`, `2h`, `1d`,
/// `1h30m`, `1w`, or a bare number of seconds. Converted with Foundation's `UnitDuration`.
public struct TimeSpan: Hashable, Sendable, Codable, Comparable {
    public var seconds: Double

    public init(seconds: Double) {
        self.seconds = seconds
    }

    public static func < (a: TimeSpan, b: TimeSpan) -> Bool { a.seconds < b.seconds }

    /// Parses `text`: one or more number–unit pairs (`1h30m`, `1 h 30 min`), units ms, s, m, h, d, w
    /// or their long names; a lone number counts seconds.
    public init(parsing text: String) throws(TimeSpanError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .empty }
        var rest = Substring(trimmed)
        var total = 0.0
        var parts = 0
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " }
            let numberEnd = rest.firstIndex { !"0123456789.".contains($0) } ?? rest.endIndex
            let numberText = rest[..<numberEnd]
            guard !numberText.isEmpty, let value = Double(numberText) else {
                throw rest.first == "-" ? .negative(text: text) : .notADuration(text: text)
            }
            rest = rest[numberEnd...].drop { $0 == " " }
            let unitEnd = rest.firstIndex { !$0.isLetter } ?? rest.endIndex
            let unitText = rest[..<unitEnd].lowercased()
            rest = rest[unitEnd...]
            let unit: UnitDuration
            if unitText.isEmpty {
                guard parts == 0, rest.allSatisfy({ $0 == " " }) else { throw .notADuration(text: text) }
                unit = .seconds
            } else if let named = Self.units[unitText] {
                unit = named
            } else {
                throw .unknownUnit(unit: unitText, text: text)
            }
            total += Measurement(value: value, unit: unit).converted(to: .seconds).value
            parts += 1
        }
        guard total.isFinite else { throw .notADuration(text: text) }
        seconds = total
    }

    /// Unit names people type, lowercased; days and weeks are 24 h and 7 × 24 h.
    static let units: [String: UnitDuration] = [
        "ms": .milliseconds,
        "s": .seconds, "sec": .seconds, "secs": .seconds, "second": .seconds, "seconds": .seconds,
        "m": .minutes, "min": .minutes, "mins": .minutes, "minute": .minutes, "minutes": .minutes,
        "h": .hours, "hr": .hours, "hrs": .hours, "hour": .hours, "hours": .hours,
        "d": UnitDuration(symbol: "d", converter: UnitConverterLinear(coefficient: 86_400)),
        "day": UnitDuration(symbol: "d", converter: UnitConverterLinear(coefficient: 86_400)),
        "days": UnitDuration(symbol: "d", converter: UnitConverterLinear(coefficient: 86_400)),
        "w": UnitDuration(symbol: "w", converter: UnitConverterLinear(coefficient: 604_800)),
        "week": UnitDuration(symbol: "w", converter: UnitConverterLinear(coefficient: 604_800)),
        "weeks": UnitDuration(symbol: "w", converter: UnitConverterLinear(coefficient: 604_800)),
    ]
}
