import Foundation

extension CivilDateTime {
    /// True when the fields name a real Gregorian day (1–9999) and a time within 00:00:00–23:59:59.
    public var isValid: Bool {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CivilDay.daysInMonth(year: year, month: month)).contains(day)
        else { return false }
        if let time {
            return (0...23).contains(time.hour) && (0...59).contains(time.minute) && (0...59).contains(time.second)
        }
        return true
    }
}
