import CGeodesic

/// Owns one GeographicLib solver made by the `CGeodesic` shim, and frees it.
///
/// `@unchecked Sendable`: the solver is immutable once made and GeographicLib's const solving
/// methods share no state, so every thread may use it at once.
final class GeodesicSolver: @unchecked Sendable {
    let raw: OpaquePointer

    init?(equatorialRadius: Double, flattening: Double) {
        guard let raw = georemind_geodesic_make(equatorialRadius, flattening) else { return nil }
        self.raw = raw
    }

    deinit { georemind_geodesic_free(raw) }
}
