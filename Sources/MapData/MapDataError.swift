/// Why a `MapData.json` file could not be used; each case names the file and the entry.
package enum MapDataError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case notJSON(file: String, reason: String)
    case notAnArray(file: String)
    case badEntry(file: String, entry: Int, reason: String)
    case missingField(file: String, entry: Int, field: String)
    case coordinateOutOfRange(file: String, entry: Int, field: String, value: Double)
    case badRadius(file: String, entry: Int, value: Double)
    case emptyName(file: String, entry: Int)
    case duplicateName(file: String, entry: Int, name: String, firstEntry: Int)

    package var description: String {
        switch self {
        case let .unreadable(file, reason):
            return "\(file): cannot read map data: \(reason)"
        case let .notJSON(file, reason):
            return "\(file): not valid JSON: \(reason)"
        case let .notAnArray(file):
            return "\(file): map data must be a JSON array of places"
        case let .badEntry(file, entry, reason):
            return "\(file): entry \(entry): \(reason)"
        case let .missingField(file, entry, field):
            return "\(file): entry \(entry): missing field '\(field)'"
        case let .coordinateOutOfRange(file, entry, field, value):
            let range = field == "latitude" ? "-90...90" : "-180...180"
            return "\(file): entry \(entry): \(field) \(value) is outside \(range)"
        case let .badRadius(file, entry, value):
            return "\(file): entry \(entry): radius \(value) must be a finite number of metres >= 0"
        case let .emptyName(file, entry):
            return "\(file): entry \(entry): name is empty"
        case let .duplicateName(file, entry, name, firstEntry):
            return "\(file): entry \(entry): duplicate name '\(name)' (also entry \(firstEntry); names are case-insensitive)"
        }
    }
}
