/*
 * The Connect 4 solver's search: negamax alpha-beta, fail-soft, called with
 * null windows by an outer loop that narrows the score range.
 *
 * What prunes (docs/notes/c4_solver.md has what each was measured at):
 *  - only non-losing moves are searched (forced blocks, no cell under an
 *    opponent's winning cell, a double threat is a loss at once);
 *  - the score range is bounded by the move count, by claimeven (for the
 *    opponent, or for the mover after it plays an unpaired cell), by a
 *    move that leaves the opponent no defence (solved without a search;
 *    where no move does, the mover cannot win before its third stone);
 *  - the transposition table keeps lower, upper or exact bounds and the best
 *    move, keyed by the mirror-symmetric key in the first plies, and its
 *    children's entries, or a child's claimeven bound, can cut off a node
 *    before it is searched (ETC);
 *  - moves are tried table move first, then by the number of winning cells
 *    they create (in probes near 0, those not blockable at once count
 *    twice), ties centre first.
 */
#include "c4/c4_search.h"
#include "c4/c4_prune.h"
#include "c4/c4_tt_data.h"

void c4_search_init(c4_search *s, const c4_geom *g, tt_table *tt, tt_table *near, const c4_book *book,
                    gts_stop *stop)
{
    s->g = g;
    s->tt = tt;
    s->near = near;
    s->book = book;
    s->stop = stop;
    s->outside = NULL;
    s->busy = NULL;
    s->slow_probe = false;
    s->progress = NULL;
    s->progress_ctx = NULL;
    s->nodes = s->tt_hits = s->searched = 0;
    s->node_limit = UINT64_MAX;
    for (int i = 0; i < g->width; i++)      /* centre, then outwards */
        s->order[i] = c4_centre_column(g, i);
}

tt_table *c4_near_create(const c4_geom *g, char *err, size_t errlen)
{
    return gts_tt_create(c4_near_bytes(g), g->key_bits, err, errlen);
}

/* The table that keeps a position with `moves` stones. */
static inline tt_table *table_for(const c4_search *s, const c4_geom *g, int moves)
{
    return g->cells - moves < (s->busy ? C4_NEAR_EMPTY_THREADS : C4_NEAR_EMPTY) ? s->near : s->tt;
}

static inline int work_of(uint64_t nodes)
{
    return 63 - __builtin_clzll(nodes | 1);
}

/* Enhanced transposition cutoffs from this many empty cells up. */
#define ETC_MIN_EMPTY 16
/* Where the window's top is 1 or less, a child whose claimeven bound
 * proves the cutoff ends the node before any search, from this many empty
 * cells up: the empty board 506 M -> 421 M nodes, instructions -4 %
 * (Middle-Medium sample) and -0.4 % (Begin-Medium 30); from 12 and 16 up
 * it saved less. */
#define STATIC_ETC_MIN_EMPTY 8
/* Threads put off each other's moves from this many empty cells up. */
#define SPREAD_MIN_EMPTY 12

typedef int (*negamax_fn)(c4_search *s, const c4_pos *p, int alpha, int beta);

/* Score of p within (alpha, beta), fail-soft: a result <= alpha is an upper
 * bound, >= beta a lower bound, anything between exact.  The side to move
 * cannot win at once (callers check).  Always inlined into the two
 * instances below, each recursing into itself.  One long function on
 * purpose: split into always-inlined steps it ran 2.0 to 2.5 % more
 * instructions (docs/notes/c4_solver.md). */
