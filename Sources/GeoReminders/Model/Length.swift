import Foundation

/// A distance people type for a geofence radius: `150`, `150 m`, `0.5km`, `500 ft`, `200 yd`,
/// `0.3 mi`, or the units' long names. Converted with Foundation's `UnitLength`.
///
/// A bare number is in the locale's preferred unit: feet where the measurement system is the
/// US one, metres elsewhere.
public struct Length: Hashable, Sendable, Codable, Comparable {
    public var metres: Double

    public init(metres: Double) {
        self.metres = metres
    }

    public static func < (a: Length, b: Length) -> Bool { a.metres < b.metres }

    /// Parses `text` in `locale`, or when nil the locale the environment names
    /// (LC_ALL, then LC_MEASUREMENT, then LANG, as POSIX orders them).
    public init(
        parsing text: String, locale: Locale? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(LengthError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let numberEnd = trimmed.firstIndex { !"0123456789.+-eE".contains($0) } ?? trimmed.endIndex
        var numberText = String(trimmed[..<numberEnd])
        var unitText = trimmed[numberEnd...].trimmingCharacters(in: .whitespaces).lowercased()
        // "1e3" is a number but "5 em" is not: a trailing exponent letter belongs to the unit.
        while let last = numberText.last, last == "e" || last == "E" {
            numberText.removeLast()
            unitText = String(last).lowercased() + unitText
        }
        let lowered = trimmed.lowercased()
        if ["inf", "infinity", "nan", "+inf", "-inf"].contains(where: { lowered.hasPrefix($0) }) {
            throw .notFinite(text: text)
        }
        guard !numberText.isEmpty, let value = Double(numberText) else { throw .notANumber(text: text) }
        guard value.isFinite else { throw .notFinite(text: text) }
        guard value >= 0 else { throw .negative(text: text) }
        let unit: UnitLength
        if unitText.isEmpty {
            unit = Self.preferredUnit(locale: locale ?? Self.environmentLocale(environment))
        } else if let named = Self.units[unitText] {
            unit = named
        } else {
            throw .unknownUnit(unit: unitText, text: text)
        }
        metres = Measurement(value: value, unit: unit).converted(to: .meters).value
    }

    /// Unit names people type, lowercased.
    static let units: [String: UnitLength] = [
        "m": .meters, "metre": .meters, "metres": .meters, "meter": .meters, "meters": .meters,
        "km": .kilometers, "kilometre": .kilometers, "kilometres": .kilometers,
        "kilometer": .kilometers, "kilometers": .kilometers,
        "ft": .feet, "foot": .feet, "feet": .feet,
        "yd": .yards, "yard": .yards, "yards": .yards,
        "mi": .miles, "mile": .miles, "miles": .miles,
    ]

    /// Feet for the US measurement system, metres for every other.
    static func preferredUnit(locale: Locale) -> UnitLength {
        locale.measurementSystem == .us ? .feet : .meters
    }

    /// The locale named by LC_ALL, LC_MEASUREMENT or LANG (first one set and not empty);
    /// the POSIX locale, which is metric, when none is.
    static func environmentLocale(_ environment: [String: String]) -> Locale {
        let name = ["LC_ALL", "LC_MEASUREMENT", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        // "en_US.UTF-8@euro" → "en_US"; glibc's C and POSIX locales are metric.
        guard let name, let base = name.split(whereSeparator: { $0 == "." || $0 == "@" }).first,
            base != "C", base != "POSIX"
        else {
            return Locale(identifier: "C")
        }
        return Locale(identifier: String(base))
    }
}
