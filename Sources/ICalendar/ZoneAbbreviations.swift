import Foundation

/// The real abbreviations of a zone (EST/EDT, CET/CEST, IST) for TZNAME, read from the POSIX
/// rule at the end of the zone's TZif file, since Foundation on Linux only offers "GMT-5".
///
/// Related spec: RFC 8536 §3.3 (the TZif footer), POSIX TZ strings.
struct ZoneAbbreviations {
    private var standardName: String?
    private var standardOffset = 0
    private var daylightName: String?
    private var daylightOffset = 0

    init(zone: TimeZone) {
        let directories = [ProcessInfo.processInfo.environment["TZDIR"], "/usr/share/zoneinfo", "/var/db/timezone/zoneinfo"]
        for directory in directories.compactMap({ $0 }) {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(zone.identifier)
            guard let data = try? Data(contentsOf: url), data.starts(with: Array("TZif".utf8)) else { continue }
            self.init(footer: Self.footer(of: data))
            return
        }
        self.init(footer: "")
    }

    init(footer: String) {
        var scanner = Substring(footer)
        guard let std = Self.name(&scanner), let stdOffset = Self.posixOffset(&scanner) else { return }
        standardName = std
        standardOffset = stdOffset
        guard let dst = Self.name(&scanner) else { return }
        daylightName = dst
        // POSIX: a DST offset left out is one hour ahead of standard time.
        daylightOffset = Self.posixOffset(&scanner) ?? stdOffset + 3600
    }

    /// The abbreviation for a period at `offset` seconds east of UTC, or tzdata's numeric form
    /// (`-02`, `+0530`) when the zone's current rule does not name it.
    func name(offset: Int, isDaylight: Bool) -> String {
        if isDaylight, let daylightName, daylightOffset == offset { return daylightName }
        if !isDaylight, let standardName, standardOffset == offset { return standardName }
        if let daylightName, daylightOffset == offset { return daylightName }
        if let standardName, standardOffset == offset { return standardName }
        let numeric = ICalUTCOffset.string(offset)
        return numeric.hasSuffix("00") && numeric.count == 5 ? String(numeric.prefix(3)) : numeric
    }

    /// The text between the file's last two newlines (TZif version 2 and later).
    private static func footer(of data: Data) -> String {
        let bytes = [UInt8](data)
        guard bytes.last == 0x0A, let start = bytes.dropLast().lastIndex(of: 0x0A) else { return "" }
        return String(decoding: bytes[(start + 1)..<(bytes.count - 1)], as: UTF8.self)
    }

    /// `EST` or `<+0530>`.
    private static func name(_ s: inout Substring) -> String? {
        if s.first == "<" {
            guard let close = s.firstIndex(of: ">") else { return nil }
            let name = s[s.index(after: s.startIndex)..<close]
            s = s[s.index(after: close)...]
            return name.isEmpty ? nil : String(name)
        }
        let name = s.prefix { $0.isLetter }
        s = s.dropFirst(name.count)
        return name.count >= 3 ? String(name) : nil
    }

    /// POSIX offsets count west of UTC (`EST5`), so the sign flips into seconds east.
    private static func posixOffset(_ s: inout Substring) -> Int? {
        var sign = -1
        if s.first == "+" || s.first == "-" {
            if s.first == "-" { sign = 1 }
            s = s.dropFirst()
        }
        let text = s.prefix { $0.isASCIIDigit || $0 == ":" }
        guard !text.isEmpty else { return nil }
        s = s.dropFirst(text.count)
        let parts = text.split(separator: ":").map { Int($0) ?? 0 }
        let seconds = parts[0] * 3600 + (parts.count > 1 ? parts[1] * 60 : 0) + (parts.count > 2 ? parts[2] : 0)
        return sign * seconds
    }
}
