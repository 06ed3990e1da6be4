/*
 * The GPU solver's per-thread search, written once and compiled twice: by
 * nvcc for the device kernels (c4_gpu_kernel.cu) and by the C compiler for
 * the CPU executor that stands in for them (c4_gpu.c), so every line
 * of it is tested in CI, where there is no GPU.
 *
 * A GPU thread cannot afford recursion (each call spills a frame to local
 * memory through a slow call stack), so the negamax is a loop over an
 * explicit stack of small frames: a frame holds its position, window, the
 * columns still to try (4 bits each, in order) and its best result.
 *
 * Two node rules, picked per launch:
 *  - plain: the CUDA report's kernel, i.e. the sequential baseline's
 *    alpha-beta (immediate win check, window clamped by the move count,
 *    columns left to right), optionally with the device table;
 *  - full: the CPU solver's pruning (src/c4/c4_negamax.c): non-losing
 *    moves only, forced moves without the table, claimeven (both ways),
 *    double threats, table move first then threat count, centre first.
 *    It leaves out what costs a GPU thread more than it saves (mirror
 *    keys, enhanced transposition cutoffs, the near table): same scores,
 *    other node counts.
 *
 * The device table: buckets of TT_BUCKET one-word entries (tt_entry.h) in
 * global memory, shared by every thread of a launch and lock-free.  The
 * CUDA report guarded multi-word entries with an integrity hash and threw
 * away torn reads; one 64-bit word holding the key's check bits, the bound
 * and the score is read and written by a single 64-bit access, so a torn
 * entry cannot exist and every read is usable.  Losing a racing store only
 * loses a result, never corrupts one.
 */
#ifndef GTS_C4_GPU_CORE_H
#define GTS_C4_GPU_CORE_H

#include "c4/c4_prune.h"
#include "c4/c4_tt_data.h"
#include "gts/c4.h"
#include "core/tt_entry.h"

#ifdef __CUDACC__
#define GC_INLINE static inline __host__ __device__
#else
#define GC_INLINE static inline
#endif

/* What a work item asks for: the exact score, -1/0/1, or a fail-soft
 * value within the window (alpha, beta). */
enum { C4G_EXACT = 0, C4G_WEAK = 1, C4G_WINDOW = 2 };

/* One position to solve: 24 bytes, copied to the device as is. */
typedef struct c4g_item {
    uint64_t cur, mask;
    int32_t moves;
    int8_t mode;
    int8_t alpha, beta;     /* C4G_WINDOW */
    int8_t slow;            /* C4G_WINDOW: a probe near 0 (c4_move_rank) */
} c4g_item;

/* The score of an item that ran out of its node budget. */
#define C4G_UNFINISHED 100

typedef struct c4g_result {
    int32_t score;
    uint32_t tt_hits;
    uint64_t nodes;
} c4g_result;

/* The device table, as a kernel sees it.  slots == NULL: no table. */
typedef struct c4g_table {
    uint64_t *slots;
    uint64_t key_mask;
    int check_bits;
} c4g_table;

#define C4G_MAX_FRAMES 58   /* cells + 2 for the largest board (W*H <= 56) */

typedef struct c4g_frame {
    uint64_t cur, mask;
    uint32_t order;     /* columns still to try, 4 bits each, next lowest */
    uint32_t nodes0;    /* node count at entry: the work of the result */
    int8_t moves;
    int8_t a0, a, b;    /* window at entry (after the bounds) and now */
    int8_t lo;          /* lower bound known before the search */
    int8_t best, best_col, col;  /* best so far; column being searched */
    int8_t kind;        /* FRAME_* */
} c4g_frame;

enum { FRAME_SEARCH, FRAME_FORCED, FRAME_NO_TT };
#define ORDER_END 15u

/* How many nodes apart a search reads its budget and the stop flag: a
 * stop is seen within a millisecond or so, and the hot loop keeps one
 * comparison (the device reads the flag from host memory). */
