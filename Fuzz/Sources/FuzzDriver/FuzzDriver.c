#include "FuzzDriver.h"

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

int aggregate_run_fuzzer(int argc, char **argv, int (*test)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(&argc, &argv, test);
}

static aggregate_mutator registered_mutator = 0;

void aggregate_set_mutator(aggregate_mutator mutator) { registered_mutator = mutator; }

size_t aggregate_mutate_bytes(uint8_t *data, size_t size, size_t max_size) {
    return LLVMFuzzerMutate(data, size, max_size);
}

// libFuzzer calls this, when it is defined, for every mutation: the target's own mutator if it registered
// one, else libFuzzer's byte-level mutations, as without it.
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
    if (registered_mutator) return registered_mutator(data, size, max_size, seed);
    return LLVMFuzzerMutate(data, size, max_size);
}
