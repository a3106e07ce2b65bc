#ifndef WORLDFACTS_CICU_SHIM_H
#define WORLDFACTS_CICU_SHIM_H
// Debian's ICU (libicu-dev), found through pkg-config (icu-i18n). Swift does not import it: ICU's names are
// macros for versioned symbols (ucol_open is ucol_open_72), which Swift cannot call by the plain name. The
// ICUBridge target calls it from C++ and gives Swift a small C interface of its own.
#include <unicode/ucol.h>
#endif
