/*
 * The engine's clock: what the controller says of the time, and the
 * midgame search's share of it for a move.
 *
 * GTP tells it (time_settings, then time_left before each move); the
 * share is core's one time budget (core/time_budget.h) of the time left
 * over the side's moves still to come, about half the empty squares.
 * NBoard tells the engine nothing of the time: its clock stays untimed,
 * and its searches are bounded by their depth alone.  The exact endgame
 * is never limited (its result is worth the wait, and it is fast at the
 * empties it is used at).
 */
#ifndef GTS_RV_CLOCK_H
#define GTS_RV_CLOCK_H

#include <stdbool.h>

#include "gts/reversi.h"

typedef struct rv_clock {
    bool timed;              /* a main time or byo-yomi was set */
    double left_s[2];        /* seconds left, by side (RV_BY_BLACK, RV_BY_WHITE) */
} rv_clock;

/* No limit: every move's share is 0. */
void rv_clock_untimed(rv_clock *c);

/* GTP's time_settings: main time and byo-yomi in seconds, stones per
 * byo-yomi period.  No main time and no byo-yomi, or byo-yomi time with
 * no stones, means no limit (GTP); each side starts with the main time
 * (else one period). */
void rv_clock_settings(rv_clock *c, double main_s, double byo_s, double byo_stones);

/* GTP's time_left: the seconds left to side `by`. */
void rv_clock_left(rv_clock *c, int by, double seconds);

/* The midgame search's time in ms for by's move in p; 0: no limit. */
long rv_clock_move_ms(const rv_clock *c, int by, const rv_pos *p);

#endif
