import CGEOS

/// The owner of one GEOS reentrant context (`GEOS_init_r` … `GEOS_finish_r`).
///
/// GEOS reports errors and notices through handlers instead of return values; this context keeps
/// the latest of each (replaced, never accumulated) so callers can turn a failed call into a
/// ``GEOSError``, and nothing is ever printed. Create one per engine, not per operation.
/// Not Sendable: a GEOS context must not be used from two threads at once.
final class GEOSContext {
    let handle: GEOSContextHandle_t
    private(set) var lastError: String?
    private(set) var lastNotice: String?

    init() {
        // GEOS_init_r only fails when memory is exhausted, which Swift treats as fatal anyway.
        guard let handle = GEOS_init_r() else { fatalError("GEOS_init_r returned NULL (out of memory)") }
        self.handle = handle
        let me = Unmanaged.passUnretained(self).toOpaque()
        GEOSContext_setErrorMessageHandler_r(
            handle,
            { message, userData in
                guard let userData else { return }
                let context = Unmanaged<GEOSContext>.fromOpaque(userData).takeUnretainedValue()
                context.lastError = message.map { String(cString: $0) } ?? ""
            }, me)
        GEOSContext_setNoticeMessageHandler_r(
            handle,
            { message, userData in
                guard let userData else { return }
                let context = Unmanaged<GEOSContext>.fromOpaque(userData).takeUnretainedValue()
                context.lastNotice = message.map { String(cString: $0) } ?? ""
            }, me)
    }

    deinit {
        GEOS_finish_r(handle)
    }

    /// The error for a failed `operation`, consuming the message GEOS reported for it.
    func error(_ operation: String) -> GEOSError {
        defer { lastError = nil }
        return .failed(operation: operation, message: lastError ?? "")
    }
}
