/* Connect 4 perft on CPU threads: depth first, the first two plies shared
 * out between the threads, distinct positions in a lock-free set. */
#include "gts/c4_perft.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "c4/reports/gpu/c4_perft_core.h"
#include "core/clock.h"
#include "core/threads.h"

#define MAX_THREADS 1024
#define SPLIT 2

/* Interior nodes with this many plies or more below them read the stop
 * token: a few hundred thousand leaves apart, so a stop is seen within
 * milliseconds.  With the walk's struct it costs 1.4% of the instructions
 * (callgrind, `c4 perft 8` on one thread: 150.7 M before, 152.9 M). */
#define STOP_PLIES 6

typedef struct keyset {
    _Atomic uint64_t *slots;    /* key + 1, 0 = empty */
    uint64_t mask;
    atomic_uint_fast64_t count;
    atomic_bool full;
} keyset;

/* Bound on the positions `depth` plies below p: the ways to put that many
 * stones in the columns' free cells (a column's new stones are stacked)
 * times the ways to colour them, the side to move having the odd plies;
 * at most the W^depth sequences.  In doubles: it may exceed 2^64. */
static double position_bound(const c4_geom *g, const c4_pos *p, int depth)
{
    double ways[65] = { 1 };    /* a board has at most 64 cells */
    for (int col = 0; col < g->width; col++) {
        const int room = g->height - c4_popcount(p->mask & c4_column_mask(g, col));
        for (int k = depth; k >= 0; k--)
            for (int j = 1; j <= room && j <= k; j++)
                ways[k] += ways[k - j];
    }
    const int mover = (depth + 1) / 2;      /* the side to move's new stones */
    double colourings = 1, sequences = 1;
    for (int i = 1; i <= mover; i++)
        colourings = colourings * (depth - mover + i) / i;
    for (int i = 0; i < depth; i++)
        sequences *= g->width;
    const double bound = ways[depth] * colourings;
    return bound < sequences ? bound : sequences;
}

size_t c4_perft_set_bytes(const c4_geom *g, const c4_pos *p, int depth)
{
    const double bound = depth >= 0 && depth <= g->cells ? position_bound(g, p, depth) : 0;
    /* Full at three quarters, less a few: the tests of the set below. */
    uint64_t slots = 1024;
    while ((double)(slots / 4 * 3 - 3) < bound && slots < ((uint64_t)1 << 60))
        slots *= 2;
    return slots > SIZE_MAX / sizeof(uint64_t) ? SIZE_MAX : (size_t)slots * sizeof(uint64_t);
}

size_t c4p_resolve_set_bytes(const c4_geom *g, const c4_pos *p, int depth, size_t set_bytes)
{
    if (set_bytes)
        return set_bytes;
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    const uint64_t half = pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page / 2 : (uint64_t)1 << 30;
    uint64_t most = 8192;
    while (most * 2 <= half)
        most *= 2;
    const size_t want = c4_perft_set_bytes(g, p, depth);
    return want < most ? want : (size_t)most;
}

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

/* What a walk shares: the set (NULL: sequences only) and the stop token. */
typedef struct walk {
    keyset *set;
    gts_stop *stop;
} walk;

static uint64_t dfs(const c4_geom *g, const c4_pos *p, int depth, bool over, const walk *w)
{
    keyset *s = w->set;
    if (depth == 0) {
        if (s)
            set_insert(s, c4_key(p));
        return 1;
    }
    if (over || p->moves == g->cells || (s && atomic_load_explicit(&s->full, memory_order_relaxed)))
        return 0;
    if (depth == 1 && !s)       /* bulk count: every playable column is one */
        return (uint64_t)c4_popcount(c4_possible(g, p));
    if (depth >= STOP_PLIES && gts_stop_raised(w->stop))
        return 0;
    uint64_t n = 0;
    for (int col = 0; col < g->width; col++) {
        if (!c4_can_play(g, p, col))
            continue;
        const bool win = c4_is_winning_move(g, p, col);
        c4_pos q = *p;
        c4_play(g, &q, col);
        n += dfs(g, &q, depth - 1, win, w);
    }
    return n;
}

typedef struct job {
    const c4_geom *g;
    c4p_prefix *prefixes;
    size_t n;
    int depth;                  /* below the prefixes */
    walk walk;
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
        n += dfs(j->g, &j->prefixes[i].pos, j->depth, j->prefixes[i].over, &j->walk);
    }
    atomic_fetch_add(&j->sequences, n);
}

int c4_perft(const c4_geom *g, const c4_pos *p, int depth, const c4_perft_options *o, c4_perft_result *r,
             char *err, size_t errlen)
{
    const double t0 = gts_now_usec();
    *r = (c4_perft_result){ 0 };
    if (depth < 0 || depth > g->cells) {
        snprintf(err, errlen, "depth %d out of range 0..%d", depth, g->cells);
        return -1;
    }
    if (o->threads < 1 || o->threads > MAX_THREADS) {
        snprintf(err, errlen, "thread count %d out of range 1..%d", o->threads, MAX_THREADS);
        return -1;
    }
    const size_t set_bytes = c4p_resolve_set_bytes(g, p, depth, o->set_bytes);
    keyset set = { 0 };
    if (o->distinct) {
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
    job j = { .g = g, .prefixes = prefixes, .n = n, .depth = depth - split };
    j.walk = (walk){ o->distinct ? &set : NULL, o->stop };
    atomic_init(&j.next, 0);
    atomic_init(&j.sequences, 0);
    gts_run_threads(o->threads, worker, &j);
    int rc = 0;
    r->sequences = atomic_load(&j.sequences);
    if (o->distinct) {
        r->positions = atomic_load(&set.count);
        r->set_full = atomic_load(&set.full);
        if (r->set_full) {
            snprintf(err, errlen, "more distinct positions than a %zu-byte set holds", set_bytes);
            rc = -1;
        }
        free((void *)set.slots);
    }
    if (gts_stop_raised(o->stop)) {
        snprintf(err, errlen, "stopped");
        rc = -1;
    }
    r->usec = gts_now_usec() - t0;
    return rc;
}
