import Foundation

/// A fast distance around one centre: the Gauss mid-latitude formula on the WGS84 ellipsoid,
/// with the radii of curvature expanded to first order about the centre's latitude.
///
/// Its error grows as d³/cos²φ (measured against GeographicLib: 1e-6 m at 1 km, 1e-3 m at 10 km
/// on the equator), so it is only trusted within ``trustRadius``; beyond, callers use ``Geodesic``.
struct LocalTangentPlane: Sendable {
    /// Centre, radians.
    let latitude: Double
    let longitude: Double
    /// East metres per radian of longitude at the centre, and its derivative with latitude.
    let eastScale: Double
    let eastScaleSlope: Double
    /// North metres per radian of latitude (meridian radius M) at the centre, and its derivative.
    let northScale: Double
    let northScaleSlope: Double
    /// Distances up to this many metres are within ``errorBudget`` of the geodesic distance; 0 near the poles.
    let trustRadius: Double

    /// The largest error accepted from the approximation, in metres.
    static let errorBudget = 5e-4
    /// Empirical bound of the error coefficient: error ≤ c·d³/cos²φ (observed maximum 1.2e-15, ×2.5 margin).
    static let errorCoefficient = 3e-15

    init(center: Coordinate) {
        let a = Geodesic.wgs84.equatorialRadius
        let f = Geodesic.wgs84.flattening
        let e2 = f * (2 - f)
        let phi = center.latitude * radiansPerDegree
        let s = sin(phi), c = cos(phi)
        let w = 1 - e2 * s * s
        let n = a / w.squareRoot()
        let m = a * (1 - e2) / (w * w.squareRoot())
        let dn = a * e2 * s * c / (w * w.squareRoot())
        latitude = phi
        longitude = center.longitude * radiansPerDegree
        eastScale = n * c
        eastScaleSlope = dn * c - n * s
        northScale = m
        northScaleSlope = 3 * a * (1 - e2) * e2 * s * c / (w * w * w.squareRoot())
        if abs(center.latitude) > 89 {
            trustRadius = 0
        } else {
            trustRadius = cbrt(Self.errorBudget * c * c / Self.errorCoefficient)
        }
    }

    /// East and north offsets in metres of a point given in radians.
    @inline(__always)
    func offset(latitude lat: Double, longitude lon: Double) -> (east: Double, north: Double) {
        let dPhi = lat - latitude
        var dLambda = lon - longitude
        if dLambda > .pi { dLambda -= 2 * .pi } else if dLambda < -.pi { dLambda += 2 * .pi }
        let half = 0.5 * dPhi
        return (dLambda * (eastScale + eastScaleSlope * half), dPhi * (northScale + northScaleSlope * half))
    }

    /// Squared approximate distance in m² to a point given in radians.
    @inline(__always)
    func squaredDistance(latitude lat: Double, longitude lon: Double) -> Double {
        let o = offset(latitude: lat, longitude: lon)
        return o.east * o.east + o.north * o.north
    }
}

/// Degrees to radians as one multiplication (`x * .pi / 180` would divide on every fix).
let radiansPerDegree = Double.pi / 180
