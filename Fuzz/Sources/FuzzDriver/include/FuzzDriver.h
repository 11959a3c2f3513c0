#ifndef AGGREGATE_FUZZ_DRIVER_H
#define AGGREGATE_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Hands control to libFuzzer with `test` as the target: the program keeps its own `main`, so that it
/// can also write its seeds before fuzzing.
int aggregate_run_fuzzer(int argc, char **argv, int (*test)(const uint8_t *data, size_t size));

/// A mutator: changes `size` bytes at `data` in place, within `max_size`, and returns the new size.
typedef size_t (*aggregate_mutator)(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

/// Makes `mutator` the one libFuzzer uses (see `LLVMFuzzerCustomMutator`); set it before fuzzing starts.
void aggregate_set_mutator(aggregate_mutator mutator);

/// libFuzzer's own byte-level mutation (`LLVMFuzzerMutate`), for a mutator that falls back on it.
size_t aggregate_mutate_bytes(uint8_t *data, size_t size, size_t max_size);

#endif
