/* The Reversi part of `gts bench --signature` (rv_signature.h): the exact
 * endgame solver and the depth-limited search, serial, on fixed positions. */
#include "reversi/rv_signature.h"

#include <stdio.h>

#include "gts/reversi.h"
#include "gts/reversi_search.h"

/* The first lines of fforum-1-19 (14 empties each, X to move). */
static const char *const endgame_positions[] = {
    "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--",
    "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX-",
    "----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX",
};

/* Depth-limited PVS (the default evaluation) on 8x8 and a larger board. */
static const struct {
    int width, height, depth;
    const char *moves;
} midgame_positions[] = {
    { 8, 8, 8, "f5d6c3d3c4" },
    { 16, 16, 6, "" },
};

int rv_signature(unsigned long long *nodes, double *usec, char *err, size_t errlen)
{
    char why[256];
    rv_solve_options so;
    rv_solve_defaults(&so);
    so.tt_bytes = (size_t)16 << 20;
    for (size_t i = 0; i < sizeof endgame_positions / sizeof *endgame_positions; i++) {
        rv_pos p;
        bool black;
        rv_solve_result r;
        if (rv_parse_board(endgame_positions[i], 'X', &p, &black, why, sizeof why) != 0 ||
            rv_solve(&p, &so, &r, why, sizeof why) != 0) {
            snprintf(err, errlen, "reversi signature endgame %zu: %s", i + 1, why);
            return -1;
        }
        *nodes += r.nodes;
        *usec += r.usec;
    }
    rv_search_options o;
    rv_search_defaults(&o);
    o.tt_bytes = (size_t)16 << 20;
    for (size_t i = 0; i < sizeof midgame_positions / sizeof *midgame_positions; i++) {
        rvb b;
        bool black;
        rv_result r;
        o.depth = midgame_positions[i].depth;
        if (rvb_init(&b, midgame_positions[i].width, midgame_positions[i].height, why, sizeof why) != 0 ||
            rvb_parse_moves(&b, midgame_positions[i].moves, &black, why, sizeof why) != 0 ||
            rv_search(&b, &o, &r, why, sizeof why) != 0) {
            snprintf(err, errlen, "reversi signature midgame %zu: %s", i + 1, why);
            return -1;
        }
        *nodes += r.nodes;
        *usec += r.usec;
    }
    return 0;
}
