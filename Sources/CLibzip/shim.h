#ifndef WORLDFACTS_CLIBZIP_SHIM_H
#define WORLDFACTS_CLIBZIP_SHIM_H
#include <zip.h>
#endif
