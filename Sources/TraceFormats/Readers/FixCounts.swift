import GeofenceEngine

/// Fixes read, by whether the engine could use them at all: a file whose every fix lacks a time
/// or valid coordinates (its first two admission rules) has no usable fix.
struct FixCounts: Sendable {
    var usable = 0
    var badCoordinates = 0
    var noTime = 0

    mutating func count(_ fix: Fix) {
        if !fix.coordinate.isValid {
            badCoordinates += 1
        } else if fix.time?.timeIntervalSinceReferenceDate.isFinite != true {
            noTime += 1
        } else {
            usable += 1
        }
    }

    mutating func add(_ other: FixCounts) {
        usable += other.usable
        badCoordinates += other.badCoordinates
        noTime += other.noTime
    }
}
