import Foundation

/// Turns the TZIDs of a file into Foundation time zones.
///
/// In order: an Olson name (`Europe/Berlin`); an Olson name at the end of a path-like TZID
/// (Thunderbird's `/mozilla.org/20050126_1/Europe/Berlin`); the VTIMEZONE's `X-LIC-LOCATION`;
/// otherwise the file's own VTIMEZONE
/// is compared, offsets and transition dates, with every known zone (Microsoft's
/// `W. Europe Standard Time` becomes `Europe/Berlin`). A TZID none of these explain is reported.
///
/// Related RFC 5545 sections: 3.2.19 (TZID), 3.6.5 (VTIMEZONE).
public struct ICalTimeZoneResolver: Sendable {
    private var resolved: [String: Result<TimeZone, ICalValueError>] = [:]

    /// Collects the VTIMEZONE components directly inside `calendar`.
    /// - Parameter referenceYear: the year whose transitions are compared; by default the
    ///   latest year a VTIMEZONE observance starts in, or the current year if later.
    public init(calendar: ICalComponent, referenceYear: Int? = nil) {
        self.init(vtimezones: calendar.components(named: "VTIMEZONE"), referenceYear: referenceYear)
    }

    public init(vtimezones: [ICalComponent], referenceYear: Int? = nil) {
        for vtimezone in vtimezones {
            guard let tzid = vtimezone.property("TZID")?.value else { continue }
            // libical and Thunderbird name the Olson zone of a custom TZID in X-LIC-LOCATION.
            if let zone = Self.zone(named: tzid) ?? vtimezone.property("X-LIC-LOCATION").flatMap({ Self.zone(named: $0.value) }) {
                resolved[tzid] = .success(zone)
            } else {
                resolved[tzid] = Self.match(vtimezone, tzid: tzid, referenceYear: referenceYear)
            }
        }
    }

    /// The zone a TZID stands for, or `.unknownTimeZone` saying why none was found.
    public func timeZone(for tzid: String) throws(ICalValueError) -> TimeZone {
        if let result = resolved[tzid] { return try result.get() }
        if let zone = Self.zone(named: tzid) { return zone }
        throw .unknownTimeZone(tzid: tzid, reason: "it is not an Olson zone name and the file has no VTIMEZONE for it")
    }

    /// An Olson name, whole or as the tail of a path (`/mozilla.org/.../America/New_York`).
    static func zone(named tzid: String) -> TimeZone? {
        let name = tzid.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        if let zone = TimeZone(identifier: name) { return zone }
        let parts = name.split(separator: "/")
        guard parts.count > 1 else { return nil }
        // Tails of two or three parts: a single word ("Berlin") is no zone name.
        for length in stride(from: min(3, parts.count), through: 2, by: -1) {
            if let zone = TimeZone(identifier: parts.suffix(length).joined(separator: "/")) { return zone }
        }
        return nil
    }

    private static func match(_ vtimezone: ICalComponent, tzid: String, referenceYear: Int?) -> Result<TimeZone, ICalValueError> {
        let observances = vtimezone.components.compactMap(VTimeZoneObservance.init)
        guard !observances.isEmpty else {
            return .failure(.unknownTimeZone(tzid: tzid, reason: "its VTIMEZONE has no readable STANDARD or DAYLIGHT"))
        }
        var utcCalendar = Calendar(identifier: .gregorian)
        utcCalendar.timeZone = ICalDateTime.utc
        let currentYear = utcCalendar.component(.year, from: Date())
        let year = referenceYear ?? max(observances.map(\.start.year).max()!, currentYear)
        let expected = VTimeZoneObservance.signature(of: observances, in: year)

        let candidates = Set(
            TimeZone.knownTimeZoneIdentifiers.filter { identifier in
                guard let zone = TimeZone(identifier: identifier) else { return false }
                return ZoneSignature(zone: zone, year: year) == expected
            }.map { renamed[$0] ?? $0 })
        let hint = tzid.lowercased()
        let ranked = candidates.sorted { a, b in
            let ka = rank(a, hint: hint), kb = rank(b, hint: hint)
            return ka != kb ? ka < kb : a < b
        }
        guard let best = ranked.first, let zone = TimeZone(identifier: best) else {
            return .failure(.unknownTimeZone(tzid: tzid, reason: "no known zone has its offsets and transitions in \(year) (\(expected))"))
        }
        return .success(zone)
    }

    /// Lower is better: a zone whose city appears in the TZID, then the zone most people in that
    /// region use, then alphabetical order.
    private static func rank(_ identifier: String, hint: String) -> Int {
        let parts = identifier.split(separator: "/")
        // Only geographic names count: "US/Eastern" must not win on "Eastern Standard Time".
        let regions: Set<Substring> = ["Africa", "America", "Antarctica", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific"]
        if parts.count > 1, regions.contains(parts[0]) {
            let city = parts.last!.replacingOccurrences(of: "_", with: " ").lowercased()
            if city.count > 2, hint.contains(city) { return 0 }
        }
        if let index = preferred.firstIndex(of: identifier) { return 1 + index }
        return 1 + preferred.count
    }

    /// ICU still lists some zones under their old names; answer with the current ones.
    private static let renamed = [
        "Asia/Calcutta": "Asia/Kolkata", "Asia/Katmandu": "Asia/Kathmandu", "Asia/Rangoon": "Asia/Yangon",
        "Asia/Saigon": "Asia/Ho_Chi_Minh", "Europe/Kiev": "Europe/Kyiv", "Atlantic/Faeroe": "Atlantic/Faroe",
        "America/Godthab": "America/Nuuk", "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
    ]

    /// Representative zones, so that equivalent candidates resolve as people expect.
    private static let preferred = [
        "UTC", "Europe/London", "Europe/Berlin", "Europe/Paris", "Europe/Athens", "Europe/Helsinki", "Europe/Moscow",
        "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles",
        "America/Anchorage", "Pacific/Honolulu", "America/Halifax", "America/St_Johns", "America/Sao_Paulo",
        "America/Argentina/Buenos_Aires", "America/Mexico_City", "America/Bogota", "Asia/Kolkata", "Asia/Tokyo",
        "Asia/Shanghai", "Asia/Singapore", "Asia/Dubai", "Asia/Karachi", "Asia/Dhaka", "Asia/Bangkok", "Asia/Seoul",
        "Asia/Jakarta", "Asia/Tehran", "Asia/Jerusalem", "Africa/Johannesburg", "Africa/Lagos", "Africa/Cairo",
        "Africa/Nairobi", "Australia/Sydney", "Australia/Brisbane", "Australia/Adelaide", "Australia/Perth",
        "Pacific/Auckland",
    ]
}
