/* The Connect-5 report's experiment (gomoku/shapes/gm_speedup.h): a
 * position on a searcher per thread count and on a GPU design. */
#include "gomoku/shapes/gm_speedup.h"

#include <string.h>

int gm_speedup_create(gm_speedup *s, const gm_search_options *o, const int *threads, int n, const gmg_options *gpu,
                      char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    /* For the whole run: a table is cleared between positions rather
     * than made again (the memory: one table per count). */
    for (; s->nthreads < n; s->nthreads++) {
        gm_search_options with = *o;
        with.threads = threads[s->nthreads];
        if (!(s->searcher[s->nthreads] = gm_searcher_create(&with, err, errlen)))
            return -1;
    }
    if (gpu) {
        const gmg_options g = gmg_with_search(gpu, o);
        if (!(s->gpu = gmg_create(&g, err, errlen)))
            return -1;
    }
    return 0;
}

void gm_speedup_free(gm_speedup *s)
{
    for (int i = 0; i < s->nthreads; i++)
        gm_searcher_free(s->searcher[i]);
    gmg_free(s->gpu);
    memset(s, 0, sizeof *s);
}

int gm_speedup_run(gm_speedup *s, const gm_board *b, gm_result *r, void (*progress)(void *ctx, int column), void *ctx,
                   char *err, size_t errlen)
{
    for (int i = 0; i < s->nthreads; i++) {
        if (progress)
            progress(ctx, i);
        gm_searcher_clear(s->searcher[i]);
        gm_searcher_run(s->searcher[i], b, &r[i]);
    }
    if (!s->gpu)
        return 0;
    gmg_stats st = { 0 };
    if (progress)
        progress(ctx, s->nthreads);
    const int rc = gmg_search(s->gpu, b, &r[s->nthreads], &st, err, errlen);
    s->kernel_usec += st.kernel_us;
    if (rc == 0)
        return 0;
    r[s->nthreads] = (gm_result){ .move = GM_NO_MOVE, .score = -GM_WIN - 2 };
    return rc < 0 ? -1 : 0;
}
