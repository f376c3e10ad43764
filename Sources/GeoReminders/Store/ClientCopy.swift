/// A reminder's bytes as a client last stored them (a CalDAV PUT), so that the client reads back
/// what it wrote and its entity tag stays the one it was given. It stands for the reminder only
/// while the store's own rendering of the reminder is still ``renderedTag``: any change made since,
/// anywhere (another client, the command line, a completion, an alarm firing), changes that
/// rendering, and the reminder is then served as rendered again.
public struct ClientCopy: Sendable, Equatable {
    /// The entity tag of the store's own rendering of the reminder just after the client stored it.
    public var renderedTag: String
    /// The entity tag of ``bytes``.
    public var tag: String
    public var bytes: [UInt8]

    public init(renderedTag: String, tag: String, bytes: [UInt8]) {
        self.renderedTag = renderedTag
        self.tag = tag
        self.bytes = bytes
    }
}
