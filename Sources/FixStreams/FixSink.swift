import GeofenceEngine

/// Where a ``FixReading``'s producer puts its stream: fixes it parsed itself (``yield(_:)``), and
/// jobs that parse a part of the stream on whichever of the reading's threads is free
/// (``hand(_:)``). Either way the fixes take their place in the stream after everything handed
/// before them, so a reader can split a file into runs of lines parsed on every core.
///
/// Not Sendable: it belongs to the producer's thread.
public final class FixSink {
    private let pipeline: PipelineState
    private var parsed: [Fix] = []

    init(_ pipeline: PipelineState) {
        self.pipeline = pipeline
    }

    /// The next fix of the stream; throws `CancellationError` once the run stopped.
    public func yield(_ fix: Fix) throws {
        if parsed.isEmpty { parsed.reserveCapacity(pipeline.batchSize) }
        parsed.append(fix)
        if parsed.count >= pipeline.batchSize { try flush() }
    }

    /// The next part of the stream, as a job that parses it and appends its fixes, in order, to
    /// the batches it is given; it runs on some thread of the reading, before the fixes after it
    /// are decided. `expected`: about how many fixes it yields.
    public func hand(expecting expected: Int = 0, _ job: @escaping @Sendable (_ fixes: inout RoutedFixes) -> Void) throws {
        try flush()
        try pipeline.submit(.job(job, expected: expected))
    }

    /// Waits until every job handed so far has run (parsing others, or deciding, meanwhile), so
    /// what they recorded besides their fixes can be read.
    public func awaitJobs() throws {
        try pipeline.awaitJobs()
    }

    /// Hands over the fixes yielded since the last segment.
    func flush() throws {
        guard !parsed.isEmpty else { return }
        let fixes = parsed
        parsed = []
        try pipeline.submit(.parsed(fixes))
    }
}
