/*
 * Internal: the clock of a Gomocup match, as the manager reports it with
 * INFO (timeout_turn, timeout_match, time_left, all in milliseconds), and
 * the search time one move gets from it.  The share itself is core's
 * gts_time_budget_ms, the one formula of every engine protocol; what is
 * Gomocup's here is what the limits mean and how many moves share them.
 */
#ifndef GTS_GM_CLOCK_H
#define GTS_GM_CLOCK_H

typedef struct gm_clock {
    long turn_ms;    /* timeout_turn; GTS_TIME_UNKNOWN until given; 0: as fast as possible */
    long match_ms;   /* timeout_match; GTS_TIME_UNKNOWN until given; 0: no match limit */
    long left_ms;    /* time_left of the match; GTS_TIME_UNKNOWN until given */
} gm_clock;

/* No limit known yet. */
void gm_clock_init(gm_clock *c);

/* The search time in ms for our next move with `empty` empty cells on
 * the board: timeout_turn (5000 ms when not given, 50 ms for 0), or its
 * share of time_left if that is less, unless timeout_match is 0.  The
 * moves that share time_left are ours still to come: half the empty
 * cells, but at most 25.  Never below 1 ms. */
long gm_clock_move_ms(const gm_clock *c, int empty);

#endif
