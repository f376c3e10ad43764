/// Rows of cells padded to their column's widest cell, two spaces apart; no trailing spaces.
/// A cell wider than ``maximumCellWidth`` is cut with `…`: one huge title must not pad every row
/// to its width (JSON output keeps every character).
struct TextTable {
    static let maximumCellWidth = 120

    let rows: [[String]]

    init(rows: [[String]]) {
        self.rows = rows.map { row in
            row.map { cell in cell.count > Self.maximumCellWidth ? cell.prefix(Self.maximumCellWidth - 1) + "…" : cell }
        }
    }

    var text: String {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in
            rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.map { line in String(line[..<(line.lastIndex { $0 != " " }.map(line.index(after:)) ?? line.startIndex)]) }
            .joined(separator: "\n")
    }
}