#define C4G_CHECK_EVERY 4096

typedef struct c4g_ctx {
    const c4_geom *g;
    c4g_table tt;
    bool plain;
    bool slow_probe;
    bool aborted;           /* the node budget ran out, or stop was raised */
    uint64_t node_limit;    /* 0: none */
    const int *stop;        /* non-zero: end the item unfinished; NULL: never */
    uint64_t check_at;      /* the node count at which both are read next */
    uint64_t nodes;
    uint32_t tt_hits;
    c4g_frame stack[C4G_MAX_FRAMES];
} c4g_ctx;

/* Buckets (log2) of a table of at most `bytes` for keys below 2^key_bits,
 * or -1 if it would be too small to keep whole keys (tt_entry.h). */
GC_INLINE int c4g_table_log2(int key_bits, size_t bytes)
{
    int log2b = 0;
    while (log2b < key_bits && ((size_t)(TT_BUCKET * 8) << (log2b + 1)) <= bytes)
        log2b++;
    return key_bits - log2b > TT_CHECK_BITS ? -1 : log2b;
}

GC_INLINE uint64_t c4g_load(const uint64_t *p)
{
#ifdef __CUDA_ARCH__
    return *(const volatile uint64_t *)p;
#else
    return __atomic_load_n(p, __ATOMIC_RELAXED);
#endif
}

GC_INLINE void c4g_store(uint64_t *p, uint64_t v)
{
#ifdef __CUDA_ARCH__
    *(volatile uint64_t *)p = v;
#else
    __atomic_store_n(p, v, __ATOMIC_RELAXED);
#endif
}

GC_INLINE unsigned c4g_probe(const c4g_table *t, uint64_t key)
{
    const uint64_t mixed = tt_mix_key(key, t->key_mask);
    const uint64_t check = mixed & (((uint64_t)1 << t->check_bits) - 1);
    const uint64_t *b = t->slots + (mixed >> t->check_bits) * TT_BUCKET;
    for (int i = 0; i < TT_BUCKET; i++) {
        const uint64_t e = c4g_load(&b[i]);
        if (tt_entry_matches(e, check))
            return tt_entry_data(e);
    }
    return 0;
}

GC_INLINE void c4g_save(const c4g_table *t, uint64_t key, unsigned data, unsigned work)
{
    const uint64_t mixed = tt_mix_key(key, t->key_mask);
    const uint64_t check = mixed & (((uint64_t)1 << t->check_bits) - 1);
    uint64_t *b = t->slots + (mixed >> t->check_bits) * TT_BUCKET;
    uint64_t e[TT_BUCKET];
    for (int i = 0; i < TT_BUCKET; i++)
        e[i] = c4g_load(&b[i]);
    c4g_store(&b[tt_victim(e, check)], tt_entry_make(check, work, data));
}

GC_INLINE int c4g_work(uint64_t nodes)
{
    int w = 0;
    while (nodes >>= 1)
        w++;
    return w;
}

GC_INLINE int c4g_col_of(const c4_geom *g, uint64_t cell)
{
#ifdef __CUDA_ARCH__
    const int bit = __ffsll((long long)cell) - 1;
#else
    const int bit = __builtin_ctzll(cell);
#endif
    return bit / (g->height + 1);
}

GC_INLINE bool c4g_stop_raised(const int *stop)
{
#ifdef __CUDA_ARCH__
    return stop && *(const volatile int *)stop;
#else
    return stop && __atomic_load_n(stop, __ATOMIC_RELAXED);
#endif
}

/* At c->check_at nodes: whether the item must end (its budget spent, or
 * stop raised); if not, when to ask next.  The budget is read at the same
 * node as when it was read at every node, so node counts do not change. */
GC_INLINE bool c4g_must_end(c4g_ctx *c)
{
    if ((c->node_limit && c->nodes > c->node_limit) || c4g_stop_raised(c->stop))
        return true;
    c->check_at = c->nodes + C4G_CHECK_EVERY;
    if (c->node_limit && c->check_at > c->node_limit + 1)
        c->check_at = c->node_limit + 1;
    return false;
}

