/// What a finished command leaves to the process's exit instead of freeing one object at a time:
/// a run's evaluator holds every reminder, fence and engine (with 100,000 places, 40 ms of
/// freeing after the output was complete), all of which the exit gives back at once.
enum LeftToExit {
    /// `nonisolated(unsafe)`: only a command's own thread keeps objects, once, at its end.
    nonisolated(unsafe) private static var kept: [AnyObject] = []

    /// Keeps `object` alive until the process exits.
    static func keep(_ object: AnyObject) {
        kept.append(object)
    }
}
