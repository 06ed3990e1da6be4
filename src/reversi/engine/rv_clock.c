/* The engine's clock (rv_clock.h). */
#include "reversi/engine/rv_clock.h"

#include "core/time_budget.h"

/* A move's time the search does not see: the protocol's delays. */
#define MARGIN_MS 30

void rv_clock_untimed(rv_clock *c)
{
    *c = (rv_clock){ .timed = false };
}

void rv_clock_settings(rv_clock *c, double main_s, double byo_s, double byo_stones)
{
    /* Byo-yomi time with no stones means no limit (GTP). */
    c->timed = !(byo_s > 0 && byo_stones == 0) && (main_s > 0 || byo_s > 0);
    c->left_s[0] = c->left_s[1] = main_s > 0 ? main_s : byo_s;
}

void rv_clock_left(rv_clock *c, int by, double seconds)
{
    c->left_s[by] = seconds;
}

long rv_clock_move_ms(const rv_clock *c, int by, const rv_pos *p)
{
    if (!c->timed)
        return 0;
    const double left_ms = c->left_s[by] * 1000;
    /* The side's own moves still to come: about half the empty squares. */
    return gts_time_budget_ms(GTS_TIME_UNKNOWN, (long)(left_ms < 1e12 ? left_ms : 1e12), (rv_empties(p) + 1) / 2,
                              MARGIN_MS);
}
