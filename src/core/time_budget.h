/*
 * Internal: the search time an engine protocol gives one move, from what
 * the protocol knows of the clock (the Gomocup protocol: a per-move limit
 * and the time left in the match; GTP: the time left).
 *
 * The move's allowance is the least of what is known: the per-move limit,
 * and the time left shared evenly over the own moves still to come.  The
 * search gets 80 % of it, less a margin for what its clock does not see
 * (process scheduling, reading and answering the protocol, allocating a
 * table), but never less than a quarter of it, nor less than 1 ms:
 *
 *     allowance = min(turn_ms, left_ms / moves_to_come)
 *     budget    = max(allowance * 8 / 10 - margin_ms, allowance / 4, 1)
 *
 * The 20 % kept back from every share is also the game's reserve: moves
 * that each use at most 80 % of an even share never run the clock out,
 * however the estimate of the moves to come was off.  The floor keeps a
 * search of a few milliseconds when the margin would eat a small
 * allowance (timeout_turn 50: 12 ms rather than 10).
 */
#ifndef GTS_TIME_BUDGET_H
#define GTS_TIME_BUDGET_H

/* A limit the protocol did not give. */
#define GTS_TIME_UNKNOWN (-1L)

/* The search time in ms for this move; 0 (no limit) when neither turn_ms
 * (the per-move limit) nor left_ms (the time left in the game) is known.
 * moves_to_come: the protocol's estimate of its own moves still to play,
 * this one included (less than 1 counts as 1). */
long gts_time_budget_ms(long turn_ms, long left_ms, long moves_to_come, long margin_ms);

#endif