static inline __attribute__((always_inline)) int negamax_body(c4_search *s, const c4_geom *g, negamax_fn negamax,
                                                              const c4_pos *p, int alpha, int beta)
{
    if (__builtin_expect(++s->nodes > s->node_limit, 0))
        gts_stop_raise(s->stop);

    const uint64_t next = c4_non_losing_moves(g, p);
    if (!next)
        return -(g->cells - p->moves) / 2;
    if (p->moves >= g->cells - 2)
        return 0;
    /* The book before a forced move: played, the position would be one
     * ply past the book's depth (a ply-5 position that must block a three,
     * 36251, took 4.3 M nodes with the depth-5 book that holds it). */
    if (s->book && p->moves <= c4_book_depth(s->book)) {
        int score;
        if (c4_book_lookup(s->book, g, p, &score))
            return score;
    }
    /* A forced move is played without the table: the position after it
     * has its own entry, and this one would only repeat it. */
    if (!(next & (next - 1))) {
        c4_pos q = *p;
        c4_play_cell(&q, next);
        return -negamax(s, &q, -beta, -alpha);
    }

    /* The opponent cannot win with its next stone, and we cannot win with
     * this one. */
    int lo = -(g->cells - 2 - p->moves) / 2;
    const uint64_t possible = c4_possible(g, p);
    int hi = c4_claimeven_bound(g, p, possible, (g->cells - 1 - p->moves) / 2);
    if (hi <= alpha)
        return hi;
    lo = c4_claimeven_lower(g, p, possible, lo);
    if (lo >= beta)
        return lo;

    const bool use_tt = p->moves < g->cells - C4_TT_MIN_EMPTY;
    bool mirrored = false;
    uint64_t key = c4_key(p);
    if (p->moves < C4_SYMMETRY_PLIES) {
        const uint64_t m = c4_mirror_key(g, p);
        if (m < key) {
            key = m;
            mirrored = true;
        }
    }
    /* Columns stored under a mirrored key are mirrored too. */
#define STORED_COL(col) (mirrored ? g->width - 1 - (col) : (col))

    tt_table *tt = table_for(s, g, p->moves);
    int hint = -1;
    const unsigned e = use_tt ? tt_probe(tt, key) : 0;
    if (e) {
        s->tt_hits++;
        const int v = c4_packed_score(e);
        if (e & C4_BOUND_LOWER && v > lo)
            lo = v;
        if (e & C4_BOUND_UPPER && v < hi)
            hi = v;
        if (c4_packed_col(e) >= 0)
            hint = STORED_COL(c4_packed_col(e));
    }
    if (lo >= beta || lo >= hi)
        return lo;
    if (hi <= alpha)
        return hi;
    const int a0 = alpha > lo ? alpha : lo;
    int b = beta < hi ? beta : hi;
    /* Unless a move leaves the opponent no defence, the mover wins with
     * its third stone from here at the soonest.  If that cannot beat
     * alpha, such a move is all there is to look for: without ordering or
     * prefetching (instructions -3 %). */
    const int third = c4_third_stone_bound(g, p->moves);
    if (third <= a0) {
        for (uint64_t rest = next; rest; rest &= rest - 1) {
            const uint64_t m = rest & (0 - rest);
            if (c4_leaves_no_defence(g, possible, m, c4_winning_cells(g, p->cur | m, p->mask | m))) {
                const int col = __builtin_ctzll(m) / (g->height + 1);
                if (use_tt)
                    tt_store(tt, key, c4_pack(C4_BOUND_EXACT, hi, STORED_COL(col)), 0);
                return hi;
            }
        }
        return third;
    }

    /* Order: the table's move, then most winning cells made, then centre
     * first (insertion sort is stable).  Each child's bucket is prefetched
     * on the way, for the enhanced transposition cutoff and its own probe. */
    uint64_t cells[C4_MAX_WIDTH], keys[C4_MAX_WIDTH];
    int cols[C4_MAX_WIDTH], rank[C4_MAX_WIDTH], n = 0;
    const bool child_tt = p->moves + 1 < g->cells - C4_TT_MIN_EMPTY;
    tt_table *child_table = table_for(s, g, p->moves + 1);
    const bool static_etc = b <= 1 && p->moves < g->cells - STATIC_ETC_MIN_EMPTY;
    for (int i = 0; i < g->width; i++) {
        const int col = s->order[i];
        const uint64_t m = next & c4_column_mask(g, col);
        if (!m)
            continue;
        const c4_pos child = { p->cur ^ p->mask, p->mask | m, p->moves + 1 };
        const uint64_t ck = child.moves < C4_SYMMETRY_PLIES ? c4_symmetric_key(g, &child) : c4_key(&child);
        if (child_tt)
            tt_prefetch(child_table, ck);
        const uint64_t w = c4_winning_cells(g, p->cur | m, p->mask | m);
        if (c4_leaves_no_defence(g, possible, m, w)) {
            if (use_tt)
                tt_store(tt, key, c4_pack(C4_BOUND_EXACT, hi, STORED_COL(col)), 0);
            return hi;
        }
        if (static_etc) {   /* the opponent's claimeven bound is -1 or 0 */
            const int v = -c4_claimeven_bound(g, &child, c4_possible(g, &child), 64);
            if (v >= b) {
                if (use_tt)
                    tt_store(tt, key, c4_pack(C4_BOUND_LOWER, v, STORED_COL(col)), 0);
                return v;
            }
        }
        const int r = col == hint ? 64 : c4_move_rank(g, s->slow_probe, possible, m, w);
        int j = n++;
        for (; j > 0 && rank[j - 1] < r; j--) {
            cells[j] = cells[j - 1];
            keys[j] = keys[j - 1];
            cols[j] = cols[j - 1];
            rank[j] = rank[j - 1];
        }
        cells[j] = m;
        keys[j] = ck;
        cols[j] = col;
        rank[j] = r;
    }

    /* No move left the opponent without a defence. */
    if (third < b)
        b = third;

    /* Enhanced transposition cutoff: a child whose stored upper bound is
     * low enough proves the cutoff here without a search. */
    if (child_tt && p->moves < g->cells - ETC_MIN_EMPTY) {
        for (int i = 0; i < n; i++) {
            const unsigned ce = tt_probe(child_table, keys[i]);
            const int v = -c4_packed_score(ce);
            if (ce & C4_BOUND_UPPER && v >= b) {
                tt_store(tt, key, c4_pack(C4_BOUND_LOWER, v, STORED_COL(cols[i])), 0);
                return v;
            }
        }
    }

    s->searched++;   /* nothing above settled it: its children are searched */

    /* With several threads, a move another thread is searching right now
     * is put off until the other moves are done (ABDADA), so the threads
     * spread over the tree instead of repeating each other.  The first
     * move is always searched at once. */
    const bool spread = s->busy && p->moves < g->cells - SPREAD_MIN_EMPTY;
    unsigned deferred = 0;
    const uint64_t nodes0 = s->nodes;
    int a = a0, best = -64, best_col = -1;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < n; i++) {
            if (pass == 1 && !(deferred >> i & 1))
                continue;
            if (spread && pass == 0 && i > 0 && gts_busy_test(s->busy, keys[i])) {
                deferred |= 1u << i;
                continue;
            }
            if (spread)
                gts_busy_mark(s->busy, keys[i]);
            c4_pos q = *p;
            c4_play_cell(&q, cells[i]);
            const int v = -negamax(s, &q, -b, -a);
            if (spread) {
                gts_busy_clear(s->busy, keys[i]);
                /* A pool's threads unwind on the pool's token; the
                 * caller's is passed on to it here, at the nodes where
                 * they already pay for sharing: the serial search reads
                 * nothing more. */
                if (gts_stop_raised(s->outside))
                    gts_stop_raise(s->stop);
            }
            if (c4_stopped(s))
                return 0;
            if (v > best) {
                best = v;
                best_col = cols[i];
                if (v >= b)
                    goto searched;
                if (v > a)
                    a = v;
            }
        }
        if (!deferred)
            break;
    }
