/// Which CSV columns hold what, found by header name, case-insensitive.
struct CSVColumns: Sendable {
    static let timeNames: Set<String> = ["time", "timestamp", "tst"]
    static let dateNames: Set<String> = ["date"]
    static let latitudeNames: Set<String> = ["lat", "latitude"]
    static let longitudeNames: Set<String> = ["lon", "lng", "long", "longitude"]
    static let accuracyNames: Set<String> = ["accuracy", "acc", "horizontal_accuracy"]
    static let deviceNames: Set<String> = ["device", "tid", "device_id"]

    var time: Int?
    /// A `date` column beside a time column: loggers that split `2024-05-04` and `07:00:00`.
    var date: Int?
    var latitude: Int
    var longitude: Int
    var accuracy: Int?
    var device: Int?
    /// How many leading fields a row needs for every column found.
    let needed: Int

    /// The columns in `header`; throws when latitude or longitude is missing.
    init(header: [String], file: String) throws(TraceError) {
        let names = header.map { $0.lowercased() }
        func column(_ candidates: Set<String>) -> Int? { names.firstIndex(where: candidates.contains) }
        let shown = header.joined(separator: ", ")
        guard let latitude = column(Self.latitudeNames) else {
            throw .missingColumn(file: file, column: "latitude (lat, latitude)", header: shown)
        }
        guard let longitude = column(Self.longitudeNames) else {
            throw .missingColumn(file: file, column: "longitude (lon, lng, long, longitude)", header: shown)
        }
        self.latitude = latitude
        self.longitude = longitude
        time = column(Self.timeNames) ?? column(Self.dateNames)
        date = time.flatMap { names[$0] == "date" ? nil : column(Self.dateNames) }
        accuracy = column(Self.accuracyNames)
        device = column(Self.deviceNames)
        needed = [time, date, latitude, longitude, accuracy, device].compactMap { $0 }.max()! + 1
    }
}
