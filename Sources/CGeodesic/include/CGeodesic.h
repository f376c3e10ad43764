#ifndef GEOREMIND_CGEODESIC_H
#define GEOREMIND_CGEODESIC_H
// Karney's geodesic algorithms from GeographicLib, his own C++ library, behind a C interface Swift
// imports. Only GeographicLib (and the C++ runtime GEOS already loads) comes with it, where
// PROJ's copy of the same solver made every process load some 35 libraries first.

#ifdef __cplusplus
extern "C" {
#endif

/// An ellipsoid's solver (a GeographicLib::Geodesic): immutable once made, so any thread may use it.
typedef struct georemind_geodesic georemind_geodesic;

/// A solver for the ellipsoid of equatorial radius `a` (metres) and flattening `f`; NULL if
/// GeographicLib rejects that ellipsoid. Free it with georemind_geodesic_free.
georemind_geodesic *georemind_geodesic_make(double a, double f);

void georemind_geodesic_free(georemind_geodesic *geodesic);

/// The inverse problem: distance `s12` (m) and azimuths (degrees) from point 1 to point 2.
void georemind_geodesic_inverse(const georemind_geodesic *geodesic, double lat1, double lon1, double lat2, double lon2,
                                double *s12, double *azi1, double *azi2);

/// The direct problem: the point `s12` metres from point 1 at azimuth `azi1`, and the azimuth there.
void georemind_geodesic_direct(const georemind_geodesic *geodesic, double lat1, double lon1, double azi1, double s12,
                               double *lat2, double *lon2, double *azi2);

#ifdef __cplusplus
}
#endif

#endif
