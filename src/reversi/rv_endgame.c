/*
 * The Reversi endgame search (the solver's entry points are rv_solver.c):
 * fail-soft negamax alpha-beta on the final disc difference.  The root (rv_eg_root) finds exact scores by null-window
 * searches (MTD(f)); win / draw / loss is the one window -1..1.  A node
 * - leaves the last RV_EG_LAST_EMPTIES empties to rv_eg_last;
 * - cuts when the opponent's stable discs keep its score at or below alpha;
 * - from TABLE_EMPTIES keeps lower and upper bounds and a best move in the
 *   shared table (htt), and from ETC_EMPTIES first looks up every child
 *   there (enhanced transposition cutoff);
 * - orders its moves: the table's move first, then fastest-first (the
 *   moves that leave the opponent fewest replies, corners counted twice,
 *   corner moves first among equals), and from SHALLOW_EMPTIES by a
 *   shallow search on the pattern evaluation (rv_endgame_eval.h; it keeps
 *   bounds in a table of its own) plus a penalty per reply left, done
 *   only once the first move (the table's, else the one bounded ordering
 *   searches find best) has failed to cut; X- and C-square moves next to
 *   an empty corner last among equals.
 * The root's first MTD(f) guess is a deeper search on the same evaluation.
 * docs/notes/reversi_endgame.md has the measurements behind each choice.
 */
#include "reversi/rv_endgame.h"
#include "reversi/rv_endgame_eval.h"
#include "reversi/rv_8x8_bits.h"

/* From how many empties each part pays (below SORT_EMPTIES, parity
 * order: only a root with few empties). */
#define SORT_EMPTIES 6
#define STABLE_EMPTIES 7
#define TABLE_EMPTIES 9
#define ETC_EMPTIES 11
#define SHALLOW_EMPTIES 13
/* The ordering search's depth by empties (3 at 18-19 since the phased
 * weights: fforum-20-39 -8% nodes, no more time). */
#define SHALLOW_DEPTH(e) ((e) >= 24 ? 6 : (e) >= 22 ? 5 : (e) >= 20 ? 4 : (e) >= 18 ? 3 : (e) >= 16 ? 1 : 0)
/* The ordering key's penalty per reply left to the opponent (corners
 * twice), by the node's empties: the value alone orders worse than with
 * the fastest-first hint, and the shallow values below 20 empties need
 * more of it (docs/notes/reversi_endgame.md). */
#define REPLY_W(e) ((e) < 20 ? 3 * RV_EG_EVAL_SCALE : RV_EG_EVAL_SCALE)
/* The depth of the search for the first MTD(f) guess, by empties: each
 * window costs more the more empties, and a deeper guess misses by fewer
 * windows, so from GUESS_DEEP_EMPTIES a deeper guess costs less than it
 * saves (at 26 it does not: up to 5 s on a position that takes 0.03 s to
 * solve); there the guess is the mean of this depth and the next, which
 * misses by as little as the next depth alone (a value swings with the
 * parity of its depth, who moves last at its leaves). */
#define GUESS_DEEP_EMPTIES 27
#define GUESS_DEPTH(e) ((e) >= GUESS_DEEP_EMPTIES ? 12 : 8)
/* From this depth the ordering search reads the first guess's stop token:
 * above every SHALLOW_DEPTH. */
#define GUESS_STOP_DEPTH 7
_Static_assert(SHALLOW_DEPTH(64) < GUESS_STOP_DEPTH, "the solver's ordering searches must not read the stop token");
/* From this depth the ordering search sorts its own moves. */
#define SHALLOW_SORT 3
/* Above any evaluation. */
#define INF (1 << 26)
/* No bound, in the ordering table's 16 bits (values beyond it, which no
 * position reaches, are not kept). */
#define UNBOUNDED 32000

#define CORNERS 0x8100000000000081ULL
/* The squares next to the corners (X- and C-squares). */
#define NEAR_CORNERS 0x42c300000000c342ULL

