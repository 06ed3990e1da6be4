/*
 * The PV-split search's host side, written once for every game: at each
 * node of the principal variation the host searches the first child (the
 * game orders it: for Reversi the square of the highest weight, as the
 * report) down the same way to get the bound, then hands every other
 * child to the device at once with the narrowed window, one block each
 * (gpv_block_search.h).  Returns the negamax value at the depth: the
 * serial alpha-beta's.
 */
#ifndef GTS_GPV_PVSPLIT_H
#define GTS_GPV_PVSPLIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/gpu/gpv_search.h"

/* A game as the host walks it; positions are pos_bytes each, moves ints. */
typedef struct gpv_game {
    void *ctx;
    size_t pos_bytes;
    int max_moves;              /* the most moves a position has, a pass included */
    /* The moves of pos, the one the host searches first (list[0]); a
     * pass is a move of its own; 0 when the game is over. */
    int (*moves)(void *ctx, const void *pos, int *list);
    void (*play)(void *ctx, void *child, const void *pos, int move);
    int32_t (*leaf)(void *ctx, const void *pos);       /* depth 0 (a finished game's score included) */
    int32_t (*final)(void *ctx, const void *pos);      /* a finished game */
    /* Searches the n jobs (gpv_search.h; a job's move is one of `moves`,
     * played on the device) over the positions parents[] (pos_bytes
     * apart) depth plies each with the window (alpha, beta) in one launch,
     * values[] fail-soft.  0, 1 when the stop token ended it, -1 with a
     * reason. */
    int (*launch)(void *ctx, const void *parents, const gpv_job *jobs, int n, int depth, int32_t alpha, int32_t beta,
                  int32_t *values, char *err, size_t errlen);
    /* Plies of the siblings given to blocks: 1, the report's (a block per
     * sibling); 2, a block per child of a sibling, each searched with the
     * sibling's window and the sibling's value their best on the host:
     * more blocks to fill a large GPU, at the price of the pruning among
     * a sibling's children. */
    int split;
    /* split = 1: the siblings are searched with a null window at the
     * bound first (the Gomoku report's PVS design) and those that fail
     * high again with the whole window, in a second launch. */
    bool null_window;
    /* split = 1: the siblings go to launch as their parent and their moves
     * (a job {0, move} over the parent), played by the blocks, rather
     * than as positions: a 24x24 Gomoku sibling is 2.3 KB, and 574 of
     * them cost more to copy than to search at depth 1. */
    bool plays_moves;
} gpv_game;

typedef struct gpv_result {
    int32_t value;
    int move;                   /* best root move; -1 when the game is over */
    uint64_t host_nodes;        /* nodes of the principal variation, on the host */
    int launches;               /* calls of launch */
    long siblings;              /* positions they searched (jobs) */
} gpv_result;

/* 0, 1 when stopped (result void), -1 with a reason. */
int gts_gpv_search(const gpv_game *g, const void *root, int depth, gpv_result *r, char *err, size_t errlen);

#endif
