// Atomic operations on a word, for Swivelish's store (Swift's `Synchronization.Atomic` needs macOS 15 and
// iOS 18; these work wherever the package builds). `static inline`, so that Swift inlines them; the
// compiler emits real atomic instructions, which ThreadSanitizer sees.
#ifndef CSWIVELISH_ATOMICS_H
#define CSWIVELISH_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

/// The value at `address`, read with acquire ordering.
static inline intptr_t swivelish_atomic_load(intptr_t *address) {
    return __atomic_load_n(address, __ATOMIC_ACQUIRE);
}

/// Writes `value` at `address` with release ordering.
static inline void swivelish_atomic_store(intptr_t *address, intptr_t value) {
    __atomic_store_n(address, value, __ATOMIC_RELEASE);
}

/// Replaces the value at `address` with `desired` if it is `expected`, with acquire-release ordering;
/// returns whether it did.
static inline bool swivelish_atomic_compare_exchange(intptr_t *address, intptr_t expected, intptr_t desired) {
    return __atomic_compare_exchange_n(address, &expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

/// Adds `value` to the value at `address` and returns the new value.
static inline intptr_t swivelish_atomic_add(intptr_t *address, intptr_t value) {
    return __atomic_add_fetch(address, value, __ATOMIC_RELAXED);
}

#endif