/* A table entry's score field holds both bounds, lower and upper. */
static inline int32_t pack_bounds(int lower, int upper)
{
    return (lower + 64) | (upper + 64) << 8;
}

static inline int lower_bound(int32_t score)
{
    return (score & 255) - 64;
}

static inline int upper_bound(int32_t score)
{
    return (score >> 8 & 255) - 64;
}

typedef struct move_list {
    int n;
    int sq[32];
    int key[32];
    uint64_t flips[32];
    uint64_t replies[32];   /* the opponent's moves after each move */
    bool replies_left;      /* those of moves 1.. not found yet (list_moves) */
    uint64_t keyed;         /* the squares whose key is already exact */
} move_list;

/* Brings the best-keyed move of i.. to i (lazily: a cut often comes
 * before the list is sorted). */
static inline void pick(move_list *l, int i)
{
    int b = i;
    for (int j = i + 1; j < l->n; j++)
        if (l->key[j] > l->key[b])
            b = j;
    if (b != i) {
        const int sq = l->sq[i], key = l->key[i];
        const uint64_t flips = l->flips[i], replies = l->replies[i];
        l->sq[i] = l->sq[b], l->key[i] = l->key[b], l->flips[i] = l->flips[b], l->replies[i] = l->replies[b];
        l->sq[b] = sq, l->key[b] = key, l->flips[b] = flips, l->replies[b] = replies;
    }
}

/* An ordering-table entry's score field: a lower and an upper bound of
 * the value at the entry's depth. */
static inline int32_t pack_values(int lower, int upper)
{
    return (int32_t)((uint32_t)(uint16_t)lower | (uint32_t)(uint16_t)upper << 16);
}

static inline int lower_value(int32_t score)
{
    return (int16_t)(uint16_t)score;
}

static inline int upper_value(int32_t score)
{
    return (int16_t)(uint16_t)((uint32_t)score >> 16);
}

/* A position's key in the ordering table: each depth's value apart. */
static inline uint64_t order_key(uint64_t hash, int depth)
{
    return hash ^ 0x9e3779b97f4a7c15ULL * (uint64_t)depth;
}

/* A depth-limited alpha-beta search on the pattern evaluation, for
 * ordering (RV_EG_EVAL_SCALE units per disc).  From SHALLOW_SORT depth
 * its own moves go best-evaluated first (without that a deep ordering
 * search costs more than the nodes it saves), and it keeps bounds and a
 * best move by position and depth in the ordering table ot: the same
 * positions come back in the ordering searches of siblings and of later
 * MTD(f) windows.  Every bound there is a bound of the same depth's
 * value, so the values that order the solver's moves are unchanged.
 * guess (NULL for the ordering of the solver's moves): the search is one
 * of the first guess's, a series one ply deeper each, so a position the
 * table holds only from the search before takes that search's best move
 * first; and it stops when the token guess is raised, since its deepest
 * searches take seconds (5 s at 31 empties): checked from GUESS_STOP_DEPTH
 * plies left, a depth the ordering searches never reach, and a search cut
 * so keeps nothing in the table (its value means nothing). */
