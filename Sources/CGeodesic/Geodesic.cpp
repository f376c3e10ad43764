#include "CGeodesic.h"

#include <GeographicLib/Geodesic.hpp>
#include <new>

struct georemind_geodesic {
    GeographicLib::Geodesic solver;
};

georemind_geodesic *georemind_geodesic_make(double a, double f) {
    try {
        return new georemind_geodesic{GeographicLib::Geodesic(a, f)};
    } catch (...) {
        // GeographicErr for an impossible ellipsoid, bad_alloc: no exception may cross into Swift.
        return nullptr;
    }
}

void georemind_geodesic_free(georemind_geodesic *geodesic) { delete geodesic; }

void georemind_geodesic_inverse(const georemind_geodesic *geodesic, double lat1, double lon1, double lat2, double lon2,
                                double *s12, double *azi1, double *azi2) {
    geodesic->solver.Inverse(lat1, lon1, lat2, lon2, *s12, *azi1, *azi2);
}

void georemind_geodesic_direct(const georemind_geodesic *geodesic, double lat1, double lon1, double azi1, double s12,
                               double *lat2, double *lon2, double *azi2) {
    geodesic->solver.Direct(lat1, lon1, azi1, s12, *lat2, *lon2, *azi2);
}
