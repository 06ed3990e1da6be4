/* The engine protocols' time for a move (time_budget.h). */
#include "core/time_budget.h"

long gts_time_budget_ms(long turn_ms, long left_ms, long moves_to_come, long margin_ms)
{
    if (turn_ms < 0 && left_ms < 0)
        return 0;
    long allowance = turn_ms;
    if (left_ms >= 0) {
        const long share = left_ms / (moves_to_come > 1 ? moves_to_come : 1);
        if (allowance < 0 || share < allowance)
            allowance = share;
    }
    const long budget = allowance * 8 / 10 - margin_ms;
    const long floor = allowance / 4 > 1 ? allowance / 4 : 1;
    return budget > floor ? budget : floor;
}
