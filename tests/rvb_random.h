/*
 * Test helper: a W x H Reversi position after random play (seeded).
 */
#ifndef GTS_TESTS_RVB_RANDOM_H
#define GTS_TESTS_RVB_RANDOM_H

#include "gts/reversi_board.h"
#include "test_rng.h"

/* b: the start of width x height after `plies` random moves (fewer if the
 * game would end: the position always has a move to search). */
static inline void rvb_random(test_rng *rng, rvb *b, int width, int height, int plies)
{
    char err[64];
    rvb_init(b, width, height, err, sizeof err);
    for (int i = 0; i < plies; i++) {
        int list[RVB_MAX_SQUARES];
        const int n = rvb_move_list(b, list);
        if (!n) {
            if (rvb_game_over(b))
                return;
            rvb_pass(b);
            continue;
        }
        rvb c;
        rvb_copy(&c, b);
        rvb_play(&c, list[rng_below(rng, n)]);
        if (rvb_game_over(&c))
            return;
        rvb_copy(b, &c);
    }
}

#endif
