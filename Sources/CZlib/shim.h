#ifndef GEOREMIND_CZLIB_SHIM_H
#define GEOREMIND_CZLIB_SHIM_H
#include <zlib.h>

// inflateInit2 is a macro passing ZLIB_VERSION and sizeof(z_stream); Swift cannot call macros.
// windowBits 15 + 32: accept gzip or zlib headers, detected automatically.
static inline int georemind_inflate_init(z_streamp stream) {
    return inflateInit2(stream, 15 + 32);
}
#endif
