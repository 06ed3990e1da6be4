/* Internal: the Connect-5 report's experiment (gm_speedup.c), a position
 * searched at one depth by a searcher per thread count, and by a GPU
 * design as one more column, each searcher made once for a whole set of
 * positions.  `gts gomoku bench positions` prints the columns. */
#ifndef GTS_GM_SPEEDUP_H
#define GTS_GM_SPEEDUP_H

#include <stddef.h>

#include "gts/gomoku_gpu.h"
#include "gts/gomoku_search.h"

#define GM_SPEEDUP_COLUMNS 64   /* thread counts, the GPU's column not counted */

typedef struct gm_speedup {
    int nthreads;
    gm_searcher *searcher[GM_SPEEDUP_COLUMNS];
    gmg_searcher *gpu;          /* NULL: no GPU column; else column nthreads */
    double kernel_usec;         /* the GPU's kernels, summed over the positions */
} gm_speedup;

/* A searcher of o for each of threads[0..n) (n <= GM_SPEEDUP_COLUMNS),
 * and of the GPU design gpu with o's depth, algo, eval and stop token
 * unless gpu is NULL.  0, or -1 with a reason in err; gm_speedup_free
 * either way. */
int gm_speedup_create(gm_speedup *s, const gm_search_options *o, const int *threads, int n, const gmg_options *gpu,
                      char *err, size_t errlen);
void gm_speedup_free(gm_speedup *s);

/* b on every column into r[0..nthreads + (gpu != NULL)), each table
 * cleared first (not timed: r.usec) so that a position's time does not
 * depend on the ones before it; progress(ctx, column), if not NULL,
 * before each.  0, or -1 when the GPU failed, with the reason in err;
 * failed or stopped, the GPU's column is a lost position's (no move,
 * below every score). */
int gm_speedup_run(gm_speedup *s, const gm_board *b, gm_result *r, void (*progress)(void *ctx, int column), void *ctx,
                   char *err, size_t errlen);

#endif
