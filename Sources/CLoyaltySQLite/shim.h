#ifndef CLOYALTY_SQLITE_SHIM_H
#define CLOYALTY_SQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro that Swift cannot import: it tells SQLite
/// to copy bound text and blobs before the call returns.
static inline sqlite3_destructor_type cloyalty_sqlite_transient(void) {
  return SQLITE_TRANSIENT;
}

/// sqlite3_config is variadic; this wraps the single-argument form.
static inline int cloyalty_sqlite_config_int(int option, int value) {
  return sqlite3_config(option, value);
}

#endif