/* Enters frame f (position set) with window (alpha, beta), the report's
 * node rule.  Returns true with the node's value in *v if it settles
 * without children. */
GC_INLINE bool c4g_enter_plain(c4g_ctx *c, c4g_frame *f, int alpha, int beta, int *v)
{
    const c4_geom *g = c->g;
    const c4_pos p = { f->cur, f->mask, f->moves };
    c->nodes++;
    if (p.moves == g->cells) {
        *v = 0;
        return true;
    }
    if (c4_can_win_next(g, &p)) {
        *v = c4_win_score(g, p.moves);
        return true;
    }
    const int max = (g->cells - 1 - p.moves) / 2;
    if (beta > max) {
        beta = max;
        if (alpha >= beta) {
            *v = beta;
            return true;
        }
    }
    f->kind = FRAME_NO_TT;
    if (c->tt.slots && p.moves < g->cells - C4_TT_MIN_EMPTY) {
        f->kind = FRAME_SEARCH;
        const unsigned e = c4g_probe(&c->tt, c4_key(&p));
        if (e) {
            c->tt_hits++;
            const int s = c4_packed_score(e);
            if (e & C4_BOUND_LOWER && s > alpha)
                alpha = s;
            if (e & C4_BOUND_UPPER && s < beta)
                beta = s;
            if (alpha >= beta) {
                *v = (e & C4_BOUND_LOWER) ? alpha : beta;
                return true;
            }
        }
    }
    uint32_t order = ORDER_END;
    for (int col = g->width - 1; col >= 0; col--)
        if (c4_can_play(g, &p, col))
            order = order << 4 | (uint32_t)col;
    f->order = order;
    f->a0 = f->a = (int8_t)alpha;
    f->b = (int8_t)beta;
    f->nodes0 = (uint32_t)c->nodes;
    return false;
}

/* The same for the full node rule (mirrors negamax_body in
 * src/c4/c4_negamax.c; the side to move cannot win at once).  One function
 * like negamax_body: with the move ordering split out, the CPU executor ran
 * 0.6 % more instructions (docs/notes/c4_gpu.md). */
