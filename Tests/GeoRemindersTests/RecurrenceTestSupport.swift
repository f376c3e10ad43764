import CivilTime
import Foundation

@testable import GeoReminders

/// Compact `YYYYMMDD` / `YYYYMMDDTHHMMSS` spelling of dates in recurrence tests and fixtures.
extension CivilDateTime {
    init(compact text: String, zone: String? = nil) {
        let c = Array(text)
        func n(_ r: Range<Int>) -> Int { Int(String(c[r]))! }
        self.init(
            year: n(0..<4), month: n(4..<6), day: n(6..<8),
            time: c.count >= 15 ? TimeOfDay(hour: n(9..<11), minute: n(11..<13), second: n(13..<15)) : nil,
            timeZone: zone.map { TimeZone(identifier: $0)! })
    }

    var compact: String {
        func pad(_ v: Int, _ w: Int) -> String { String(repeating: "0", count: max(0, w - String(v).count)) + String(v) }
        var text = pad(year, 4) + pad(month, 2) + pad(day, 2)
        if let time { text += "T" + pad(time.hour, 2) + pad(time.minute, 2) + pad(time.second, 2) }
        return text
    }
}

/// Fixtures/recurrence/ in the repository.
let recurrenceFixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/recurrence")
