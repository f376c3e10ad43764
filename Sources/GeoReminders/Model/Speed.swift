import Foundation

/// A travelling speed people type for simulated trips: `5km/h`, `30mph`, `1.4m/s`, `3 kn`.
/// Converted with Foundation's `UnitSpeed`; a bare number is in metres per second.
public struct Speed: Hashable, Sendable, Codable, Comparable {
    public var metresPerSecond: Double

    public init(metresPerSecond: Double) {
        self.metresPerSecond = metresPerSecond
    }

    public static func < (a: Speed, b: Speed) -> Bool { a.metresPerSecond < b.metresPerSecond }

    /// Parses a number and an optional unit; the speed must be more than 0.
    public init(parsing text: String) throws(SpeedError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let numberEnd = trimmed.firstIndex { !"0123456789.+-".contains($0) } ?? trimmed.endIndex
        let numberText = trimmed[..<numberEnd]
        let unitText = trimmed[numberEnd...].trimmingCharacters(in: .whitespaces).lowercased()
        guard !numberText.isEmpty, let value = Double(numberText), value.isFinite else {
            throw .notASpeed(text: text)
        }
        guard value > 0 else { throw .notPositive(text: text) }
        let unit: UnitSpeed
        if unitText.isEmpty {
            unit = .metersPerSecond
        } else if let named = Self.units[unitText] {
            unit = named
        } else {
            throw .unknownUnit(unit: unitText, text: text)
        }
        metresPerSecond = Measurement(value: value, unit: unit).converted(to: .metersPerSecond).value
    }

    /// Unit names people type, lowercased.
    static let units: [String: UnitSpeed] = [
        "m/s": .metersPerSecond, "mps": .metersPerSecond,
        "km/h": .kilometersPerHour, "kmh": .kilometersPerHour, "kph": .kilometersPerHour,
        "mph": .milesPerHour, "mi/h": .milesPerHour,
        "kn": .knots, "kt": .knots, "kts": .knots, "knot": .knots, "knots": .knots,
    ]
}
