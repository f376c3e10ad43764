extension EngineStatistics {
    /// Adds another engine's counts, e.g. of the other shards of one stream.
    public mutating func add(_ other: EngineStatistics) {
        admitted += other.admitted
        for (reason, count) in other.rejected { rejected[reason, default: 0] += count }
        insidePairs += other.insidePairs
        geosFailures += other.geosFailures
    }
}
