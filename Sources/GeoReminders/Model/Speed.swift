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

    /// Unit names people type, lowercased. Exact coefficients: Foundation's own km/h and knot
    /// are rounded to six digits (0.277778), which `36km/h` would show.
    static let units: [String: UnitSpeed] = {
        let kmh = UnitSpeed(symbol: "km/h", converter: UnitConverterLinear(coefficient: 1 / 3.6))
        let mph = UnitSpeed(symbol: "mph", converter: UnitConverterLinear(coefficient: 0.44704))
        let knot = UnitSpeed(symbol: "kn", converter: UnitConverterLinear(coefficient: 1852.0 / 3600))
        return [
            "m/s": .metersPerSecond, "mps": .metersPerSecond,
            "km/h": kmh, "kmh": kmh, "kph": kmh,
            "mph": mph, "mi/h": mph,
            "kn": knot, "kt": knot, "kts": knot, "knot": knot, "knots": knot,
        ]
    }()
}
