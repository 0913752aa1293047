#ifndef CLOYALTY_ZLIB_SHIM_H
#define CLOYALTY_ZLIB_SHIM_H

#include <zlib.h>

/// deflateInit2 and inflateInit2 are macros that pass the library version and
/// the stream size; Swift cannot import them, so these wrappers do.
static inline int cloyalty_deflate_init_gzip(z_streamp stream, int level) {
  return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

/// windowBits 15 + 32 detects gzip or zlib headers automatically.
static inline int cloyalty_inflate_init_auto(z_streamp stream) {
  return inflateInit2(stream, 15 + 32);
}

#endif
