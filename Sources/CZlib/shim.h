#include <zlib.h>

/* deflateInit2 is a macro, which Swift cannot call; this function can. windowBits 31: a gzip wrapper. */
static inline int czlib_gzip_init(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY);
}
