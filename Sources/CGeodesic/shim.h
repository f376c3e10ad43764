#ifndef GEOREMIND_CGEODESIC_SHIM_H
#define GEOREMIND_CGEODESIC_SHIM_H
// Karney's geodesic algorithms (GeographicLib's C port), installed by libproj-dev.
#include <geodesic.h>
#endif
