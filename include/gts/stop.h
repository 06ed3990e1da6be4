/*
 * gts - the stop token: how a running search is ended from outside.
 *
 * Every search's options take a `gts_stop *stop` (NULL: nothing stops it
 * but its own limits).  Whoever wants the search to end (another thread,
 * a signal handler, a timer) raises the token; the search reads it often
 * enough to end within a few milliseconds and reports that it was
 * stopped.  A token stays raised until it is reset: a search started with
 * a raised token stops at once, so a Ctrl-C that comes between two
 * searches still ends the next one.
 *
 * Raising is one lock-free atomic store, safe in a signal handler.
 * Reading is a relaxed load: the token carries no data, only "stop".
 */
#ifndef GTS_STOP_H
#define GTS_STOP_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The int is read and written only through the functions below, with the
 * compiler's __atomic built-ins (GCC and Clang, in C and C++ alike), not
 * C11's atomic_int, which C++ cannot name: a header that a C++ program
 * includes as it is. */
typedef struct gts_stop {
    int raised;
} gts_stop;

/* A signal handler may raise a token only if the store takes no lock. */
#ifdef __cplusplus
static_assert(__GCC_ATOMIC_INT_LOCK_FREE == 2, "gts_stop needs a lock-free int");
#else
_Static_assert(__GCC_ATOMIC_INT_LOCK_FREE == 2, "gts_stop needs a lock-free int");
#endif

/* A token not raised, for static or automatic storage. */
#define GTS_STOP_INIT { 0 }

/* Asks every search reading s to stop; async-signal-safe (the store takes
 * no lock: checked above).  NULL: nothing. */
static inline void gts_stop_raise(gts_stop *s)
{
    if (s)
        __atomic_store_n(&s->raised, 1, __ATOMIC_RELAXED);
}

/* Lowers s for the next search.  NULL: nothing. */
static inline void gts_stop_reset(gts_stop *s)
{
    if (s)
        __atomic_store_n(&s->raised, 0, __ATOMIC_RELAXED);
}

/* Whether s was raised (and not reset since); false for NULL. */
static inline bool gts_stop_raised(const gts_stop *s)
{
    return s && __atomic_load_n(&s->raised, __ATOMIC_RELAXED) != 0;
}

#ifdef __cplusplus
}
#endif

#endif
