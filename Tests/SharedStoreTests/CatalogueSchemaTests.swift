import Foundation
import GeoReminders
import SharedStore
import TestSupport
import Testing

/// The table catalogue against PostgreSQL's own schema after every migration: the columns a
/// working copy selects and writes back exist, in the catalogue's tables, with the catalogue's
/// keys, identity columns and booleans. (SnapshotTests holds it against SQLite's.)
@Suite struct CatalogueSchemaTests {
    @Test func everyCatalogueTableIsPostgresSTableWithItsKeysAndTypes() async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let workspace = try await SharedWorkspace.open(try PostgresAddress(parsing: try server.createDatabase("store")))
        await workspace.close()
        let described = try server.psql(
            """
            SELECT table_name, column_name, data_type, is_identity FROM information_schema.columns
            WHERE table_schema = 'public' ORDER BY table_name, ordinal_position
            """, database: "store"
        ).split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
        let keys = try server.psql(
            """
            SELECT c.relname, a.attname FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
            CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position)
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
            WHERE i.indisprimary ORDER BY c.relname, k.position
            """, database: "store"
        ).split(separator: "\n").map { $0.split(separator: "|").map(String.init) }
        for table in StoreCatalogue.tables {
            let folded = table.name.lowercased()
            let columns = Dictionary(
                uniqueKeysWithValues: described.filter { $0[0] == folded }.map { ($0[1], (type: $0[2], identity: $0[3] == "YES")) })
            // PostgreSQL's columns may come in another order (added later); the copy names each.
            #expect(Set(columns.keys) == Set(table.columns.map { $0.lowercased() }), "\(table.name)'s columns")
            let booleans = Set(columns.filter { $0.value.type == "boolean" }.keys)
            #expect(booleans == Set(table.booleanColumns.map { $0.lowercased() }), "\(table.name)'s booleans")
            let identity = columns.filter(\.value.identity).keys.sorted()
            #expect(identity == (table.generatedKey.map { [$0.lowercased()] } ?? []), "\(table.name)'s generated key")
            #expect(keys.filter { $0[0] == folded }.map { $0[1] } == table.key.map { $0.lowercased() }, "\(table.name)'s key")
        }
    }
}
