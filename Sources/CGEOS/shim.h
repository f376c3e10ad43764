#ifndef GEOREMIND_CGEOS_SHIM_H
#define GEOREMIND_CGEOS_SHIM_H
// Only the reentrant (*_r) API: every call names the context that owns its handles.
#define GEOS_USE_ONLY_R_API
#include <geos_c.h>
#endif
