import ICalendar

extension ICalProperty {
    /// Whether this is a RELATED-TO naming the task's parent: RELTYPE=PARENT, or no RELTYPE
    /// (RFC 5545 §3.2.15's default). The reminder's parent is the first such link.
    public var namesParent: Bool {
        name == "RELATED-TO" && (parameter("RELTYPE")?.uppercased() ?? "PARENT") == "PARENT"
    }
}
