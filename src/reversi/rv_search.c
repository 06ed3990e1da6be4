/*
 * Depth-limited Reversi search on boards of any size: negamax with
 * copy-make, as minimax, as the report's alpha-beta, or as PVS with the
 * shared table; iterative deepening under a time limit.
 *
 * A pass is a ply like any move, so a depth means the same to every
 * algorithm, and a position's value at a depth depends on the position
 * alone: the table's entries of the same depth are exact bounds, which is
 * why only they cut off (an entry of another depth orders moves only).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reversi/rv_search_internal.h"
#include "core/clock.h"
#include "core/deadline.h"

static inline uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t rv_hash(const rvb *b)
{
    int lo, hi;
    rvb_span(b, &lo, &hi);
    uint64_t h = mix((uint64_t)(b->width * 131 + b->height) << 16 | (uint64_t)lo);
    for (int i = lo; i <= hi; i++) {
        h = mix(h ^ b->me[i]);
        h = mix(h ^ b->opp[i] ^ 0x9e3779b97f4a7c15ULL);
    }
    return h;
}

/* The periodic check (core/deadline.h), and the other threads' flag. */
static bool check_stop(rv_ctx *c)
{
    if (gts_should_stop(c->searcher->o.stop, c->deadline))
        atomic_store(c->abort, 1);
    if (atomic_load(c->abort))
        c->stopped = true;
    return c->stopped;
}

/* Keys hold the move's index in square order in the low 12 bits (the
 * lower index wins a tie) and its merit above. */
#define KEY(merit, index) ((int32_t)(merit) * 4096 + (4095 - (index)))
#define TT_MERIT (1 << 18)

int rv_order_moves(rv_ctx *c, int ply, const uint64_t *moves, int tt_index, bool pv)
{
    const rvb *b = &c->b[ply];
    int16_t *list = c->list[ply];
    int32_t *key = c->key[ply];
    int n = 0;
    for (int i = 0; i < b->words; i++)
        for (uint64_t m = moves[i]; m; m &= m - 1)
            list[n++] = (int16_t)(i * 64 + __builtin_ctzll(m));
    const int16_t *weight = c->w->square;
    if (c->algo == RV_ALGO_PVS) {
        /* The table's move, then by history (moves that refuted other
         * nodes), then by the square's weight: fewer nodes on every board
         * size than weights before history (docs/notes/reversi_search.md).
         * A Lazy SMP helper adds noise of its own to the weights so that
         * the threads go different ways below the table's move. */
        for (int i = 0; i < n; i++) {
            const int h = c->history[list[i]] >> 4;
            const int noise = c->vary ? (int)(mix((uint64_t)c->vary << 32 | (uint64_t)list[i]) & 255) : 0;
            key[i] = KEY(i == tt_index ? TT_MERIT : (h < 1023 ? h : 1023) * 256 + weight[list[i]] + noise, i);
        }
    } else {
        /* Natural order, but at PV nodes of alpha-beta the move of the
         * highest weight first, as the report's serial player. */
        int first = -1;
        if (c->algo == RV_ALGO_ALPHABETA && pv)
            for (int i = 0; i < n; i++)
                if (first < 0 || weight[list[i]] > weight[list[first]])
                    first = i;
        for (int i = 0; i < n; i++)
            key[i] = KEY(i == first, i);
    }
    return n;
}

/* Past this many picks a node is likely to search all its moves: the rest
 * are sorted at once, not picked one by one (n^2 / 2 key reads on a node
 * of 200 moves: 12 % of the time of a 64x64 search). */
#define PICKS 3

/* Sorts key[0..n-1] from the highest down: by insertion when short, else
 * a radix sort of bytes (the keys made unsigned, highest first), passes
 * over a byte that all keys share skipped.  qsort took 18 % of a 64x64
 * depth-2 match; the radix sort alone cost more than qsort on 32x32. */
static void sort_down(int32_t *key, int n)
{
    if (n < 48) {
        for (int i = 1; i < n; i++) {
            const int32_t k = key[i];
            int j = i;
            for (; j > 0 && key[j - 1] < k; j--)
                key[j] = key[j - 1];
            key[j] = k;
        }
        return;
    }
    uint32_t buf[2][RVB_MAX_SQUARES], *from = buf[0], *to = buf[1];
    for (int i = 0; i < n; i++)
        from[i] = ~((uint32_t)key[i] ^ 0x80000000u);
    for (int shift = 0; shift < 32; shift += 8) {
        int count[256] = { 0 };
        for (int i = 0; i < n; i++)
            count[(from[i] >> shift) & 255]++;
        if (count[(from[0] >> shift) & 255] == n)
            continue;
        for (int d = 0, at = 0; d < 256; d++) {
            const int c = count[d];
            count[d] = at;
            at += c;
        }
        for (int i = 0; i < n; i++)
            to[count[(from[i] >> shift) & 255]++] = from[i];
        uint32_t *t = from;
        from = to;
        to = t;
    }
    for (int i = 0; i < n; i++)
        key[i] = (int32_t)(~from[i] ^ 0x80000000u);
}

