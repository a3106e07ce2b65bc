#ifndef WORLDFACTS_CCMARK_SHIM_H
#define WORLDFACTS_CCMARK_SHIM_H
#include <cmark.h>
#endif
