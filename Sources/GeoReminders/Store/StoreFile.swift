import Foundation
import GRDB

/// Checks what is at a store's path before SQLite may write to it.
enum StoreFile {
    /// Passes when nothing or an empty file is at `path`, or a georemind store (by its
    /// `application_id`), or an SQLite database with no tables at all; throws `notAStore`
    /// otherwise, before anything is written.
    static func checkIsStoreOrAbsent(path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        try? handle.close()
        if header.isEmpty { return }
        // The database header: <https://www.sqlite.org/fileformat.html#the_database_header>.
        guard header.count == 100, header.prefix(16) == Data("SQLite format 3\0".utf8) else {
            throw StoreError.notAStore(path: path)
        }
        let headerID = header[68..<72].reduce(Int32(0)) { $0 << 8 | Int32($1) }
        if headerID == StoreSchema.applicationID { return }
        // The header may lag the WAL; ask SQLite, read-only.
        var config = Configuration()
        config.readonly = true
        let (applicationID, tableCount): (Int32, Int) = try {
            do {
                return try DatabaseQueue(path: path, configuration: config).read { db in
                    (try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                     try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0)
                }
            } catch {
                throw StoreError.notAStore(path: path)
            }
        }()
        guard applicationID == StoreSchema.applicationID || (applicationID == 0 && tableCount == 0) else {
            throw StoreError.notAStore(path: path)
        }
    }
}