static int shallow(htt *ot, uint64_t me, uint64_t opp, int depth, int alpha, int beta, const gts_stop *guess)
{
    if (depth == 0)
        return rv_eg_eval(me, opp);
    if (depth >= GUESS_STOP_DEPTH && gts_stop_raised(guess))
        return 0;
    const uint64_t moves = rv_moves_fast(me, opp);
    if (!moves)
        return rv_moves_fast(opp, me) ? -shallow(ot, opp, me, depth, -beta, -alpha, guess)
                                      : RV_EG_EVAL_SCALE * rv_eg_final(me, opp);
    int bestv = -INF;
    if (depth < SHALLOW_SORT) {
        /* Unsorted: by the squares' usual worth, corners first and X-
         * squares last, each move's flips found only when it is tried. */
        static const uint64_t by_worth[5] = {
            0x8100000000000081ULL, 0x3c0081818181003cULL, 0x003c7e7e7e7e3c00ULL,
            0x4281000000008142ULL, 0x0042000000004200ULL,
        };
        for (int c = 0; c < 5; c++)
            for (uint64_t m = moves & by_worth[c]; m; m &= m - 1) {
                const uint64_t flips = rv_flips_fast(me, opp, __builtin_ctzll(m));
                const int v = -shallow(ot, opp & ~flips, me | flips | (m & -m), depth - 1, -beta, -alpha, guess);
                if (v > bestv) {
                    bestv = v;
                    if (v >= beta)
                        return bestv;
                    if (v > alpha)
                        alpha = v;
                }
            }
        return bestv;
    }
    const uint64_t hash = rv_eg_hash(me, opp), key = order_key(hash, depth);
    int tt_move = -1;
    htt_hit hit;
    if (htt_probe(ot, key, &hit)) {
        const int lower = lower_value(hit.score), upper = upper_value(hit.score);
        if (lower >= beta || lower == upper)
            return lower;
        if (upper <= alpha)
            return upper;
        alpha = lower > alpha ? lower : alpha;
        beta = upper < beta ? upper : beta;
        tt_move = hit.move;
    } else if (guess && htt_probe(ot, order_key(hash, depth - 1), &hit)) {
        tt_move = hit.move;
    }
    const int alpha0 = alpha, beta0 = beta;
    move_list l;
    l.n = 0;
    for (uint64_t m = moves; m; m &= m - 1) {
        const int sq = __builtin_ctzll(m);
        const uint64_t flips = rv_flips_fast(me, opp, sq);
        l.sq[l.n] = sq;
        l.flips[l.n] = flips;
        l.replies[l.n] = 0;   /* unused here, but pick() moves it with the rest */
        l.key[l.n++] = sq == tt_move ? INF : 0;
    }
    int best = -1;
    for (int i = 0; i < l.n; i++) {
        /* With a table move the others are evaluated only once it has
         * failed to cut. */
        if (i == (tt_move >= 0))
            for (int j = i; j < l.n; j++)
                l.key[j] = -rv_eg_eval(opp & ~l.flips[j], me | l.flips[j] | (uint64_t)1 << l.sq[j]);
        pick(&l, i);
        const uint64_t flips = l.flips[i];
        const int v = -shallow(ot, opp & ~flips, me | flips | ((uint64_t)1 << l.sq[i]), depth - 1, -beta, -alpha,
                              guess);
        if (v > bestv) {
            bestv = v;
            best = l.sq[i];
            if (v >= beta)
                break;
            if (v > alpha)
                alpha = v;
        }
    }
    if (bestv > -UNBOUNDED && bestv < UNBOUNDED && !(guess && gts_stop_raised(guess)))
        htt_store(ot, key, pack_values(bestv > alpha0 ? bestv : -UNBOUNDED, bestv < beta0 ? bestv : UNBOUNDED), best,
                  depth, HTT_BOUND_EXACT);
    return bestv;
}

/* The X- and C-squares whose corner is empty (a move there may give the
 * opponent the corner): those of the quadrants whose corner is empty. */
static inline uint64_t near_empty_corners(uint64_t discs)
{
    static const int corner[4] = { 0, 7, 56, 63 };
    uint64_t near = 0;
    for (int q = 0; q < 4; q++)
        near |= rv_eg_quadrant_squares(q) & ((discs >> corner[q] & 1) - 1);
    return near & NEAR_CORNERS;
}

/* The opponent's replies as the ordering counts them, corners twice. */
static inline int reply_count(uint64_t replies)
{
    return __builtin_popcountll(replies) + __builtin_popcountll(replies & CORNERS);
}

/* No bound for shallow_key. */
#define ANY_KEY (-(1 << 30))

/* The key of move l->sq[i] from SHALLOW_EMPTIES: minus an ordering
 * search of the position after it, minus a penalty per reply left;
 * between equal values, moves next to an empty corner come later.  The
 * key is exact if it exceeds `than` (ANY_KEY: always); otherwise it is at
 * most `than`, found by a search with one bound, which costs less. */
