import FixStreams
import Foundation
import GeofenceEngine
import Synchronization
import Testing

@testable import TraceFormats

/// CSV rows parsed by a pipeline's threads, in runs of whole lines, give exactly what reading line
/// by line gives: the fixes in order, the counts, and the skipped rows' first samples with their
/// line numbers; an input that breaks is reported at the same line.
@Suite struct CSVParallelReadTests {
    /// The fixes in stream order and the report, read through a two-consumer pipeline.
    func readInPipeline(_ path: String, chunkBytes: Int, readLimit: Int = .max) throws -> (fixes: [Fix], report: TraceReadReport) {
        var reader = TraceReader(path: path)
        reader.csvChunkBytes = chunkBytes
        let seen = Mutex<[(position: Int, fix: Fix)]>([])
        let report = try FixPipeline.start(
            consumers: 2, batchSize: 7, depth: 2,
            producer: { [reader] sink in
                try reader.read(readLimit: readLimit, sniffLength: 4096, sink: sink, sink.yield)
            }
        ).consume { _, batch in
            seen.withLock { seen in
                for (index, fix) in batch.fixes.enumerated() { seen.append((batch.position(of: index), fix)) }
            }
        }
        let fixes = seen.withLock { $0 }.sorted { $0.position < $1.position }
        #expect(fixes.map(\.position) == Array(fixes.indices))
        return (fixes.map(\.fix), report)
    }

    @Test(arguments: ["gpslogger.csv", "phone-export-ms.csv", "tracker.tsv", "gpslogger.csv.gz"])
    func fixturesReadTheSame(name: String) throws {
        var expected: [Fix] = []
        let expectedReport = try TraceReader(path: TraceFixtures.path(name)).read { expected.append($0) }
        for chunkBytes in [1, 7, 64, 4096] {
            let (fixes, report) = try readInPipeline(TraceFixtures.path(name), chunkBytes: chunkBytes, readLimit: 13)
            #expect(fixes == expected, "runs of \(chunkBytes) bytes")
            #expect(report == expectedReport, "runs of \(chunkBytes) bytes")
        }
    }

    /// Blank lines before the header, a BOM, CRLF endings, blank and bad rows of every kind, quoted
    /// devices with doubled quotes, more skips than samples kept, no newline at the end, and in
    /// runs of a line or two more runs than the reader keeps before merging their reports.
    @Test func aHostileFileReadsTheSame() throws {
        var text = "\n\r\n\u{FEFF}time,device,lat,lon,acc\r\n"
        for n in 0..<3_000 {
            switch n % 9 {
            case 0: text += "\n"
            case 1: text += "2024-05-04T07:00:\(String(format: "%02d", n % 60))Z,\"car \"\"\(n % 3)\"\"\",48.1,11.5,5\r\n"
            case 2: text += "not a time,phone,48.2,11.6,5\n"
            case 3: text += "1714806000.5,phone,,11.6\n"
            case 4: text += "1714806001,phone,48.2,x11.6,3\n"
            case 5: text += "1714806002,\"unclosed,48.2,11.6\n"
            case 6: text += "   \t  \n"
            case 7: text += "1714806003,phone,48.3,11.7,bad\n"
            default: text += "\(1_714_806_004 + n),phone-\(n % 4),\(48 + Double(n) / 1000),11.7,8\n"
            }
        }
        text += "1714809999,last,48.9,11.9"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("georemind-csv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("hostile.csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var expected: [Fix] = []
        let expectedReport = try TraceReader(path: path).read { expected.append($0) }
        #expect(expected.count > 80 && expectedReport.totalSkipped > 200 && expectedReport.samples.count == 3)
        for chunkBytes in [1, 50, 333, 1 << 20] {
            let (fixes, report) = try readInPipeline(path, chunkBytes: chunkBytes)
            #expect(fixes == expected, "runs of \(chunkBytes) bytes")
            #expect(report == expectedReport, "runs of \(chunkBytes) bytes")
        }
    }

    /// A gzip stream cut short: the same error at the same line, after the same fixes.
    @Test func aCutStreamFailsAtTheSameLine() throws {
        var expected: TraceError?
        var expectedFixes: [Fix] = []
        do { _ = try TraceReader(path: TraceFixtures.path("cut.csv.gz")).read { expectedFixes.append($0) } } catch {
            expected = error as? TraceError
        }
        #expect(expected != nil)
        for chunkBytes in [1, 64] {
            #expect(throws: expected!) { try readInPipeline(TraceFixtures.path("cut.csv.gz"), chunkBytes: chunkBytes, readLimit: 5) }
        }
    }

    /// A long gzip stream cut short, read in runs of the default size: the whole lines before the
    /// cut are parsed (the same fixes), then the same error at the same line.
    @Test func aLongCutStreamYieldsEveryWholeLineFirst() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("georemind-csv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("long.csv")
        var text = "time,device,lat,lon\n"
        for n in 0..<40_000 { text += "\(1_714_806_000 + n),phone-\(n % 7),\(48 + Double(n % 1000) / 10_000),11.5\n" }
        try Data(text.utf8).write(to: plain)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-k", plain.path]
        try gzip.run()
        gzip.waitUntilExit()
        let whole = try Data(contentsOf: URL(fileURLWithPath: plain.path + ".gz"))
        let cut = folder.appendingPathComponent("cut.csv.gz").path
        try whole.prefix(whole.count * 2 / 3).write(to: URL(fileURLWithPath: cut))
        var expectedFixes: [Fix] = []
        var expected: TraceError?
        do { _ = try TraceReader(path: cut).read { expectedFixes.append($0) } } catch { expected = error as? TraceError }
        guard case let .truncated(_, line, _)? = expected else {
            Issue.record("expected a truncated stream, got \(String(describing: expected))")
            return
        }
        #expect(line > 20_000 && expectedFixes.count == line - 2)
        for chunkBytes in [CSVTraceReader.chunkBytes, 4_096] {
            var reader = TraceReader(path: cut)
            reader.csvChunkBytes = chunkBytes
            let seen = Mutex<[(position: Int, fix: Fix)]>([])
            #expect(throws: expected!) {
                try FixPipeline.start(
                    consumers: 2,
                    producer: { [reader] sink in try reader.read(into: sink) }
                ).consume { _, batch in
                    seen.withLock { seen in
                        for (index, fix) in batch.fixes.enumerated() { seen.append((batch.position(of: index), fix)) }
                    }
                }
            }
            #expect(seen.withLock { $0 }.sorted { $0.position < $1.position }.map(\.fix) == expectedFixes, "runs of \(chunkBytes) bytes")
        }
    }
}
