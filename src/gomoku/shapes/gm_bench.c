/* The Gomoku report's cells made again (gomoku/shapes/gm_bench.h): a CPU
 * search or a GPU design, made for a cell, timed or playing a whole game. */
#include "gomoku/shapes/gm_bench.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/clock.h"

int gm_bench_split(const gm_bench_variant *v, int depth)
{
    if (!v->gpu)
        return 0;
    if (v->g.design == GMG_NAIVE)
        return 1;
    if (v->g.design == GMG_BATCH)
        return depth;
    if (v->g.design != GMG_SEQPAR)
        return 0;
    const int s = v->split ? v->split : depth - 1;
    return s < 1 ? 1 : s > depth ? depth : s;
}

/* The searcher of v at depth (one per cell: the depth is an option), or
 * NULL with a reason in err. */
static void *make_searcher(const gm_bench_variant *v, int depth, char *err, size_t errlen)
{
    gm_search_options o = v->cpu;
    o.depth = depth;
    if (!v->gpu)
        return gm_searcher_create(&o, err, errlen);
    gmg_options g = gmg_with_search(&v->g, &o);
    g.split = gm_bench_split(v, depth);
    return gmg_create(&g, err, errlen);
}

static void free_searcher(const gm_bench_variant *v, void *s)
{
    if (v->gpu)
        gmg_free(s);
    else
        gm_searcher_free(s);
}

/* One search of b; 0, or -1 (err: the reason, empty when stopped). */
static int search_once(const gm_bench_variant *v, void *searcher, const gm_board *b, gm_result *r,
                       double *kernel_usec, char *err, size_t errlen)
{
    if (!v->gpu) {
        gm_searcher_clear(searcher);
        gm_searcher_run(searcher, b, r);
        return 0;
    }
    gmg_stats st = { 0 };
    const int rc = gmg_search(searcher, b, r, &st, err, errlen);
    *kernel_usec = st.kernel_us;
    return rc == 0 ? 0 : -1;
}

/* The CPU's table is cleared before each timed search (not timed,
 * r.usec), so that every repetition does the first one's work. */
static int time_cell(const gm_bench_variant *v, void *searcher, const gm_board *b, gm_bench_cell *out, char *err,
                     size_t errlen)
{
    gm_result r;
    double kernel = 0;
    if (search_once(v, searcher, b, &r, &kernel, err, errlen) != 0)
        return -1;
    const double t0 = gts_now_usec();
    double usec = 0, kernel_usec = 0;
    int runs = 0;
    do {
        if (search_once(v, searcher, b, &r, &kernel, err, errlen) != 0)
            return -1;
        usec += r.usec;
        kernel_usec += kernel;
        runs++;
    } while (gts_now_usec() - t0 < 0.2e6);
    *out = (gm_bench_cell){ .run = true, .usec = usec / runs, .kernel_usec = kernel_usec / runs, .runs = runs,
                            .move = r.move, .nodes = r.nodes, .score = r.score };
    return 0;
}

/* The variant plays both sides until a five or a full board (the
 * report's Tables 8 and 9); the score is the stones at the end (games
 * differ where equal moves are chosen differently, so scores are not
 * compared). */
static int play_game(const gm_bench_variant *v, void *searcher, const gm_board *start, gm_bench_cell *out,
                     char *err, size_t errlen)
{
    gm_board *b = malloc(sizeof *b);
    if (!b) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    gm_copy(b, start);
    *out = (gm_bench_cell){ .run = true, .runs = 1 };
    while (!gm_game_over(b)) {
        gm_result r;
        double kernel = 0;
        if (search_once(v, searcher, b, &r, &kernel, err, errlen) != 0 || r.move == GM_NO_MOVE)
            break;
        out->usec += r.usec;
        out->kernel_usec += kernel;
        out->nodes += r.nodes;
        gm_play(b, r.move);
    }
    out->score = b->stones;
    free(b);
    return 0;
}

int gm_bench_run(const gm_bench_variant *v, const gm_board *b, int depth, bool whole_game, gm_bench_cell *out,
                 char *err, size_t errlen)
{
    if (errlen)
        err[0] = '\0';
    void *searcher = make_searcher(v, depth, err, errlen);
    if (!searcher)
        return -1;
    const int rc =
        whole_game ? play_game(v, searcher, b, out, err, errlen) : time_cell(v, searcher, b, out, err, errlen);
    free_searcher(v, searcher);
    return rc;
}

void gm_bench_cpu(gm_bench_variant *v, gm_search_options o, gm_algo algo, gm_report_table report)
{
    o.algo = algo;
    *v = (gm_bench_variant){ .cpu = o, .report = report };
    if (o.threads > 1)
        snprintf(v->name, sizeof v->name, "%s x%d", gm_algo_names[algo], o.threads);
    else
        snprintf(v->name, sizeof v->name, "%s", gm_algo_names[algo]);
}

static void gpu(gm_bench_variant *v, gm_search_options o, const gmg_options *g, gm_algo algo, gmg_design design,
                int split, gm_report_table report)
{
    o.algo = algo;
    *v = (gm_bench_variant){ .gpu = true, .cpu = o, .g = *g, .split = split, .report = report };
    v->g.design = design;
    if (design == GMG_SEQPAR && split)
        snprintf(v->name, sizeof v->name, "gpu seqpar s=%d", split);
    else if (design == GMG_SEQPAR)
        snprintf(v->name, sizeof v->name, "gpu seqpar s=d-1");
    else
        snprintf(v->name, sizeof v->name, "gpu %s", gmg_design_name(design));
}

int gm_bench_gpu_set(gm_bench_variant *v, gm_search_options o, const gmg_options *g, gm_algo full, bool whole_game)
{
    int n = 0;
    if (whole_game) {
        gm_bench_cpu(&v[n++], o, GM_ALGO_ALPHABETA, GM_REPORT_NONE);
        gm_bench_cpu(&v[n++], o, GM_ALGO_PVS, GM_REPORT_NONE);
        gpu(&v[n++], o, g, GM_ALGO_ALPHABETA, GMG_PVS, 0, GM_REPORT_PVS_GAME);
        gpu(&v[n++], o, g, GM_ALGO_ALPHABETA, GMG_DYNAMIC, 0, GM_REPORT_DYNAMIC_GAME);
        return n;
    }
    gm_bench_cpu(&v[n++], o, full, o.threads > 1 ? GM_REPORT_OPENMP : GM_REPORT_SERIAL);
    gm_bench_cpu(&v[n++], o, GM_ALGO_PVS, GM_REPORT_NONE);
    gpu(&v[n++], o, g, full, GMG_NAIVE, 0, GM_REPORT_NAIVE);
    gpu(&v[n++], o, g, full, GMG_SEQPAR, g->split, GM_REPORT_SEQPAR);
    if (!g->split)
        gpu(&v[n++], o, g, full, GMG_SEQPAR, 2, GM_REPORT_SEQPAR);
    gpu(&v[n++], o, g, full, GMG_BATCH, 0, GM_REPORT_NONE);
    gpu(&v[n++], o, g, full, GMG_PVS, 0, GM_REPORT_PVS);
    gpu(&v[n++], o, g, full, GMG_DYNAMIC, 0, GM_REPORT_DYNAMIC);
    return n;
}