static int shallow_key(htt *ot, uint64_t me, uint64_t opp, const move_list *l, int i, int empties,
                       uint64_t near_corner, int than)
{
    const int sq = l->sq[i];
    const uint64_t flips = l->flips[i], replies = l->replies[i];
    const int penalty = REPLY_W(empties) * reply_count(replies);
    const int late = (int)((near_corner >> sq) & 1);
    /* key = -2 (v + penalty) - late > than  <=>  v < beta. */
    const int beta = than == ANY_KEY ? INF : ((-than - late - 1) >> 1) + 1 - penalty;
    const int v = shallow(ot, opp & ~flips, me | flips | ((uint64_t)1 << sq), SHALLOW_DEPTH(empties), -INF, beta, NULL);
    return -2 * (v + penalty) - late;
}

/* The move pick() would take first if every key were known: the first of
 * the best-keyed.  Only the keys that beat the best so far are found
 * exactly, so the moves likely to be best are tried first: those leaving
 * the fewest replies (by the fastest-first order).  The exact keys stay
 * in l (l->keyed): order_rest needs them if the first move fails to cut,
 * and at depth 0 every key is exact. */
static int best_keyed(htt *ot, uint64_t me, uint64_t opp, move_list *l, int empties, uint64_t near_corner)
{
    const bool all_exact = SHALLOW_DEPTH(empties) == 0;
    int order[32], count[32];
    for (int i = 0; i < l->n; i++) {
        int j = i;
        count[i] = reply_count(l->replies[i]);
        for (; j > 0 && count[order[j - 1]] > count[i]; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    int first = -1, first_key = ANY_KEY;
    for (int j = 0; j < l->n; j++) {
        const int i = order[j];
        /* A move listed before the best so far takes its place on an equal key. */
        const int than = first < 0 ? ANY_KEY : i < first ? first_key - 1 : first_key;
        const int k = shallow_key(ot, me, opp, l, i, empties, near_corner, than);
        if (all_exact || k > than) {
            l->key[i] = k;
            l->keyed |= (uint64_t)1 << l->sq[i];
        }
        if (first < 0 || k > first_key || (k == first_key && i < first))
            first = i, first_key = k;
    }
    return first;
}

/* The ordering key of move l->sq[i], its replies known: below
 * SORT_EMPTIES (only a root has so few with a move list) moves into
 * quadrants with an odd number of empties first; from SHALLOW_EMPTIES
 * shallow_key; between them fastest-first: the fewest replies (corners
 * twice), corner moves first and moves next to an empty corner last among
 * equals. */
static inline int move_key(htt *ot, uint64_t me, uint64_t opp, const move_list *l, int i, int empties,
                           uint64_t near_corner)
{
    const int sq = l->sq[i];
    if (empties < SORT_EMPTIES)
        return __builtin_popcountll(~(me | opp) & rv_eg_quadrant_squares(rv_eg_quadrant(sq))) & 1;
    if (empties >= SHALLOW_EMPTIES)
        return shallow_key(ot, me, opp, l, i, empties, near_corner, ANY_KEY);
    int key = -16 * reply_count(l->replies[i]);
    if ((CORNERS >> sq) & 1)
        key += 8;
    else if ((near_corner >> sq) & 1)
        key -= 1;
    return key;
}

/* The moves with their flips, the replies to them (which the searches of
 * the replies take from here) and ordering keys.  With a table move (and
 * others), only it is known when this returns true, and the others'
 * replies are not found yet: it cuts at most nodes.  Without one, from
 * SHALLOW_EMPTIES, only the first move is known when this returns true:
 * the best-keyed one, the keys of the others only bounded, as the
 * ordering searches are most of a node's cost.  Either way order_rest
 * finds the rest once the first move has failed to cut. */
static bool list_moves(htt *ot, uint64_t me, uint64_t opp, uint64_t moves, int empties, int tt_move, move_list *l)
{
    const uint64_t near_corner = near_empty_corners(me | opp);
    const bool tt_first = tt_move >= 0 && tt_move < 64 && ((moves >> tt_move) & 1);
    const bool several = moves & (moves - 1);
    const bool lazy = several && (tt_first || empties >= SHALLOW_EMPTIES);
    l->n = 0;
    l->replies_left = lazy && tt_first;
    l->keyed = 0;
    for (uint64_t m = moves; m; m &= m - 1) {
        const int sq = __builtin_ctzll(m);
        const uint64_t flips = rv_flips_fast(me, opp, sq);
        l->sq[l->n] = sq;
        l->flips[l->n] = flips;
        l->replies[l->n] = l->replies_left && sq != tt_move ? 0 : rv_moves_fast(opp & ~flips, me | flips | (m & -m));
        l->key[l->n++] = sq == tt_move ? 1 << 30 : 0;
    }
    if (lazy && !tt_first)
        l->key[best_keyed(ot, me, opp, l, empties, near_corner)] = 1 << 30;
    else if (several && !lazy)
        for (int i = 0; i < l->n; i++)
            l->key[i] = move_key(ot, me, opp, l, i, empties, near_corner);
    return lazy;
}

/* What list_moves left out: every move's key but the first's, and their
 * replies if not found yet. */
static void order_rest(htt *ot, uint64_t me, uint64_t opp, move_list *l, int empties)
{
    const uint64_t near_corner = near_empty_corners(me | opp);
    for (int i = 1; i < l->n; i++) {
        if (l->replies_left)
            l->replies[i] = rv_moves_fast(opp & ~l->flips[i], me | l->flips[i] | (uint64_t)1 << l->sq[i]);
        if (!((l->keyed >> l->sq[i]) & 1))
            l->key[i] = move_key(ot, me, opp, l, i, empties, near_corner);
    }
    l->replies_left = false;
}

static int node(rv_eg_thread *t, uint64_t me, uint64_t opp, uint64_t moves, int alpha, int beta, int empties,
                int *best);

/* The score of (me, opp) below the root, fail-soft in (alpha, beta);
 * moves: the side to move's, which its parent found. */
static int child(rv_eg_thread *t, uint64_t me, uint64_t opp, uint64_t moves, int alpha, int beta)
{
    const int empties = 64 - __builtin_popcountll(me | opp);
    if (empties <= RV_EG_LAST_EMPTIES)
        return rv_eg_last(t, me, opp, moves, alpha, beta);
    int best;
    return node(t, me, opp, moves, alpha, beta, empties, &best);
}

/* The score of (me, opp) at the root, fail-soft in (alpha, beta), and a
 * best move (RV_PASS, or RV_NO_MOVE at the game's end or when stopped). */
static int search(rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, int *best)
{
    *best = RV_NO_MOVE;
    return node(t, me, opp, rv_moves_fast(me, opp), alpha, beta, 64 - __builtin_popcountll(me | opp), best);
}

/* node()'s parts, inlined into it: the hot path is one function to the
 * compiler (docs/notes/reversi_endgame.md: the split costs no instruction). */
#define NODE_PART static inline __attribute__((always_inline))

/* The table's entry for key (0: none): its move into *tt_move and its
 * bounds into *lower, *upper; true when they settle the node, its score
 * in *v. */
NODE_PART bool probe(const rv_eg_thread *t, uint64_t key, int alpha, int beta, int *tt_move, int *lower, int *upper,
                     int *best, int *v)
{
    htt_hit hit;
    if (!key || !htt_probe(t->tt, key, &hit))
        return false;
    *tt_move = hit.move;
    *lower = lower_bound(hit.score);
    *upper = upper_bound(hit.score);
    if (*lower >= beta || *lower == *upper)
        *v = *lower;
    else if (*upper <= alpha)
        *v = *upper;
    else
        return false;
    *best = hit.move;
    return true;
}

/* The children's keys into child_keys, their table entries fetched. */
NODE_PART void fetch_children(const rv_eg_thread *t, uint64_t me, uint64_t opp, const move_list *l,
                              uint64_t child_keys[32])
{
    for (int i = 0; i < l->n; i++) {
        child_keys[i] = rv_eg_hash(opp & ~l->flips[i], me | l->flips[i] | (uint64_t)1 << l->sq[i]);
        __builtin_prefetch(htt_bucket(t->tt, child_keys[i]));
    }
}

/* Enhanced transposition cutoff: a child the table already knows to be
 * bad enough for the opponent cuts at once.  The children's entries are
 * fetched from memory all at once first. */
NODE_PART bool etc_cut(const rv_eg_thread *t, uint64_t me, uint64_t opp, const move_list *l, int beta, int *best,
                       int *v)
{
    uint64_t child_keys[32];
    fetch_children(t, me, opp, l, child_keys);
    for (int i = 0; i < l->n; i++) {
        htt_hit hit;
        if (!htt_probe(t->tt, child_keys[i], &hit))
            continue;
        const int at_least = -upper_bound(hit.score);
        if (at_least >= beta) {
            *best = l->sq[i];
            *v = at_least;
            return true;
        }
    }
    return false;
}

/* One move's score: a null window first when a move before it set alpha
 * (PVS: later moves must prove they beat the first). */
NODE_PART int move_score(rv_eg_thread *t, uint64_t nme, uint64_t nopp, uint64_t replies, int alpha, int beta,
                         bool first)
{
    if (first || beta - alpha <= 1)
        return -child(t, nme, nopp, replies, -beta, -alpha);
    const int v = -child(t, nme, nopp, replies, -alpha - 1, -alpha);
    return v > alpha && v < beta ? -child(t, nme, nopp, replies, -beta, -alpha) : v;
}

/* The node's result into the table, merged with the bounds it had. */
NODE_PART void store(rv_eg_thread *t, uint64_t key, int bestv, int alpha0, int beta, int lower, int upper,
                     int tt_move, int move, int empties)
{
    int lo = bestv > alpha0 ? bestv : -64, hi = bestv < beta ? bestv : 64;
    if (lo <= upper && hi >= lower) {
        /* An entry's move reaches its lower bound: the old move stays
         * with the old lower bound when that is the higher. */
        if (lower > lo && tt_move >= 0)
            move = tt_move;
        lo = lo > lower ? lo : lower;
        hi = hi < upper ? hi : upper;
    }
    htt_store(t->tt, key, pack_bounds(lo, hi), move, empties, HTT_BOUND_EXACT);
}

int rv_eg_move_value(rv_eg_thread *t, uint64_t me, uint64_t opp, uint64_t replies, int alpha, int beta)
{
    return move_score(t, me, opp, replies, alpha, beta, false);
}

/* Moves `from`.. of l, sorted, handed to the team's split (t->split). */
static bool split(rv_eg_thread *t, uint64_t me, uint64_t opp, move_list *l, int from, int empties, int alpha, int beta,
                  int *bestv, int *best)
{
    rv_eg_moves m;
    m.n = 0;
    for (int i = from; i < l->n; i++, m.n++) {
        pick(l, i);
        m.sq[m.n] = l->sq[i];
        m.me[m.n] = opp & ~l->flips[i];
        m.opp[m.n] = me | l->flips[i] | (uint64_t)1 << l->sq[i];
        m.replies[m.n] = l->replies[i];
    }
    return t->split(t, &m, empties, alpha, beta, bestv, best);
}

/* A search with more than RV_EG_LAST_EMPTIES empties (or at the root);
 * moves: the side to move's. */
static int node(rv_eg_thread *t, uint64_t me, uint64_t opp, uint64_t moves, int alpha, int beta, int empties,
                int *best)
{
    t->nodes++;
    uint64_t key = 0;
    if (empties >= TABLE_EMPTIES) {
        if (rv_eg_stopped(t))
            return 0;
        /* The entry is fetched while the moves and stable discs are found. */
        key = rv_eg_hash(me, opp);
        __builtin_prefetch(htt_bucket(t->tt, key));
    }
    if (!moves) {
        const uint64_t replies = rv_moves_fast(opp, me);
        if (!replies)
            return rv_eg_final(me, opp);
        *best = RV_PASS;
        return -child(t, opp, me, replies, -beta, -alpha);
    }
    /* The stable discs are some of the opponent's: with too few of those
     * no cut is possible. */
    if (empties >= STABLE_EMPTIES && alpha >= 64 - 2 * __builtin_popcountll(opp)) {
        const int most = 64 - 2 * __builtin_popcountll(rv_stable_discs(opp, me));
        if (most <= alpha)
            return most;
    }
    int tt_move = -1, lower = -64, upper = 64, v;
    if (probe(t, key, alpha, beta, &tt_move, &lower, &upper, best, &v))
        return v;
    move_list l;
    bool unordered = list_moves(t->order_tt, me, opp, moves, empties, tt_move, &l);
    if (empties >= ETC_EMPTIES && etc_cut(t, me, opp, &l, beta, best, &v))
        return v;
    if (empties > TABLE_EMPTIES && empties < ETC_EMPTIES) {
        /* The children's entries fetched as ETC does, without looking them
         * up: their own probes stalled on them (fforum-20-39, 13 runs
         * alternated: 4.14 against 4.21 s user, minimum 4.03 against
         * 4.10 s; the nodes as before, 0.4% more instructions). */
        uint64_t child_keys[32];
        fetch_children(t, me, opp, &l, child_keys);
    }
    const int alpha0 = alpha;
    int bestv = -65;
    for (int i = 0; i < l.n; i++) {
        if (unordered && i == 1) {
            order_rest(t->order_tt, me, opp, &l, empties);
            unordered = false;
        }
        /* Young brothers wait: once the first move has not cut, the moves
         * left (two or more: one alone is no share) go to the threads
         * idle now, or later (asked before each move: with one chance
         * only, FFO #40-59 left 16 threads 30% idle). */
        if (i >= 1 && t->split && empties >= RV_EG_SPLIT_EMPTIES && l.n - i >= 2 &&
            atomic_load_explicit(t->idle, memory_order_relaxed) > 0 &&
            split(t, me, opp, &l, i, empties, alpha, beta, &bestv, best))
            break;
        pick(&l, i);
        const int sq = l.sq[i];
        v = move_score(t, opp & ~l.flips[i], me | l.flips[i] | ((uint64_t)1 << sq), l.replies[i], alpha, beta, i == 0);
        if (v > bestv) {
            bestv = v;
            *best = sq;
            if (v >= beta)
                break;
            if (v > alpha)
                alpha = v;
        }
    }
    if (key && !rv_eg_stopped(t))
        store(t, key, bestv, alpha0, beta, lower, upper, tt_move, *best, empties);
    return bestv;
}

int rv_eg_search(rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, int *best)
{
    return search(t, me, opp, alpha, beta, best);
}

bool rv_eg_table_settles(const rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, int *v)
{
    int tt_move, lower, upper, best;
    return probe(t, rv_eg_hash(me, opp), alpha, beta, &tt_move, &lower, &upper, &best, v);
}

int rv_eg_order(const rv_eg_thread *t, uint64_t me, uint64_t opp, int sq[32])
{
    const uint64_t moves = rv_moves_fast(me, opp);
    const int empties = 64 - __builtin_popcountll(me | opp);
    htt_hit hit;
    const int tt_move = htt_probe(t->tt, rv_eg_hash(me, opp), &hit) ? hit.move : -1;
    move_list l;
    if (list_moves(t->order_tt, me, opp, moves, empties, tt_move, &l))
        order_rest(t->order_tt, me, opp, &l, empties);
    for (int i = 0; i < l.n; i++) {
        pick(&l, i);
        sq[i] = l.sq[i];
    }
    return l.n;
}

int rv_eg_table_move(const rv_eg_thread *t, uint64_t me, uint64_t opp)
{
    htt_hit hit;
    return htt_probe(t->tt, rv_eg_hash(me, opp), &hit) ? hit.move : -1;
}

void rv_eg_table_put(rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, int v)
{
    const uint64_t key = rv_eg_hash(me, opp);
    htt_hit hit;
    int lower = -64, upper = 64, tt_move = -1;
    if (htt_probe(t->tt, key, &hit))
        lower = lower_bound(hit.score), upper = upper_bound(hit.score), tt_move = hit.move;
    store(t, key, v, alpha, beta, lower, upper, tt_move, tt_move, 64 - __builtin_popcountll(me | opp));
}

/* The first MTD(f) guess: an ordering search of the root, rounded to an
 * even score (every final score is even).  It deepens a ply at a time:
 * each search's best moves order the next, so the series mostly costs
 * less than the deepest search alone (docs/notes/reversi_endgame.md). */
static int first_guess(htt *ot, uint64_t me, uint64_t opp, const gts_stop *stop)
{
    static const gts_stop never = GTS_STOP_INIT;   /* no stop: a first guess still */
    const gts_stop *guess = stop ? stop : &never;
    const int empties = 64 - __builtin_popcountll(me | opp), depth = GUESS_DEPTH(empties);
    int v = 0;
    for (int d = SHALLOW_SORT; d <= depth; d++)
        v = shallow(ot, me, opp, d, -INF, INF, guess);
    if (empties >= GUESS_DEEP_EMPTIES)
        v = (v + shallow(ot, me, opp, depth + 1, -INF, INF, guess)) / 2;
    const int g = 2 * ((v + (v >= 0 ? RV_EG_EVAL_SCALE : -RV_EG_EVAL_SCALE)) / (2 * RV_EG_EVAL_SCALE));
    return g < -64 ? -64 : g > 64 ? 64 : g;
}

/* The root's bounds moved: kept for the result, told to whoever asked. */
static void proved(rv_eg_thread *t, int lower, int upper)
{
    t->lower = lower, t->upper = upper;
    if (t->on_bounds)
        t->on_bounds(t->on_bounds_arg, lower, upper);
}

/* Exact scores by MTD(f): null-window searches, each moving the bound it
 * fails on, from first_guess until the bounds meet.  A null window cuts
 * far more than PVS's full one at the root, and the table keeps what each
 * search proved for the next.  Each window sits next to the last result:
 * a bigger step after a run of fails the same way overshoots, and a
 * window near the score costs more than the ones it skips. */
int rv_eg_root(rv_eg_thread *t, uint64_t me, uint64_t opp, bool wld, int *best, rv_eg_window_fn *window, void *arg)
{
    if (wld) {
        t->lower = -1, t->upper = 1;
        const int v = window ? window(arg, t, me, opp, -1, 1, best) : search(t, me, opp, -1, 1, best);
        const int sign = (v > 0) - (v < 0);
        if (!gts_stop_raised(t->stop))
            proved(t, sign, sign);
        return sign;
    }
    t->lower = -64, t->upper = 64;
    int g = first_guess(t->order_tt, me, opp, t->stop);
    *best = RV_NO_MOVE;
    while (t->lower < t->upper) {
        int beta = g == t->lower ? g + 1 : g;
        beta = beta <= t->lower ? t->lower + 1 : beta > t->upper ? t->upper : beta;
        int move;
        g = window ? window(arg, t, me, opp, beta - 1, beta, &move) : search(t, me, opp, beta - 1, beta, &move);
        if (gts_stop_raised(t->stop))
            break;
        /* A fail high's move reaches the bound; with none, the score is
         * -64 and any move is a best one. */
        const int high = g >= beta;
        if (high || *best == RV_NO_MOVE)
            *best = move;
        proved(t, high ? g : t->lower, high ? t->upper : g);
    }
    return g;
}
