import GeoReminders

/// The places of the map data the server was started with, for `at` in reminder requests and
/// `GET /api/v1/places`; loaded lazily by the front, as the command line does.
package struct PlaceDirectory: Sendable {
    package var all: @Sendable () throws -> [StructuredLocation]
    package var named: @Sendable (String) throws -> StructuredLocation?

    package init(
        all: @escaping @Sendable () throws -> [StructuredLocation], named: @escaping @Sendable (String) throws -> StructuredLocation?
    ) {
        self.all = all
        self.named = named
    }

    /// No map data: every place name is unknown.
    package static let empty = PlaceDirectory(all: { [] }, named: { _ in nil })
}
