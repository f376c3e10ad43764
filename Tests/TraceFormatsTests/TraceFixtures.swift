import Foundation
import GeofenceEngine

@testable import TraceFormats

/// Reads committed samples under Fixtures/traces/ and scratch files for edge cases.
enum TraceFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/traces")

    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// All fixes of a committed sample and the read's report.
    static func read(
        _ name: String, format: TraceFormat? = nil,
        options: TraceReadOptions = TraceReadOptions()
    ) throws -> (fixes: [Fix], report: TraceReadReport) {
        try readPath(path(name), format: format, options: options)
    }

    static func readPath(
        _ path: String, format: TraceFormat? = nil,
        options: TraceReadOptions = TraceReadOptions()
    ) throws -> (fixes: [Fix], report: TraceReadReport) {
        var fixes: [Fix] = []
        let report = try TraceReader(path: path, format: format, options: options).read { fixes.append($0) }
        return (fixes, report)
    }

    /// Reads `text` written to a scratch file named `name` (extension chosen by the test).
    static func read(
        text: String, named name: String, format: TraceFormat? = nil,
        options: TraceReadOptions = TraceReadOptions()
    ) throws -> (fixes: [Fix], report: TraceReadReport) {
        try read(data: Data(text.utf8), named: name, format: format, options: options)
    }

    static func read(
        data: Data, named name: String, format: TraceFormat? = nil,
        options: TraceReadOptions = TraceReadOptions()
    ) throws -> (fixes: [Fix], report: TraceReadReport) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("georemind-traces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try data.write(to: file)
        return try readPath(file.path, format: format, options: options)
    }

    /// The error a read throws, or nil when it succeeds.
    static func error(_ name: String, format: TraceFormat? = nil) -> TraceError? {
        do {
            _ = try read(name, format: format)
            return nil
        } catch {
            return error as? TraceError
        }
    }

    static func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }
}
