#ifndef WORLDFACTS_CZIM_SHIM_H
#define WORLDFACTS_CZIM_SHIM_H
// Debian's libzim (libzim-dev), found through pkg-config (libzim). Its interface is C++, which Swift does not
// import: the ZIMBridge target calls it from C++ and gives Swift a small C interface of its own
// (Sources/ZIMBridge/include/worldfacts_zim.h). This module only carries libzim's flags to that target.
#endif
