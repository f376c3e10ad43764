import Synchronization

/// The continuations of the change streams a store handed out, told of this store's own commits.
final class ChangeObservers: Sendable {
    private let continuations = Mutex<[Int: AsyncStream<Void>.Continuation]>([:])
    private let nextToken = Atomic<Int>(0)

    func add(_ continuation: AsyncStream<Void>.Continuation) -> Int {
        let token = nextToken.add(1, ordering: .relaxed).newValue
        continuations.withLock { $0[token] = continuation }
        return token
    }

    func remove(_ token: Int) {
        _ = continuations.withLock { $0.removeValue(forKey: token) }
    }

    /// The number of live streams.
    var count: Int { continuations.withLock { $0.count } }

    func notify() {
        for continuation in continuations.withLock({ Array($0.values) }) {
            continuation.yield()
        }
    }
}
