import Synchronization

/// The continuations of the change streams a store handed out, told of this store's own commits.
final class ChangeObservers: Sendable {
    private let continuations = Mutex<[Int: (kinds: StoreChanges, continuation: AsyncStream<Void>.Continuation)]>([:])
    private let nextToken = Atomic<Int>(0)

    func add(_ continuation: AsyncStream<Void>.Continuation, for kinds: StoreChanges) -> Int {
        let token = nextToken.add(1, ordering: .relaxed).newValue
        continuations.withLock { $0[token] = (kinds, continuation) }
        return token
    }

    func remove(_ token: Int) {
        _ = continuations.withLock { $0.removeValue(forKey: token) }
    }

    /// The number of live streams.
    var count: Int { continuations.withLock { $0.count } }

    /// Wakes the streams that asked for any of `changes`.
    func notify(_ changes: StoreChanges) {
        let woken = continuations.withLock { $0.values.filter { !$0.kinds.isDisjoint(with: changes) } }
        for observer in woken {
            observer.continuation.yield()
        }
    }
}
