/* Positions by random play (tools/rv_make_positions, tests). */
#include "gts/reversi.h"
#include "core/rng.h"

bool rv_random_position(uint64_t *seed, int empties, rv_pos *p, bool *black_to_move)
{
    rv_start(p);
    *black_to_move = true;
    while (rv_empties(p) > empties) {
        uint64_t moves = rv_moves(p->me, p->opp);
        if (!moves) {
            if (!rv_moves(p->opp, p->me))
                return false;
            rv_pass(p);
            *black_to_move = !*black_to_move;
            continue;
        }
        for (uint64_t k = gts_splitmix64(seed) % (uint64_t)__builtin_popcountll(moves); k > 0; k--)
            moves &= moves - 1;
        const int sq = __builtin_ctzll(moves);
        rv_play(p, sq, rv_flips(p->me, p->opp, sq));
        *black_to_move = !*black_to_move;
    }
    return !rv_game_over(p);
}
