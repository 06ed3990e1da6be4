/* Connect 4 perft on CPU threads: depth first, the first two plies shared
 * out between the threads, distinct positions in a lock-free set. */
#include "gts/c4_perft.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "c4/gpu/c4_perft_core.h"
#include "core/clock.h"
#include "core/threads.h"

#define MAX_THREADS 1024
#define SPLIT 2

typedef struct keyset {
    _Atomic uint64_t *slots;    /* key + 1, 0 = empty */
    uint64_t mask;
    atomic_uint_fast64_t count;
    atomic_bool full;
} keyset;

static void set_insert(keyset *s, uint64_t key)
{
    uint64_t i = c4p_slot(key, s->mask);
    for (uint64_t probes = 0; probes <= s->mask; probes++, i = (i + 1) & s->mask) {
        uint64_t expected = 0;
        if (atomic_compare_exchange_strong_explicit(&s->slots[i], &expected, key + 1, memory_order_relaxed,
                                                    memory_order_relaxed)) {
            if (atomic_fetch_add_explicit(&s->count, 1, memory_order_relaxed) > s->mask / 4 * 3)
                atomic_store(&s->full, true);
            return;
        }
        if (expected == key + 1)
            return;
    }
    atomic_store(&s->full, true);
}

static uint64_t dfs(const c4_geom *g, const c4_pos *p, int depth, bool over, keyset *s)
{
    if (depth == 0) {
        if (s)
            set_insert(s, c4_key(p));
        return 1;
    }
    if (over || p->moves == g->cells || (s && atomic_load_explicit(&s->full, memory_order_relaxed)))
        return 0;
    if (depth == 1 && !s)       /* bulk count: every playable column is one */
        return (uint64_t)c4_popcount(c4_possible(g, p));
    uint64_t n = 0;
    for (int col = 0; col < g->width; col++) {
        if (!c4_can_play(g, p, col))
            continue;
        const bool win = c4_is_winning_move(g, p, col);
        c4_pos q = *p;
        c4_play(g, &q, col);
        n += dfs(g, &q, depth - 1, win, s);
    }
    return n;
}

typedef struct job {
    const c4_geom *g;
    c4p_prefix *prefixes;
    size_t n;
    int depth;                  /* below the prefixes */
    keyset *set;
    atomic_size_t next;
    atomic_uint_fast64_t sequences;
} job;

static void worker(void *arg, int index)
{
    (void)index;
    job *j = arg;
    uint64_t n = 0;
    for (;;) {
        const size_t i = atomic_fetch_add(&j->next, 1);
        if (i >= j->n)
            break;
        n += dfs(j->g, &j->prefixes[i].pos, j->depth, j->prefixes[i].over, j->set);
    }
    atomic_fetch_add(&j->sequences, n);
}

int c4_perft(const c4_geom *g, const c4_pos *p, int depth, int threads, bool distinct, size_t set_bytes,
             c4_perft_result *r, char *err, size_t errlen)
{
    const double t0 = gts_now_usec();
    *r = (c4_perft_result){ 0 };
    if (depth < 0 || depth > g->cells) {
        snprintf(err, errlen, "depth %d out of range 0..%d", depth, g->cells);
        return -1;
    }
    if (threads < 1 || threads > MAX_THREADS) {
        snprintf(err, errlen, "thread count %d out of range 1..%d", threads, MAX_THREADS);
        return -1;
    }
    keyset set = { 0 };
    if (distinct) {
        const uint64_t cap = c4p_set_slots(set_bytes);
        set.mask = cap - 1;
        set.slots = calloc(cap, sizeof *set.slots);
        if (!set.slots) {
            snprintf(err, errlen, "out of memory for a set of %llu positions", (unsigned long long)cap);
            return -1;
        }
        atomic_init(&set.count, 0);
        atomic_init(&set.full, false);
    }
    const int split = depth < SPLIT ? depth : SPLIT;
    c4p_prefix prefixes[C4_MAX_WIDTH * C4_MAX_WIDTH];
    size_t n = 0;
    c4p_prefixes(g, p, split, p->moves > 0 && c4_game_won(g, p), prefixes, &n);
    job j = { .g = g, .prefixes = prefixes, .n = n, .depth = depth - split, .set = distinct ? &set : NULL };
    atomic_init(&j.next, 0);
    atomic_init(&j.sequences, 0);
    gts_run_threads(threads, worker, &j);
    int rc = 0;
    r->sequences = atomic_load(&j.sequences);
    if (distinct) {
        r->positions = atomic_load(&set.count);
        if (atomic_load(&set.full)) {
            snprintf(err, errlen, "more distinct positions than a %zu-byte set holds", set_bytes);
            rc = -1;
        }
        free((void *)set.slots);
    }
    r->usec = gts_now_usec() - t0;
    return rc;
}
