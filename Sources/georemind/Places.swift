import ArgumentParser
import Foundation

/// `georemind places`: the map data's places with coordinates and radius.
struct Places: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places", abstract: "Show the places --at can name.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let catalog = try global.loadMapData()
        let rows =
            [["NAME", "LATITUDE", "LONGITUDE", "RADIUS"]]
            + catalog.annotations.map { place in
                [
                    place.name, String(format: "%.6f", place.coordinates.latitude),
                    String(format: "%.6f", place.coordinates.longitude),
                    place.radius.map { String(format: "%g m", $0) } ?? "-",
                ]
            }
        print(TextTable(rows: rows).text)
    }
}