GC_INLINE bool c4g_enter_full(c4g_ctx *c, c4g_frame *f, int alpha, int beta, int *v)
{
    const c4_geom *g = c->g;
    const c4_pos p = { f->cur, f->mask, f->moves };
    c->nodes++;
    const uint64_t next = c4_non_losing_moves(g, &p);
    if (!next) {
        *v = -(g->cells - p.moves) / 2;
        return true;
    }
    if (p.moves >= g->cells - 2) {
        *v = 0;
        return true;
    }
    f->best = -64;
    f->best_col = -1;
    if (!(next & (next - 1))) {
        f->kind = FRAME_FORCED;
        f->order = ORDER_END << 4 | (uint32_t)c4g_col_of(g, next);
        f->a0 = f->a = (int8_t)alpha;
        f->b = (int8_t)beta;
        return false;
    }
    int lo = -(g->cells - 2 - p.moves) / 2;
    const uint64_t possible = c4_possible(g, &p);
    int hi = c4_claimeven_bound(g, &p, possible, (g->cells - 1 - p.moves) / 2);
    if (hi <= alpha) {
        *v = hi;
        return true;
    }
    lo = c4_claimeven_lower(g, &p, possible, lo);
    if (lo >= beta) {
        *v = lo;
        return true;
    }
    const bool use_tt = c->tt.slots && p.moves < g->cells - C4_TT_MIN_EMPTY;
    const uint64_t key = c4_key(&p);
    int hint = -1;
    if (use_tt) {
        const unsigned e = c4g_probe(&c->tt, key);
        if (e) {
            c->tt_hits++;
            const int s = c4_packed_score(e);
            if (e & C4_BOUND_LOWER && s > lo)
                lo = s;
            if (e & C4_BOUND_UPPER && s < hi)
                hi = s;
            hint = c4_packed_col(e);
        }
    }
    if (lo >= beta || lo >= hi) {
        *v = lo;
        return true;
    }
    if (hi <= alpha) {
        *v = hi;
        return true;
    }
    /* Table move first, then most winning cells made, centre first on ties
     * (a stable insertion sort over the centre-out column order). */
    int cols[C4_MAX_WIDTH], rank[C4_MAX_WIDTH], n = 0;
    for (int i = 0; i < g->width; i++) {
        const int col = g->width / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2;
        const uint64_t m = next & c4_column_mask(g, col);
        if (!m)
            continue;
        const uint64_t w = c4_winning_cells(g, p.cur | m, p.mask | m);
        if (c4_leaves_no_defence(g, possible, m, w)) {
            if (use_tt)
                c4g_save(&c->tt, key, c4_pack(C4_BOUND_EXACT, hi, col), 0);
            *v = hi;
            return true;
        }
        const int r = col == hint ? 64 : c4_move_rank(g, c->slow_probe, possible, m, w);
        int j = n++;
        for (; j > 0 && rank[j - 1] < r; j--) {
            cols[j] = cols[j - 1];
            rank[j] = rank[j - 1];
        }
        cols[j] = col;
        rank[j] = r;
    }
    /* No move left the opponent without a defence (c4_third_stone_bound). */
    const int a0 = alpha > lo ? alpha : lo, third = c4_third_stone_bound(g, p.moves);
    if (third <= a0) {
        *v = third;
        return true;
    }
    if (third < hi)
        hi = third;
    uint32_t order = ORDER_END;
    for (int i = n - 1; i >= 0; i--)
        order = order << 4 | (uint32_t)cols[i];
    f->order = order;
    f->kind = use_tt ? FRAME_SEARCH : FRAME_NO_TT;
    f->lo = (int8_t)lo;
    f->a0 = f->a = (int8_t)a0;
    f->b = (int8_t)(beta < hi ? beta : hi);
    f->nodes0 = (uint32_t)c->nodes;
    return false;
}

/* The value of a frame whose children are all searched (or cut off at
 * best >= b), stored in the table where the frame keeps one. */
GC_INLINE int c4g_leave(c4g_ctx *c, const c4g_frame *f)
{
    int best, kind;
    if (c->plain) {
        /* The report's rule returns alpha when nothing beat it. */
        best = f->best >= f->b ? f->best : f->a;
        kind = best >= f->b ? C4_BOUND_LOWER : best <= f->a0 ? C4_BOUND_UPPER : C4_BOUND_EXACT;
    } else {
        best = f->best;
        if (f->kind == FRAME_FORCED)
            return best;
        kind = C4_BOUND_EXACT;
        if (best >= f->b) {
            kind = C4_BOUND_LOWER;
        } else if (best <= f->a0) {
            kind = C4_BOUND_UPPER;
            if (best < f->lo)
                best = f->lo;
        }
    }
    if (f->kind == FRAME_SEARCH) {
        const c4_pos p = { f->cur, f->mask, f->moves };
        c4g_save(&c->tt, c4_key(&p), c4_pack(kind, best, f->best_col),
                 (unsigned)c4g_work((uint32_t)c->nodes - f->nodes0));
    }
    return best;
}

GC_INLINE bool c4g_enter(c4g_ctx *c, c4g_frame *f, int alpha, int beta, int *v)
{
    f->best = -64;
    f->best_col = -1;
    return c->plain ? c4g_enter_plain(c, f, alpha, beta, v) : c4g_enter_full(c, f, alpha, beta, v);
}

/* Fail-soft negamax value of p within (alpha, beta), without recursion.
 * The side to move cannot win at once under the full rule (callers
 * check). */
