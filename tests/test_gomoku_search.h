/* The Gomoku tests' one search: its score (and move), exiting on an error
 * of the options. */
#ifndef GTS_TESTS_GOMOKU_SEARCH_H
#define GTS_TESTS_GOMOKU_SEARCH_H

#include <stdio.h>
#include <stdlib.h>

#include "gts/gomoku_search.h"

static inline int32_t search_score(const gm_board *b, const gm_search_options *o, int *move)
{
    gm_result r;
    char err[128];
    if (gm_search(b, o, &r, err, sizeof err) != 0) {
        fprintf(stderr, "search: %s\n", err);
        exit(1);
    }
    if (move)
        *move = r.move;
    return r.score;
}

#endif
