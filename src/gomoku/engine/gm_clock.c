/* The Gomocup match clock (gm_clock.h). */
#include "gomoku/engine/gm_clock.h"

#include "core/time_budget.h"

#define DEFAULT_TURN_MS 5000   /* when the manager sends no timeout_turn */
#define FAST_TURN_MS 50        /* timeout_turn 0: "as fast as possible" */
#define MOVES_AHEAD 25         /* at most this many own moves share time_left */
#define MARGIN_MS 30           /* a move's time the search does not see */

void gm_clock_init(gm_clock *c)
{
    c->turn_ms = c->match_ms = c->left_ms = GTS_TIME_UNKNOWN;
}

long gm_clock_move_ms(const gm_clock *c, int empty)
{
    const long turn = c->turn_ms < 0 ? DEFAULT_TURN_MS : c->turn_ms > 0 ? c->turn_ms : FAST_TURN_MS;
    const long left = c->left_ms >= 0 && c->match_ms != 0 ? c->left_ms : GTS_TIME_UNKNOWN;
    return gts_time_budget_ms(turn, left, empty / 2 > MOVES_AHEAD ? MOVES_AHEAD : empty / 2, MARGIN_MS);
}