GC_INLINE int c4g_negamax(c4g_ctx *c, const c4_pos *p, int alpha, int beta)
{
    const c4_geom *g = c->g;
    int sp = 0;
    c4g_frame *f = &c->stack[0];
    f->cur = p->cur;
    f->mask = p->mask;
    f->moves = (int8_t)p->moves;
    int v;
    bool settled = c4g_enter(c, f, alpha, beta, &v);
    for (;;) {
        if (c->nodes >= c->check_at && c4g_must_end(c)) {
            c->aborted = true;      /* nothing of this search is stored */
            return 0;
        }
        if (settled) {
            if (sp == 0)
                return v;
            f = &c->stack[--sp];
            v = -v;
            if (v > f->best) {
                f->best = (int8_t)v;
                f->best_col = f->col;
            }
            if (v >= f->b) {
                v = c4g_leave(c, f);
                continue;
            }
            if (v > f->a)
                f->a = (int8_t)v;
        }
        const int col = (int)(f->order & 15u);
        if (col == (int)ORDER_END) {
            v = c4g_leave(c, f);
            settled = true;
            continue;
        }
        f->order >>= 4;
        f->col = (int8_t)col;
        c4g_frame *child = &c->stack[++sp];
        c4_pos q = { f->cur, f->mask, f->moves };
        c4_play(g, &q, col);
        child->cur = q.cur;
        child->mask = q.mask;
        child->moves = (int8_t)q.moves;
        settled = c4g_enter(c, child, -f->b, -f->a, &v);
        f = child;
    }
}

GC_INLINE int c4g_sign(int v)
{
    return (v > 0) - (v < 0);
}

/* Solves one item: the exact score by the CPU solver's null-window probe
 * loop (full rule) or one full window (plain rule, as the report did); a
 * weak item gets -1, 0 or 1; C4G_UNFINISHED if it needed more than
 * c->node_limit nodes (the host then splits it) or c->stop was raised.  The table may be shared
 * with other threads: its entries are facts about positions, whichever item
 * stored them. */
GC_INLINE c4g_result c4g_solve_item(c4g_ctx *c, const c4g_item *it)
{
    const c4_geom *g = c->g;
    const c4_pos p = { it->cur, it->mask, it->moves };
    const bool weak = it->mode == C4G_WEAK;
    c->nodes = 0;
    c->check_at = 0;
    c->tt_hits = 0;
    c->slow_probe = false;
    c->aborted = false;
    int score;
    if (c4_final_score(g, &p, &score)) {
        score = weak ? c4g_sign(score) : score;
    } else if (c->plain) {
        score = weak ? c4g_sign(c4g_negamax(c, &p, -1, 1)) : c4g_negamax(c, &p, -g->cells / 2, g->cells / 2);
    } else if (c4_can_win_next(g, &p)) {
        score = weak ? 1 : c4_win_score(g, p.moves);
    } else if (it->mode == C4G_WINDOW) {
        c->slow_probe = it->slow;
        score = c4g_negamax(c, &p, it->alpha, it->beta);
    } else if (weak) {
        c->slow_probe = true;
        if (c4g_negamax(c, &p, 0, 1) >= 1 && !c->aborted)
            score = 1;
        else
            score = c4g_negamax(c, &p, -1, 0) <= -1 ? -1 : 0;
    } else {
        int min = -(g->cells - p.moves) / 2, max = c4_win_score(g, p.moves);
        while (min < max) {
            const int med = c4_next_probe(g, min, max, p.moves);
            c->slow_probe = med >= -C4_SLOW_PROBE && med <= C4_SLOW_PROBE;
            const int r = c4g_negamax(c, &p, med, med + 1);
            if (c->aborted)
                break;
            if (r <= med)
                max = r;
            else
                min = r;
        }
        score = min;
    }
    if (c->aborted)
        score = C4G_UNFINISHED;
    c4g_result r = { score, c->tt_hits, c->nodes };
    return r;
}

#endif
