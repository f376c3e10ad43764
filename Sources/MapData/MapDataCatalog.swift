import Foundation

/// The places of one `MapData.json` file, looked up by name without regard to case.
///
/// Entries are numbered from 1 in error messages, in file order.
package struct MapDataCatalog: Sendable {
    /// The places in file order.
    package let annotations: [MapAnnotation]
    private let indexByKey: [String: Int]

    /// Validates `annotations` as if they had been read from `file`.
    package init(annotations: [MapAnnotation], file: String = "<memory>") throws(MapDataError) {
        var index: [String: Int] = [:]
        for (offset, annotation) in annotations.enumerated() {
            let entry = offset + 1
            try Self.validate(annotation, file: file, entry: entry)
            let key = Self.key(annotation.name)
            if let first = index[key] {
                throw .duplicateName(file: file, entry: entry, name: annotation.name, firstEntry: first + 1)
            }
            index[key] = offset
        }
        self.annotations = annotations
        self.indexByKey = index
    }

    /// Reads and validates a `MapData.json` file.
    package init(contentsOf url: URL) throws(MapDataError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(file: url.path, reason: (error as NSError).localizedDescription)
        }
        try self.init(data: data, file: url.path)
    }

    /// Parses and validates the JSON text of a `MapData.json` file.
    package init(data: Data, file: String) throws(MapDataError) {
        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode([Entry].self, from: data)
        } catch let DecodingError.typeMismatch(_, context) {
            throw Self.error(file: file, context: context, missing: false)
        } catch let DecodingError.valueNotFound(_, context) {
            throw Self.error(file: file, context: context, missing: true)
        } catch let DecodingError.keyNotFound(key, context) {
            guard let entry = context.codingPath.first?.intValue else { throw .notAnArray(file: file) }
            throw .missingField(file: file, entry: entry + 1, field: key.stringValue)
        } catch let DecodingError.dataCorrupted(context) {
            throw .notJSON(file: file, reason: Self.shortReason(context.underlyingError) ?? context.debugDescription)
        } catch {
            throw .notJSON(file: file, reason: "\(error)")
        }
        try self.init(annotations: entries.map(\.annotation), file: file)
    }

    /// The place with this name, ignoring case and surrounding spaces.
    package func annotation(named name: String) -> MapAnnotation? {
        indexByKey[Self.key(name)].map { annotations[$0] }
    }

    private static func key(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// A file entry as decoded; validation happens afterwards so that messages name the entry.
    private struct Entry: Decodable {
        var annotation: MapAnnotation
        init(from decoder: any Decoder) throws {
            annotation = try MapAnnotation(from: decoder)
        }
    }

    private static func error(file: String, context: DecodingError.Context, missing: Bool) -> MapDataError {
        guard let entry = context.codingPath.first?.intValue else { return .notAnArray(file: file) }
        guard context.codingPath.count > 1, let field = context.codingPath.last?.stringValue else {
            return .badEntry(file: file, entry: entry + 1, reason: "expected an object with name and coordinates")
        }
        if missing { return .missingField(file: file, entry: entry + 1, field: field) }
        let expected =
            field == "name"
            ? "a string"
            : field == "coordinates"
                ? "an object with latitude and longitude" : field == "area" ? "a GeoJSON Polygon geometry" : "a number"
        return .badEntry(file: file, entry: entry + 1, reason: "\(field) must be \(expected)")
    }

    private static func validate(_ annotation: MapAnnotation, file: String, entry: Int) throws(MapDataError) {
        if key(annotation.name).isEmpty { throw .emptyName(file: file, entry: entry) }
        let c = annotation.coordinates
        if !c.latitude.isFinite || !(-90...90).contains(c.latitude) {
            throw .coordinateOutOfRange(file: file, entry: entry, field: "latitude", value: c.latitude)
        }
        if !c.longitude.isFinite || !(-180...180).contains(c.longitude) {
            throw .coordinateOutOfRange(file: file, entry: entry, field: "longitude", value: c.longitude)
        }
        if let radius = annotation.radius, !radius.isFinite || radius < 0 {
            throw .badRadius(file: file, entry: entry, value: radius)
        }
        if let area = annotation.area {
            guard area.type == "Polygon" else {
                throw .badEntry(file: file, entry: entry, reason: "area must be a GeoJSON Polygon, not \(area.type)")
            }
            guard !area.coordinates.isEmpty,
                area.coordinates.allSatisfy({ ring in ring.count >= 4 && ring.allSatisfy { $0.count >= 2 } && ring.first == ring.last })
            else {
                throw .badEntry(file: file, entry: entry, reason: "area rings need 4 or more [longitude, latitude] positions, closed")
            }
        }
    }

    private static func shortReason(_ error: (any Error)?) -> String? {
        guard let error else { return nil }
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }
}
