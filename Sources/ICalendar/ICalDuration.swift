/// The DURATION value type (`-PT15M`, `P1DT2H`, `-P1W`) as a signed number of seconds.
///
/// Days and weeks are counted as 86 400 and 604 800 seconds, which is how alarm offsets
/// (EventKit's `relativeOffset`) read them.
///
/// Related RFC 5545 section: 3.3.6.
public enum ICalDuration {
    /// Reads a duration. Accepts the RFC forms and, leniently, any of W, D, H, M, S in that
    /// order (e.g. `PT1H30S`, `P1W2D`) which other writers emit; years and months are refused.
    public static func seconds(_ text: String) throws(ICalValueError) -> Int {
        var chars = Substring(text)
        var sign = 1
        if chars.first == "+" || chars.first == "-" {
            if chars.first == "-" { sign = -1 }
            chars = chars.dropFirst()
        }
        guard chars.first == "P" || chars.first == "p" else { throw .badDuration(value: text) }
        chars = chars.dropFirst()
        var total = 0
        var inTime = false
        var sawUnit = false
        var sawTimeUnit = false
        var lastRank = -1
        var number = ""
        for c in chars.uppercased() {
            if c.isASCIIDigit { number.append(c); continue }
            if c == "T" {
                guard !inTime, number.isEmpty else { throw .badDuration(value: text) }
                inTime = true
                continue
            }
            let (rank, unit): (Int, Int)
            switch (c, inTime) {
            case ("W", false): (rank, unit) = (0, 604_800)
            case ("D", false): (rank, unit) = (1, 86_400)
            case ("H", true): (rank, unit) = (2, 3_600)
            case ("M", true): (rank, unit) = (3, 60)
            case ("S", true): (rank, unit) = (4, 1)
            default: throw .badDuration(value: text)
            }
            guard !number.isEmpty, rank > lastRank, let n = Int(number),
                case let (product, o1) = n.multipliedReportingOverflow(by: unit), !o1,
                case let (sum, o2) = total.addingReportingOverflow(product), !o2
            else { throw .badDuration(value: text) }
            total = sum
            lastRank = rank
            number = ""
            sawUnit = true
            if inTime { sawTimeUnit = true }
        }
        guard number.isEmpty, sawUnit, !inTime || sawTimeUnit else { throw .badDuration(value: text) }
        return sign * total
    }

    /// Writes seconds in the canonical form: whole weeks as `PnW`, otherwise days then time
    /// (`P1DT2H`, `-PT15M`); zero is `PT0S`.
    public static func string(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : ""
        var rest = seconds.magnitude
        if rest == 0 { return "PT0S" }
        if rest % 604_800 == 0 { return "\(sign)P\(rest / 604_800)W" }
        var out = sign + "P"
        let days = rest / 86_400
        rest %= 86_400
        if days > 0 { out += "\(days)D" }
        if rest > 0 {
            out += "T"
            let h = rest / 3600, m = rest % 3600 / 60, s = rest % 60
            if h > 0 { out += "\(h)H" }
            if m > 0 { out += "\(m)M" }
            if s > 0 { out += "\(s)S" }
        }
        return out
    }
}