searched:;

    int kind = C4_BOUND_EXACT;
    if (best >= b) {
        kind = C4_BOUND_LOWER;
    } else if (best <= a0) {
        kind = C4_BOUND_UPPER;
        if (best < lo)
            best = lo;
    }
    if (use_tt)
        tt_store(tt, key, c4_pack(kind, best, STORED_COL(best_col)), (unsigned)work_of(s->nodes - nodes0));
    return best;
#undef STORED_COL
}

/* The search is compiled twice from the one body: for any board, and for
 * 7x6 with the geometry constant-folded (measured in
 * docs/notes/c4_solver.md). */
static int negamax_any(c4_search *s, const c4_pos *p, int alpha, int beta)
{
    return negamax_body(s, s->g, negamax_any, p, alpha, beta);
}

static const c4_geom geom_7x6 = C4_STANDARD_GEOM;

static int negamax_7x6(c4_search *s, const c4_pos *p, int alpha, int beta)
{
    return negamax_body(s, &geom_7x6, negamax_7x6, p, alpha, beta);
}

int c4_search_window(c4_search *s, const c4_pos *p, int alpha, int beta)
{
    const c4_geom *g = s->g;
    int score;
    if (c4_final_score(g, p, &score))
        return score;
    if (c4_can_win_next(g, p))
        return c4_win_score(g, p->moves);
    const negamax_fn negamax = g->width == 7 && g->height == 6 ? negamax_7x6 : negamax_any;
    s->slow_probe = alpha >= -C4_SLOW_PROBE && alpha <= C4_SLOW_PROBE;
    return negamax(s, p, alpha, beta);
}

int c4_search_solve(c4_search *s, const c4_pos *p, bool weak)
{
    const negamax_fn negamax = s->g->width == 7 && s->g->height == 6 ? negamax_7x6 : negamax_any;
    const c4_geom *g = s->g;
    int score;
    if (c4_final_score(g, p, &score))
        return weak ? (score > 0) - (score < 0) : score;
    if (c4_can_win_next(g, p))
        return weak ? 1 : c4_win_score(g, p->moves);
    /* Weak: first two cheap probes for a quick loss or win (a high window
     * prunes long defences at once), then win or not, then draw or loss;
     * null windows throughout, cheaper than one (-1, 1) window. */
    if (weak) {
        const int quick_loss = -(g->cells - p->moves) / 4, quick_win = c4_win_score(g, p->moves) / 2;
        if (quick_loss < 0 && negamax(s, p, quick_loss, quick_loss + 1) <= quick_loss)
            return -1;
        if (quick_win > 0 && negamax(s, p, quick_win, quick_win + 1) > quick_win)
            return 1;
        s->slow_probe = true;
        if (negamax(s, p, 0, 1) >= 1)
            return 1;
        return negamax(s, p, -1, 0) <= -1 ? -1 : 0;
    }
    /* Null-window probes narrow [min, max] (c4_next_probe). */
    int min = -(g->cells - p->moves) / 2;
    int max = c4_win_score(g, p->moves);
    while (min < max) {
        if (s->progress)
            s->progress(min, max, s->nodes, s->progress_ctx);
        const int med = c4_next_probe(g, min, max, p->moves);
        s->slow_probe = med >= -C4_SLOW_PROBE && med <= C4_SLOW_PROBE;
        const int r = negamax(s, p, med, med + 1);
        if (c4_stopped(s))
            return 0;
        if (r <= med)
            max = r;
        else
            min = r;
    }
    return min;
}
