#ifndef WORLDFACTS_CSQLITE_SHIM_H
#define WORLDFACTS_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
