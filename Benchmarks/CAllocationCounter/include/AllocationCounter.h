#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H
#include <stdint.h>

/// Heap allocations (malloc, calloc, realloc, aligned allocations) made by the process so far, every thread.
uint64_t allocation_count(void);

#endif
