/// What a client protocol keeps with a reminder it just stored, in the transaction that stored
/// it: the resource it lists next (``KeptRendering``, kept by a store file) and the client's own
/// bytes when they stand for the reminder (``ClientCopy``; nil forgets an older copy).
public struct KeptResource: Sendable {
    public var rendering: KeptRendering
    public var clientCopy: ClientCopy?

    public init(rendering: KeptRendering, clientCopy: ClientCopy?) {
        self.rendering = rendering
        self.clientCopy = clientCopy
    }
}
