#ifndef AGGREGATE_FUZZ_DRIVER_H
#define AGGREGATE_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Hands control to libFuzzer with `test` as the target: the program keeps its own `main`, so that it
/// can also write its seeds before fuzzing.
int aggregate_run_fuzzer(int argc, char **argv, int (*test)(const uint8_t *data, size_t size));

#endif
