import Foundation
import Testing

/// `georemind --version`: the program's version and the libraries it runs with, for bug reports.
struct VersionCommandTests {
    @Test func versionNamesTheLibraries() throws {
        let result = try CLISandbox().run(["--version"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.first?.wholeMatch(of: /georemind \d+\.\d+\.\d+/) != nil)
        #expect(lines.dropFirst().first?.wholeMatch(of: /GEOS 3\.\d+\.\d+.*-CAPI-.*/) != nil)
        #expect(lines.dropFirst(2).first?.wholeMatch(of: /SQLite 3\.\d+\.\d+/) != nil)
        #expect(lines.last == "PostgreSQL wire protocol 3.0 (postgres-nio)")
    }
}
