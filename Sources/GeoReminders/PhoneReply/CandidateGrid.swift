import Foundation
import GeofenceEngine

/// The candidates of a region catalogue bucketed by latitude–longitude cell, so that the alarms
/// nearest a phone are found by looking at the cells around it rather than at every alarm: with
/// 10,000 alarms, scanning all of them for each moving phone took a sixth of a server's CPU.
///
/// ``near(_:limit:)`` returns a subset that holds, exactly, every candidate the full scan of
/// ``RegionCatalog/nearest(to:among:limit:)`` would look at closely: rings of cells are added
/// until no cell outside them can hold a candidate within the scan's cut.
struct CandidateGrid: Sendable {
    let candidates: [RegionCatalog.Candidate]
    /// Cell size in degrees, the same for latitude and longitude.
    let cell: Double
    let cells: [Key: [Int]]
    /// Cells around the equator (longitude wraps at this many).
    let columns: Int
    let rows: Int

    struct Key: Hashable, Sendable {
        var row: Int
        var column: Int
    }

    /// Fewer than this many candidates are scanned whole: the grid would not pay for itself.
    static let scanBelow = 256

    init(_ candidates: [RegionCatalog.Candidate]) {
        self.candidates = candidates
        // About four candidates a cell over the area they cover, within sensible bounds.
        var south = 90.0
        var north = -90.0
        var west = 180.0
        var east = -180.0
        for candidate in candidates {
            south = min(south, candidate.region.latitude)
            north = max(north, candidate.region.latitude)
            west = min(west, candidate.region.longitude)
            east = max(east, candidate.region.longitude)
        }
        let area = max(north - south, 0.001) * max(east - west, 0.001)
        let size = (area * 4 / Double(max(candidates.count, 1))).squareRoot()
        cell = 180 / (180 / min(max(size, 0.0005), 10)).rounded(.up)
        rows = Int((180 / cell).rounded())
        columns = Int((360 / cell).rounded())
        let (cell, rows, columns) = (cell, rows, columns)
        var cells: [Key: [Int]] = [:]
        for (index, candidate) in candidates.enumerated() {
            let key = Self.key(
                latitude: candidate.region.latitude, longitude: candidate.region.longitude, cell: cell, rows: rows, columns: columns)
            cells[key, default: []].append(index)
        }
        self.cells = cells
    }

    func key(latitude: Double, longitude: Double) -> Key {
        Self.key(latitude: latitude, longitude: longitude, cell: cell, rows: rows, columns: columns)
    }

    static func key(latitude: Double, longitude: Double, cell: Double, rows: Int, columns: Int) -> Key {
        let row = min(max(Int(((latitude + 90) / cell).rounded(.down)), 0), rows - 1)
        var column = Int(((longitude + 180) / cell).rounded(.down)) % columns
        if column < 0 { column += columns }
        return Key(row: row, column: column)
    }

    /// The indices in ``candidates`` of those a full scan for the `limit` nearest to `position`
    /// would keep within its cut (with others that do not change its answer). Indices, not copies:
    /// copying hundreds of candidates (five strings and a set each) per moving phone was most of
    /// the choice's cost.
    func near(_ position: Coordinate, limit: Int) -> [Int] {
        guard candidates.count >= Self.scanBelow, limit > 0 else { return Array(candidates.indices) }
        let centre = key(latitude: position.latitude, longitude: position.longitude)
        let scale = cos(position.latitude * .pi / 180)
        var found: [Int] = []
        var distances: [Double] = []
        var ring = 0
        while true {
            // The block of cells within `ring` of the centre must not wrap onto itself, and looking
            // at its cells must stay cheaper than looking at every candidate (a phone far from
            // all of them, or near a pole, where a cell is narrow).
            let side = 2 * ring + 1
            guard side < columns, side * side <= 4 * cells.count + 64 else { return Array(candidates.indices) }
            for row in (centre.row - ring)...(centre.row + ring) where row >= 0 && row < rows {
                let edgeRow = row == centre.row - ring || row == centre.row + ring
                let step = edgeRow ? 1 : 2 * ring
                var offset = -ring
                while offset <= ring {
                    let column = ((centre.column + offset) % columns + columns) % columns
                    if let members = cells[Key(row: row, column: column)] {
                        for index in members {
                            found.append(index)
                            distances.append(Self.approximate(from: position, scale: scale, to: candidates[index].region))
                        }
                    }
                    offset += max(step, 1)
                }
            }
            // No candidate outside the block is nearer than this (by the scan's flat distance).
            let south = Double(centre.row - ring) * cell - 90
            let north = Double(centre.row + ring + 1) * cell - 90
            let west = Double(centre.column - ring) * cell - 180
            let east = Double(centre.column + ring + 1) * cell - 180
            // The phone's longitude on the same turn of the circle as the centre cell.
            var x = position.longitude
            while x < west { x += 360 }
            while x > east { x -= 360 }
            let latitudeBound = min(
                south <= -90 ? .infinity : position.latitude - south, north >= 90 ? .infinity : north - position.latitude)
            let longitudeBound = min(x - west, east - x) * scale
            let outside = (min(latitudeBound, longitudeBound) * 111_195) * 0.999_999 - 0.01
            if found.count > limit {
                let kth = Self.smallest(limit + 1, of: distances)
                if outside > kth * 1.02 + 100 { return found }
            }
            ring += 1
        }
    }

    /// The flat-earth distance ``RegionCatalog/nearest(to:among:limit:)`` orders by.
    static func approximate(from position: Coordinate, scale: Double, to region: PhoneRegion) -> Double {
        let dy = region.latitude - position.latitude
        var dx = abs(region.longitude - position.longitude)
        if dx > 180 { dx = 360 - dx }
        return (dy * dy + dx * scale * dx * scale).squareRoot() * 111_195
    }

    /// The `k`-th smallest of `values` (1-based).
    static func smallest(_ k: Int, of values: [Double]) -> Double {
        var best: [Double] = []
        best.reserveCapacity(k + 1)
        for value in values where best.count < k || value < best[best.count - 1] {
            var low = 0
            var high = best.count
            while low < high {
                let middle = (low + high) / 2
                if best[middle] < value { low = middle + 1 } else { high = middle }
            }
            best.insert(value, at: low)
            if best.count > k { best.removeLast() }
        }
        return best[k - 1]
    }
}
