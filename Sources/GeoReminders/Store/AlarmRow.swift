import Foundation

/// One row of the `alarm` table: an alarm, its reminder's number and its position there.
struct AlarmRow {
    /// Rows per multi-row INSERT of a batch (14 parameters each, far below SQLite's limit).
    static let chunk = 64

    var reminderNumber: Int64
    var position: Int
    var alarm: Alarm

    /// `INSERT INTO alarm` of `rows` rows, parameters in the order `bind` binds them.
    static func insertSQL(rows: Int) -> String {
        let values = "(" + Array(repeating: "?", count: 14).joined(separator: ", ") + ")"
        return """
            INSERT INTO alarm (id, reminderNumber, position, kind, absoluteDate, relativeOffset, locationTitle,
            latitude, longitude, radius, proximity, firedDate, acknowledgedDate, area)
            VALUES \(Array(repeating: values, count: rows).joined(separator: ", "))
            """
    }

    func bind(_ row: inout ParameterBinder) throws {
        try row.bind(alarm.id)
        try row.bind(reminderNumber)
        try row.bind(position)
        var area: String?
        switch alarm.trigger {
        case let .absolute(date):
            try row.bind("absolute")
            try row.bind(date)
            for _ in 0..<6 { try row.bind(nil as Double?) }
        case let .relative(offset):
            try row.bind("relative")
            try row.bind(nil as Double?)
            try row.bind(offset)
            for _ in 0..<5 { try row.bind(nil as Double?) }
        case let .location(location, proximity):
            try row.bind("location")
            try row.bind(nil as Double?)
            try row.bind(nil as Double?)
            try row.bind(location.title)
            try row.bind(location.latitude)
            try row.bind(location.longitude)
            try row.bind(location.radius)
            try row.bind(proximity.rawValue)
            area = location.area?.geoJSON
        }
        try row.bind(alarm.firedDate)
        try row.bind(alarm.acknowledgedDate)
        try row.bind(area)
    }
}