int rv_pick(rv_ctx *c, int ply, int k, int n)
{
    int32_t *key = c->key[ply];
    if (k < PICKS) {
        int best = k;
        for (int i = k + 1; i < n; i++)
            if (key[i] > key[best])
                best = i;
        const int32_t t = key[k];
        key[k] = key[best];
        key[best] = t;
    } else if (k == PICKS) {
        /* Keys are distinct (the index is in them): the sorted order is
         * the order of picks. */
        sort_down(key + k, n - k);
    }
    return 4095 - (key[k] & 4095);
}

/* Counts a node and says whether its search may go on (the periodic
 * check, a cut split above it). */
static bool enter(rv_ctx *c)
{
    c->nodes++;
    if (gts_check_due(c->nodes, &c->next_check) && check_stop(c))
        return false;
    if (c->sp && rv_split_cut(c->sp)) {
        c->stopped = true;
        return false;
    }
    return true;
}

/* rv_child_value of a move at a node of 1 ply left on a board of 2+ words:
 * the leaf's value without its board, its mobilities from the parent's
 * (c->frontier, rv_wxh_frontier.h), its WPC from the flips.  The nodes are
 * counted as the search would: PVS searches a move after the first again
 * when it lands inside the window.  64x64 after 2000 plies, depth 3: 1.97 G ->
 * 0.66 G instructions with the node's moves from the same generation
 * (callgrind; 67 M of them the table's clearing). */
static int32_t leaf_child(rv_ctx *c, int ply, int sq, int32_t alpha, int32_t beta, bool first)
{
    const rvb *b = &c->b[ply];
    if (!enter(c))
        return 0;
    uint64_t flips[RVB_MAX_WORDS];
    int lo, hi, mine, theirs;
    rvb_flips(b, sq, flips, &lo, &hi);
    rv_frontier_child(&c->frontier, b, sq, flips, lo, hi, &mine, &theirs);
    int32_t v;
    if (!mine && !theirs) {
        rvb_play_flips(&c->b[ply + 1], b, sq, flips, lo, hi);
        v = -rv_final_value(&c->b[ply + 1]);
    } else {
        v = c->wpc[ply] + rv_wpc_gain(c->w, sq, flips, lo, hi) - c->w->mobility * (mine - theirs);
    }
    if (c->algo == RV_ALGO_PVS && !first && v > alpha && v < beta && !enter(c))
        return 0;
    return v;
}

int32_t rv_child_value(rv_ctx *c, int ply, int sq, int depth, int32_t alpha, int32_t beta, bool first, bool pv)
{
    if (depth == 1 && sq != RVB_PASS && c->w->words > 1)
        return leaf_child(c, ply, sq, alpha, beta, first);
    rvb *child = &c->b[ply + 1];
    if (sq == RVB_PASS) {
        rvb_copy(child, &c->b[ply]);
        rvb_pass(child);
        c->wpc[ply + 1] = -c->wpc[ply];
    } else {
        uint64_t flips[RVB_MAX_WORDS];
        int lo, hi;
        rvb_flips(&c->b[ply], sq, flips, &lo, &hi);
        rvb_play_flips(child, &c->b[ply], sq, flips, lo, hi);
        c->wpc[ply + 1] = -(c->wpc[ply] + rv_wpc_gain(c->w, sq, flips, lo, hi));
    }
    if (c->algo != RV_ALGO_PVS || first)
        return -rv_node(c, ply + 1, depth - 1, -beta, -alpha, pv && first);
    int32_t v = -rv_node(c, ply + 1, depth - 1, -alpha - 1, -alpha, false);
    if (v > alpha && v < beta && !c->stopped)
        v = -rv_node(c, ply + 1, depth - 1, -beta, -alpha, pv);
    return v;
}

/* A table entry's bound that settles the node's value in (alpha, beta). */
static bool tt_cuts(const htt_hit *h, int depth, int32_t alpha, int32_t beta)
{
    return h->depth == depth &&
           (h->bound == HTT_BOUND_EXACT || (h->bound == HTT_BOUND_LOWER && h->score >= beta) ||
            (h->bound == HTT_BOUND_UPPER && h->score <= alpha));
}

