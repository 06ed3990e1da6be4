/*
 * The pruning and ordering knowledge of the Connect 4 solvers, written once
 * for the CPU solver (src/c4/c4_negamax.c) and the GPU solver's per-thread
 * search (src/c4/gpu/c4_gpu_core.h), which compiles it for the device too:
 * the probe order of the null-window root loop, claimeven, double threats
 * and move ranks.  What both keep in their tables is in c4_tt_data.h.
 */
#ifndef GTS_C4_PRUNE_H
#define GTS_C4_PRUNE_H

#include "gts/c4.h"

/* In the first plies most scores are small (the empty board 1, 4444 also
 * 1), and the probe at 0 is the one that decides: made right after the
 * two cheap probes at half the range on each side, it saves the others'
 * work (the empty board 421 M -> 372 M nodes, 4444 -23 %, 4453 -6 %).
 * Before them it cost big wins dearly (212435, score 12: 6 K -> 441 K
 * nodes, proving a win of 1 first); from 12 stones on it loses anyway
 * (Begin-Medium +6 % nodes, Middle-Medium -5 %). */
#define C4_ZERO_FIRST_PLIES 7

/* The next null-window probe of the root loop that narrows the score of a
 * position with `moves` stones to [min, max]: the middle, or half the end
 * on its side of zero if that is further out (probes far from zero are
 * cheap: their windows cut long lines at once); in the first plies, 0 once
 * both ends have been probed. */
C4_INLINE int c4_next_probe(const c4_geom *g, int min, int max, int moves)
{
    if (moves < C4_ZERO_FIRST_PLIES && min < 0 && max > 0 && max - min <= (g->cells - moves) / 2)
        return 0;
    int med = min + (max - min) / 2;
    if (med <= 0 && min / 2 < med)
        med = min / 2;
    else if (med >= 0 && max / 2 > med)
        med = max / 2;
    return med;
}

/* Claimeven.  Pair the empty cells of each column from its bottom up: the
 * player who answers every move directly on top of it (the follower) takes
 * the upper cell of every pair.  A column with an odd number of empty
 * cells has its lowest empty cell unpaired ("upper" by row parity); when
 * the leader plays one of these, the follower plays another, and both
 * columns are then paired as the others.  So the leader gets at most its
 * stones, the lower cells and those unpaired cells; the follower at least
 * its stones and the upper cells but those.  An even number of unpaired
 * cells makes the side to move the leader, an odd number lets it become
 * the follower by playing one of them. */
C4_INLINE uint64_t c4_claimeven_lower_cells(const c4_geom *g)
{
    return g->height & 1 ? g->board & ~g->even_rows : g->even_rows;
}

/* The side to move as the leader: if it completes no four even with every
 * cell the follower may leave it, it cannot win (and loses if the
 * follower's cells make a four).  Returns that upper bound, or `hi` when
 * the rule does not apply. */
C4_INLINE int c4_claimeven_bound(const c4_geom *g, const c4_pos *p, uint64_t possible, int hi)
{
    const uint64_t lower = c4_claimeven_lower_cells(g), unpaired = possible & ~lower;
    if (c4_popcount(unpaired) & 1)
        return hi;
    const uint64_t empty = g->board & ~p->mask;
    if (c4_has_four(g, p->cur | (empty & lower) | unpaired))
        return hi;
    const int bound = c4_has_four(g, (p->cur ^ p->mask) | (empty & ~lower & ~unpaired)) ? -1 : 0;
    return bound < hi ? bound : hi;
}

/* The side to move as the follower, after playing an unpaired cell: if the
 * opponent completes no four even with every cell it may get, the mover
 * cannot lose (and wins if its cells make a four).  Returns that lower
 * bound, or `lo` when the rule does not apply. */
C4_INLINE int c4_claimeven_lower(const c4_geom *g, const c4_pos *p, uint64_t possible, int lo)
{
    const uint64_t lower = c4_claimeven_lower_cells(g), unpaired = possible & ~lower;
    if (!(c4_popcount(unpaired) & 1))
        return lo;
    const uint64_t empty = g->board & ~p->mask;
    /* The opponent gets at most its stones, the lower cells and the
     * unpaired cells (the mover's own among them: trying each cell alone
     * cost more than it saved); the mover plays the lowest unpaired cell. */
    if (c4_has_four(g, (p->cur ^ p->mask) | (empty & lower) | unpaired))
        return lo;
    const int bound = c4_has_four(g, p->cur | (empty & ~lower & ~unpaired) | (unpaired & (0 - unpaired))) ? 1 : 0;
    return bound > lo ? bound : lo;
}

/* Whether playing cell m (after which the mover's winning cells are w)
 * leaves the opponent no move that does not lose at once: two threats it
 * cannot both stop (two playable winning cells, or two stacked ones with
 * the lower playable), or every cell it can play lying under a winning
 * cell.  Then the side to move wins with its next stone but one, the best
 * a position with no immediate win can score; and if no move does this,
 * it wins with its third stone at the soonest.  The board must keep two
 * empty cells after m (the callers have returned a draw before). */
C4_INLINE bool c4_leaves_no_defence(const c4_geom *g, uint64_t possible, uint64_t m, uint64_t w)
{
    const uint64_t playable = (possible & ~m) | ((m << 1) & g->board);
    const uint64_t threats = w & playable;
    if (threats)
        return (threats & (threats - 1)) || (w & (threats << 1));
    return !(playable & ~(w >> 1));
}

/* The most a side to move with `moves` stones on the board can score
 * when none of its moves leaves the opponent without a defence
 * (c4_leaves_no_defence): a win with its third stone from here. */
C4_INLINE int c4_third_stone_bound(const c4_geom *g, int moves)
{
    return (g->cells - 3 - moves) / 2;
}

/* Root probes within this distance of 0 are slow ones (c4_move_rank). */
#define C4_SLOW_PROBE 4

/* The order of a move that plays cell m and so makes winning cells w: the
 * more the better.  In a probe for a slow result, threats the opponent
 * cannot block at once (the cell below still empty) count twice: they
 * decide long games, while quick wins come from threats that force at
 * once. */
C4_INLINE int c4_move_rank(const c4_geom *g, bool slow_probe, uint64_t possible, uint64_t m, uint64_t w)
{
    if (!slow_probe)
        return c4_popcount(w);
    const uint64_t playable = (possible & ~m) | ((m << 1) & g->board);
    return 2 * c4_popcount(w & ~playable) + c4_popcount(w & playable);
}

#endif
