import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one-server-per-store rule: an exclusive `flock(2)` on `STORE.serve-lock`, held for the
/// process's life (the kernel releases it when the process dies, even by SIGKILL).
package final class EvaluationLock: Sendable {
    let descriptor: Int32
    package let path: String

    package init(storePath: String) throws(LiveEvaluationError) {
        path = storePath + ".serve-lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotLock(path: path, reason: String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            close(fd)
            if busy { throw .storeBusy(path: storePath) }
            throw .cannotLock(path: path, reason: reason)
        }
        descriptor = fd
    }

    deinit { close(descriptor) }
}