int32_t rv_node(rv_ctx *c, int ply, int depth, int32_t alpha, int32_t beta, bool pv)
{
    if (!enter(c))
        return 0;
    const rvb *b = &c->b[ply];
    if (depth == 0)
        return rv_leaf_value_with(c->w, b, c->wpc[ply]);
    uint64_t key = 0;
    int tt_index = -1;
    htt_hit hit;
    if (c->tt) {
        key = rv_hash(b);
        if (htt_probe(c->tt, key, &hit)) {
            tt_index = hit.move;
            /* The root is searched all the same: it must name its move. */
            if (ply > 0 && tt_cuts(&hit, depth, alpha, beta))
                return hit.score;
        }
    }
    /* One ply above the leaves, the moves come from the generation that
     * the leaves' mobilities are made from. */
    uint64_t moves[RVB_MAX_WORDS];
    if (depth == 1 && b->words > 1) {
        rv_frontier_prepare(&c->frontier, b);
        rv_frontier_moves(&c->frontier, b->words, moves);
    } else {
        rvb_moves(b, moves);
    }
    const int n = rv_order_moves(c, ply, moves, tt_index, pv);
    if (!n) {
        if (!rvb_mobility(b, true))
            return rv_final_value(b);
        if (ply == 0)
            c->root_move = RVB_PASS;
        return rv_child_value(c, ply, RVB_PASS, depth, alpha, beta, true, pv);
    }
    const bool ordered = c->algo == RV_ALGO_PVS || pv;
    const bool prune = c->algo != RV_ALGO_MINIMAX;
    const int32_t alpha0 = alpha;
    int32_t best = -RV_INF;
    int best_index = 0;
    for (int k = 0; k < n; k++) {
        if (k == 1 && c->pool && rv_split_wanted(c, depth, pv)) {
            rv_split_moves(c, ply, depth, k, n, &alpha, beta, pv, &best, &best_index);
            if (c->stopped)
                return 0;
            break;
        }
        const int i = ordered ? rv_pick(c, ply, k, n) : k;
        const int sq = c->list[ply][i];
        const int32_t v = rv_child_value(c, ply, sq, depth, alpha, beta, k == 0, pv);
        if (c->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_index = i;
            if (v > alpha)
                alpha = v;
            if (prune && alpha >= beta) {
                c->history[sq] += depth * depth;
                break;
            }
        }
    }
    if (ply == 0)
        c->root_move = c->list[0][best_index];
    if (c->tt) {
        const int bound = best <= alpha0 ? HTT_BOUND_UPPER : best >= beta ? HTT_BOUND_LOWER : HTT_BOUND_EXACT;
        htt_store(c->tt, key, best, best_index < 2046 ? best_index : -1, depth, bound);
    }
    return best;
}

void rv_search_defaults(rv_search_options *o)
{
    *o = (rv_search_options){
        .algo = RV_ALGO_PVS,
        .depth = 6,
        .threads = 1,
        .tt_bytes = GTS_TT_DEFAULT_BYTES,
        .wpc = RV_WPC_CTDL,
        .mobility_weight = RV_DEFAULT_MOBILITY,
    };
}

void rv_searcher_free(rv_searcher *s)
{
    if (!s)
        return;
    rv_pool_free(s->pool);
    for (int i = 0; i < s->nctx && s->ctx; i++)
        free(s->ctx[i]);
    free(s->ctx);
    free(s->w);
    gts_htt_free(s->tt);
    free(s);
}

rv_searcher *rv_searcher_create(const rv_search_options *o, char *err, size_t errlen)
{
    if ((unsigned)o->algo > RV_ALGO_PVS || o->depth < 1 || o->depth > RV_MAX_DEPTH || o->threads < 1 ||
        o->threads > 1024 || (unsigned)o->parallel > RV_PAR_LAZY || o->time_ms < 0 || (unsigned)o->wpc > RV_WPC_STANDARD || o->mobility_weight < 0 ||
        o->mobility_weight > 10000 || o->split_depth < 0 || o->split_depth > RV_MAX_DEPTH) {
        snprintf(err, errlen,
                 "search options out of range (depth 1..%d, threads 1..1024, parallel, time >= 0, mobility 0..10000, "
                 "split depth 0..%d)",
                 RV_MAX_DEPTH, RV_MAX_DEPTH);
        return NULL;
    }
    rv_searcher *s = calloc(1, sizeof *s);
    if (!s)
        goto oom;
    s->o = *o;
    s->nctx = o->threads;
    s->ctx = calloc((size_t)s->nctx, sizeof *s->ctx);
    s->w = calloc(1, sizeof *s->w);
    if (!s->ctx || !s->w)
        goto oom;
    for (int i = 0; i < s->nctx; i++)
        if (!(s->ctx[i] = calloc(1, sizeof *s->ctx[i])))
            goto oom;
    if (o->algo == RV_ALGO_PVS && !(s->tt = gts_htt_create(o->tt_bytes ? o->tt_bytes : GTS_TT_DEFAULT_BYTES)))
        goto oom;
    if (s->nctx > 1 && !(s->pool = rv_pool_create(s)))
        goto oom;
    return s;
oom:
    snprintf(err, errlen, "out of memory for the search (table %zu MB, %d threads)", o->tt_bytes >> 20, o->threads);
    rv_searcher_free(s);
    return NULL;
}

