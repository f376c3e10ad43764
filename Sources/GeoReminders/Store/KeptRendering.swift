/// A reminder as one client protocol last rendered it: a resource name, an entity tag and the
/// bytes, with the context they were rendered in (what else the bytes carry, such as the list's
/// title, and the rendering's edition). The store drops it whenever the reminder or one of its
/// alarms changes, so a kept rendering whose context still matches is the reminder's bytes.
public struct KeptRendering: Sendable, Equatable {
    public var context: String
    public var name: String
    public var tag: String
    public var bytes: [UInt8]

    public init(context: String, name: String, tag: String, bytes: [UInt8]) {
        self.context = context
        self.name = name
        self.tag = tag
        self.bytes = bytes
    }
}
