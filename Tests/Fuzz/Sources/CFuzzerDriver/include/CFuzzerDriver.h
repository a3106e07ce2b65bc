#ifndef WORLDFACTS_CFUZZERDRIVER_H
#define WORLDFACTS_CFUZZERDRIVER_H
#include <stddef.h>
#include <stdint.h>
/* libFuzzer's entry point for programs that keep their own main(). */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
#endif