void rv_searcher_clear(rv_searcher *s)
{
    if (s->tt)
        gts_htt_clear(s->tt);
    for (int i = 0; i < s->nctx; i++)
        memset(s->ctx[i]->history, 0, sizeof s->ctx[i]->history);
}

void rv_searcher_set_time(rv_searcher *s, long time_ms)
{
    s->o.time_ms = time_ms > 0 ? time_ms : 0;
}

void rv_searcher_set_depth(rv_searcher *s, int depth)
{
    s->o.depth = depth < 1 ? 1 : depth > RV_MAX_DEPTH ? RV_MAX_DEPTH : depth;
}

void rv_searcher_run(rv_searcher *s, const rvb *b, rv_result *r)
{
    const double t0 = gts_now_usec();
    *r = (rv_result){ .move = RVB_NO_MOVE };
    if (s->w->width != b->width || s->w->height != b->height)
        rv_weights_init(s->w, b->width, b->height, s->o.wpc, s->o.mobility_weight);
    if (s->tt)
        s->tt->generation++;
    atomic_store(&s->abort, 0);
    for (int i = 0; i < s->nctx; i++) {
        rv_ctx *c = s->ctx[i];
        c->searcher = s;
        c->w = s->w;
        c->tt = s->tt;
        c->algo = s->o.algo;
        c->nodes = 0;
        c->next_check = GTS_CHECK_NODES;
        c->abort = &s->abort;
        c->pool = s->pool;
        c->sp = NULL;
        c->vary = s->o.parallel == RV_PAR_LAZY ? (unsigned)i : 0;
        c->stopped = false;
        c->deadline = 0;   /* depth 1 always finishes: there is a move to play */
    }
    rv_ctx *c = s->ctx[0];
    rvb_copy(&c->b[0], b);
    c->wpc[0] = rv_wpc_value(s->w, b);
    if (s->pool)
        rv_pool_begin(s->pool);
    if (rvb_game_over(b)) {
        r->score = rv_final_value(b);
    } else {
        const bool deepen = s->o.algo == RV_ALGO_PVS || s->o.time_ms > 0;
        for (int depth = deepen ? 1 : s->o.depth;
             depth <= s->o.depth && !gts_stop_raised(s->o.stop); depth++) {
            const int32_t v = s->pool ? rv_pool_root(c, depth) : rv_node(c, 0, depth, -RV_INF, RV_INF, true);
            if (c->stopped)
                break;
            r->move = c->root_move;
            r->score = v;
            r->depth = depth;
            if (s->o.on_depth) {
                rv_result now = *r;
                for (int i = 0; i < s->nctx; i++)
                    now.nodes += s->ctx[i]->nodes;
                now.usec = gts_now_usec() - t0;
                s->o.on_depth(&now, s->o.on_depth_arg);
            }
            if (s->o.time_ms > 0)
                for (int i = 0; i < s->nctx; i++)
                    s->ctx[i]->deadline = gts_deadline_after(t0, s->o.time_ms);
        }
        if (!r->depth) {
            /* Stopped from outside before depth 1 ended: a legal move. */
            int moves[RVB_MAX_SQUARES];
            r->move = rvb_move_list(b, moves) ? moves[0] : RVB_PASS;
            r->score = rv_leaf_value(s->w, b);
        }
    }
    if (s->pool)
        rv_pool_end(s->pool);
    for (int i = 0; i < s->nctx; i++)
        r->nodes += s->ctx[i]->nodes;
    r->usec = gts_now_usec() - t0;
}

int rv_search(const rvb *b, const rv_search_options *o, rv_result *r, char *err, size_t errlen)
{
    rv_searcher *s = rv_searcher_create(o, err, errlen);
    if (!s)
        return -1;
    rv_searcher_run(s, b, r);
    rv_searcher_free(s);
    return 0;
}
