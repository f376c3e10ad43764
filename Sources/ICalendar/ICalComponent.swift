/// A component (`VCALENDAR`, `VTODO`, `VALARM`, or any unknown one) with its properties in file
/// order and its subcomponents; nothing is dropped, so unknown data survives a round trip.
///
/// Related RFC 5545 section: 3.4 and 3.6.
public struct ICalComponent: Sendable {
    public var name: String
    public var properties: [ICalProperty]
    public var components: [ICalComponent]
    /// The physical line of its `BEGIN:`; nil when built in code. Not part of equality.
    public var lineNumber: Int?

    public init(
        name: String, properties: [ICalProperty] = [], components: [ICalComponent] = [],
        lineNumber: Int? = nil
    ) {
        self.name = name.icalName
        self.properties = properties
        self.components = components
        self.lineNumber = lineNumber
    }

    /// The first property with this name (case-insensitive).
    public func property(_ name: String) -> ICalProperty? {
        let upper = name.uppercased()
        return properties.first { $0.name == upper }
    }

    /// Every property with this name, in order (ATTENDEE, CATEGORIES may repeat).
    public func properties(named name: String) -> [ICalProperty] {
        let upper = name.uppercased()
        return properties.filter { $0.name == upper }
    }

    /// Every direct subcomponent with this name, in order.
    public func components(named name: String) -> [ICalComponent] {
        let upper = name.uppercased()
        return components.filter { $0.name == upper }
    }

    public mutating func append(_ property: ICalProperty) {
        properties.append(property)
    }

    public mutating func append(_ component: ICalComponent) {
        components.append(component)
    }

    /// Removes every property with this name.
    public mutating func removeProperties(named name: String) {
        let upper = name.uppercased()
        properties.removeAll { $0.name == upper }
    }
}

extension ICalComponent: Hashable {
    public static func == (a: ICalComponent, b: ICalComponent) -> Bool {
        a.name == b.name && a.properties == b.properties && a.components == b.components
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(properties)
        hasher.combine(components)
    }
}
