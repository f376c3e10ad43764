import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks what is at a store's path before SQLite may write to it.
enum StoreFile {
    /// Passes when nothing or an empty file is at `path`, or a georemind store (by its
    /// `application_id`), or an SQLite database with no tables at all; throws `notAStore`
    /// otherwise, before anything is written.
    static func checkIsStoreOrAbsent(path: String) throws {
        // A FIFO or device would block the read below, or never end: only a regular file is a store.
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG { throw StoreError.notAStore(path: path) }
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
        config.busyMode = .timeout(5)
        let (applicationID, tableCount): (Int32, Int) = try {
            do {
                return try DatabaseQueue(path: path, configuration: config).read { db in
                    (
                        try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                        try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
                    )
                }
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
                // Another process is writing the file (its first use, say): that says nothing of what it is.
                throw StoreError.cannotOpen(path: path, reason: "\(error)")
            } catch {
                throw StoreError.notAStore(path: path)
            }
        }()
        guard applicationID == StoreSchema.applicationID || (applicationID == 0 && tableCount == 0) else {
            throw StoreError.notAStore(path: path)
        }
    }

    /// `path` as an SQLite URI opening it immutable (no locks, no -shm), when that reads every
    /// committed byte: its folder cannot be written (so no -shm can be made) and no -wal file
    /// holds commits not yet copied into it. Nil otherwise.
    /// SQLite documentation: <https://www.sqlite.org/uri.html#uriimmutable>.
    static func immutableURI(path: String) -> String? {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent().path
        guard !FileManager.default.isWritableFile(atPath: folder), (size(path: url.path + "-wal") ?? 0) == 0 else { return nil }
        // RFC 3986 path characters; `?` and `#` would end the path, `%` must be escaped itself.
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        guard let escaped = url.path.addingPercentEncoding(withAllowedCharacters: allowed) else { return nil }
        return "file:\(escaped)?immutable=1"
    }

    /// The file's size in bytes; nil when there is none.
    static func size(path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int(status.st_size)
    }

    /// Takes the exclusive `flock` of the folder holding `path`, waiting for another process that
    /// holds it: opening and migrating a store is one step, so processes starting on a missing
    /// file at once do not race to create its tables. The folder is locked, not the file: closing
    /// any descriptor of the database file would drop the POSIX locks SQLite holds on it
    /// (<https://www.sqlite.org/howtocorrupt.html#_posix_advisory_locks_canceled_by_a_separate_thread_doing_close_>).
    static func lock(path: String) throws -> Lock {
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG { throw StoreError.notAStore(path: path) }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        // No folder to lock: SQLite will say why when it opens the file.
        guard descriptor >= 0 else { return Lock(descriptor: -1) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return Lock(descriptor: descriptor)
    }

    /// An exclusive `flock` held until ``unlock()``.
    struct Lock {
        let descriptor: Int32

        func unlock() {
            guard descriptor >= 0 else { return }
            _ = flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }
}
