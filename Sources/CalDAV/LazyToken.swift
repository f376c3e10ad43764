import Foundation

/// A value made once, on first use, by whichever request asks for it first.
final class LazyToken: @unchecked Sendable {
    private let lock = NSLock()
    private var made: String?
    private let make: () -> String

    init(_ make: @escaping () -> String) { self.make = make }

    var value: String {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}
