/// One property of a component: its name, parameters in order, and its value as written.
///
/// The value is kept raw (TEXT still escaped) so unknown properties survive a round trip byte
/// for byte; typed readings (`text`, dates, durations, geo) decode it on demand.
/// `lineNumber` records where the reader found it and takes no part in equality.
///
/// Related RFC 5545 section: 3.1 (contentline = name *(";" param) ":" value).
public struct ICalProperty: Sendable {
    public var name: String
    public var parameters: [ICalParameter]
    public var value: String
    /// The physical line the property started on, for error messages; nil when built in code.
    public var lineNumber: Int?

    public init(name: String, parameters: [ICalParameter] = [], value: String, lineNumber: Int? = nil) {
        self.name = name.icalName
        self.parameters = parameters
        self.value = value
        self.lineNumber = lineNumber
    }

    /// A TEXT property; `text` is escaped for writing.
    public init(name: String, parameters: [ICalParameter] = [], text: String) {
        self.init(name: name, parameters: parameters, value: ICalText.escape(text))
    }

    /// A multi-valued TEXT property such as CATEGORIES: each item escaped, joined by commas.
    public init(name: String, parameters: [ICalParameter] = [], textList: [String]) {
        self.init(name: name, parameters: parameters, value: ICalText.joinList(textList))
    }

    /// The first value of the named parameter (case-insensitive name), if present.
    public func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name.uppercased() }?.value
    }

    /// All values of the named parameter, in order.
    public func parameterValues(_ name: String) -> [String] {
        parameters.first { $0.name == name.uppercased() }?.values ?? []
    }

    /// Replaces the named parameter's values, appending it if absent; nil removes it.
    public mutating func setParameter(_ name: String, _ value: String?) {
        let upper = name.uppercased()
        guard let value else {
            parameters.removeAll { $0.name == upper }
            return
        }
        if let index = parameters.firstIndex(where: { $0.name == upper }) {
            parameters[index].values = [value]
        } else {
            parameters.append(ICalParameter(name: upper, value: value))
        }
    }

    /// The value read as TEXT, escapes decoded.
    public var text: String { ICalText.unescape(value) }

    /// The value read as a comma-separated TEXT list (CATEGORIES, RESOURCES).
    public var textList: [String] { ICalText.splitList(value) }
}

extension ICalProperty: Hashable {
    public static func == (a: ICalProperty, b: ICalProperty) -> Bool {
        a.name == b.name && a.parameters == b.parameters && a.value == b.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(parameters)
        hasher.combine(value)
    }
}
