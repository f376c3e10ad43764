import Foundation

/// The repository's `Fixtures/` folder, found from this file so tests run from any directory.
public let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

/// A file under `Fixtures/`, by its relative path (`traces/commute.gpx`).
public func fixturePath(_ relative: String) -> String {
    fixtures.appendingPathComponent(relative).path
}
