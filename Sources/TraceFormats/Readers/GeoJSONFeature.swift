/// What one GeoJSON feature said, gathered in whatever order its members come (a
/// `properties.coordTimes` may follow or precede the coordinates it times).
///
/// Positions and times are kept as flat Doubles, 16 and 8 bytes a point: a LineString of
/// millions of points stays far smaller than its JSON.
struct GeoJSONFeature {
    enum Geometry {
        case missing, point, lineString, multiLineString, other
    }

    var geometry = Geometry.missing
    /// Longitude, latitude pairs; a NaN pair stands for a position that is not two numbers.
    var positions: [Double] = []
    /// Position counts at the end of each array of positions (one per line).
    var lineEnds: [Int] = []
    /// Per-point times in seconds since 1970; NaN for a time that does not parse.
    var times: [Double] = []
    var timeLineEnds: [Int] = []
    var hasTimes = false
    var timesFromCoordTimes = false
    /// The `time`/`timestamp` property: nil when absent, NaN when it does not parse.
    var time: Double?
    var timeFromTimeKey = false
    var accuracy: Double?
    var device: String?

    mutating func reset() {
        geometry = .missing
        positions.removeAll(keepingCapacity: true)
        lineEnds.removeAll(keepingCapacity: true)
        clearTimes()
        hasTimes = false
        timesFromCoordTimes = false
        time = nil
        timeFromTimeKey = false
        accuracy = nil
        device = nil
    }

    mutating func clearTimes() {
        times.removeAll(keepingCapacity: true)
        timeLineEnds.removeAll(keepingCapacity: true)
    }

    /// The feature's points, line by line, as (position index range, time index range).
    var lines: [(positions: Range<Int>, times: Range<Int>)] {
        let pointLines = Self.ranges(ends: lineEnds, total: positions.count / 2)
        let timeLines = Self.ranges(ends: timeLineEnds, total: times.count)
        return zip(pointLines, timeLines.count == pointLines.count ? timeLines : Array(repeating: 0..<0, count: pointLines.count))
            .map { ($0, $1) }
    }

    private static func ranges(ends: [Int], total: Int) -> [Range<Int>] {
        guard !ends.isEmpty else { return [0..<total] }
        var start = 0
        return ends.map { end in
            defer { start = end }
            return start..<end
        }
    }
}
