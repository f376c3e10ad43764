import GeoReminders
import GeofenceEngine

/// What `georemind --version` prints: the program's version and the libraries it runs with, the
/// first things a bug report needs.
enum VersionText {
    /// This program's version.
    static let georemind = "0.3.0"

    static var text: String {
        """
        georemind \(georemind)
        GEOS \(GEOSVersion.text)
        SQLite \(SQLiteVersion.text)
        PostgreSQL wire protocol 3.0 (postgres-nio)
        """
    }
}
