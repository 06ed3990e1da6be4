/*
 * The depth-limited Reversi search on boards of any size (its entry points
 * are rv_searcher.c): negamax with copy-make, as minimax, as the report's
 * alpha-beta, or as PVS with the shared table, and the split points where
 * threads share a node's moves.
 *
 * A pass is a ply like any move, so a depth means the same to every
 * algorithm, and a position's value at a depth depends on the position
 * alone: the table's entries of the same depth are exact bounds, which is
 * why only they cut off (an entry of another depth orders moves only).
 */
#include "reversi/rv_search_split.h"
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

/*
 * Split points (YBWC, PV-split; rv_search_threads.c has the helpers that
 * join them).
 *
 * - YBWC (young brothers wait, Feldmann): at any node with split_depth()
 *   or more plies left, once its first move is searched and a thread is idle,
 *   the other moves become a split point: the owner and the threads that
 *   join take one move at a time and search it with the node's current
 *   window (null window first for PVS, widened when it beats alpha), as
 *   rv_node's loop would.  A move that reaches beta marks the split cut:
 *   its workers, and those of every split below it (each thread checks the
 *   chain of splits it works for at every node), stop, and their values
 *   are dropped.  An owner whose moves are all taken does not sleep while
 *   its workers finish: it joins splits below its own (the "helpful
 *   master"), so its stack unwinds in order.
 * - PV-split (Marsland & Campbell): the same, splitting only at nodes of
 *   the principal variation: the GPU report's design, kept as its baseline.
 *
 * They live in this file, not with the threads, because a split's moves
 * are searched by rv_child_value and rv_node splits: the recursion is one.
 */

/* Nodes closer to the leaves than this are not split: their subtrees are
 * too small to pay for the hand-over (docs/notes/reversi_search.md).  On
 * boards of 16 words or more (32x32 and up) a node has 50 to 200 moves and
 * one of 2 plies left is hundreds of leaves, so nodes of 3 plies left are
 * split: at 4, a depth-3 search (the report's 64x64 games) had nothing to
 * share and ran on one thread; at 2, moves of a few leaves each were handed
 * over (2 threads, 64x64 after 2000 plies, depth 3: 67 ms at 2, 30 ms at
 * 3, 70 ms serial; the box loaded).  rv_search_options.split_depth
 * overrides it. */
static int split_depth(const rv_ctx *c)
{
    const int set = c->searcher->o.split_depth;
    return set ? set : c->w->words >= 16 ? 3 : 4;
}

bool rv_split_cut(const rv_split *sp)
{
    for (; sp; sp = sp->parent)
        if (atomic_load_explicit(&sp->cut, memory_order_relaxed))
            return true;
    return false;
}

bool rv_split_wanted(const rv_ctx *c, int depth, bool pv)
{
    const struct rv_pool *p = c->pool;
    return depth >= split_depth(c) && p->design != RV_PAR_LAZY && (pv || p->design == RV_PAR_YBWC) &&
           atomic_load_explicit(&p->idle, memory_order_relaxed) > 0;
}

static bool below(const rv_split *q, const rv_split *sp)
{
    for (q = q->parent; q; q = q->parent)
        if (q == sp)
            return true;
    return false;
}

/* The open split with moves left and the most plies left, among those
 * below `under` (any when NULL); NULL if none or the search is stopping.
 * Lock held. */
rv_split *rv_split_find(struct rv_pool *p, const rv_split *under)
{
    rv_split *found = NULL;
    if (atomic_load(p->abort))
        return NULL;
    for (rv_split *q = p->open; q; q = q->next_open)
        if (q->k < q->n && (!found || q->depth > found->depth) && (!under || below(q, under)) && !rv_split_cut(q))
            found = q;
    return found;
}

/* w searches moves of sp until none is left, sp is cut or the search
 * stops.  Called and returns with the lock held. */
void rv_split_work(struct rv_pool *p, rv_ctx *w, rv_split *sp)
{
    rv_split *const outer = w->sp;
    const rv_ctx *o = sp->owner;
    if (w != o) {
        rvb_copy(&w->b[sp->ply], &o->b[sp->ply]);
        w->wpc[sp->ply] = o->wpc[sp->ply];
        /* A node of 1 ply left (split depth 1): its leaves' mobilities
         * come from the frontier of the thread that searches them. */
        if (sp->depth == 1 && o->b[sp->ply].words > 1)
            rv_frontier_prepare(&w->frontier, &w->b[sp->ply]);
    }
    sp->workers++;
    while (sp->k < sp->n && !rv_split_cut(sp) && !atomic_load(p->abort)) {
        const int k = sp->k++;
        const int32_t alpha = sp->alpha;
        pthread_mutex_unlock(&p->lock);
        const int index = 4095 - (o->key[sp->ply][k] & 4095);
        const int sq = o->list[sp->ply][index];
        w->sp = sp;
        w->stopped = false;
        const int32_t v = rv_child_value(w, sp->ply, sq, sp->depth, alpha, sp->beta, false, sp->pv);
        pthread_mutex_lock(&p->lock);
        if (w->stopped || v <= sp->best)
            continue;
        sp->best = v;
        sp->best_index = index;
        if (v > sp->alpha)
            sp->alpha = v;
        if (w->algo != RV_ALGO_MINIMAX && sp->alpha >= sp->beta) {
            w->history[sq] += sp->depth * sp->depth;
            atomic_store_explicit(&sp->cut, 1, memory_order_relaxed);
        }
    }
    w->sp = outer;
    w->stopped = false;
    if (--sp->workers == 0)
        pthread_cond_broadcast(&p->wake);
}

void rv_split_moves(rv_ctx *c, int ply, int depth, int k, int n, int32_t *alpha, int32_t beta, bool pv, int32_t *best,
                    int *best_index)
{
    struct rv_pool *p = c->pool;
    /* The whole order first: key[ply][j] then names the j-th move. */
    for (int j = k; j < n; j++)
        rv_pick(c, ply, j, n);
    rv_split sp = { .parent = c->sp, .owner = c, .ply = ply, .depth = depth, .k = k, .n = n, .alpha = *alpha,
                    .beta = beta, .best = *best, .best_index = *best_index, .pv = pv };
    pthread_mutex_lock(&p->lock);
    sp.next_open = p->open;
    p->open = &sp;
    pthread_cond_broadcast(&p->wake);
    rv_split_work(p, c, &sp);
    while (sp.workers > 0) {
        rv_split *q = rv_split_find(p, &sp);
        if (q)
            rv_split_work(p, c, q);
        else
            pthread_cond_wait(&p->wake, &p->lock);
    }
    rv_split **link = &p->open;
    while (*link != &sp)
        link = &(*link)->next_open;
    *link = sp.next_open;
    pthread_mutex_unlock(&p->lock);
    c->stopped = atomic_load(c->abort) || rv_split_cut(sp.parent);
    *alpha = sp.alpha;
    *best = sp.best;
    *best_index = sp.best_index;
}
