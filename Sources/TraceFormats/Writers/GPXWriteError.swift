/// Why a GPX trace could not be written. `file` is the path, or the name given to a handle.
public enum GPXWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotCreate(file: String, reason: String)
    case writeFailed(file: String, reason: String)
    case closeFailed(file: String, reason: String)
    /// `fix` counts from 0; the message counts from 1.
    case badCoordinate(file: String, fix: Int, latitude: Double, longitude: Double)
    /// GPX times are years 0001 to 9999 (xsd:dateTime as GPX tools read it).
    case timeOutOfRange(file: String, fix: Int, secondsSince1970: Double)
    /// A write after ``GPXTraceWriter/finish()``.
    case finished(file: String)

    public var description: String {
        switch self {
        case let .cannotCreate(file, reason):
            "cannot create GPX file '\(file)': \(reason)"
        case let .writeFailed(file, reason):
            "cannot write GPX file '\(file)': \(reason)"
        case let .closeFailed(file, reason):
            "cannot close GPX file '\(file)' (it may be incomplete): \(reason)"
        case let .badCoordinate(file, fix, latitude, longitude):
            "GPX file '\(file)': fix \(fix + 1) (\(latitude), \(longitude)) is not a WGS84 coordinate, so it cannot be written"
        case let .timeOutOfRange(file, fix, seconds):
            "GPX file '\(file)': fix \(fix + 1) time (\(seconds) s since 1970) is outside the years 0001 to 9999"
        case let .finished(file):
            "GPX file '\(file)' is already finished; start a new writer to write more fixes"
        }
    }
}
