/* gts gomoku bench table's variants (cli/gomoku/gomoku_bench.h): a CPU search
 * or a GPU design, made for a cell, timed or playing a whole game. */
#include <stdlib.h>

#include "cli/cli.h"
#include "cli/gomoku/gomoku_bench.h"

int gm_variant_split(const variant *v, int depth)
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

/* The searcher of variant v at depth (one per cell: the depth is an
 * option), or NULL after a one-line error. */
static void *make_searcher(const gomoku_bench *c, const variant *v, int depth)
{
    if (!v->gpu) {
        gm_search_options o = v->cpu;
        o.depth = depth;
        char err[256];
        gm_searcher *s = gm_searcher_create(&o, err, sizeof err);
        if (!s)
            cli_error("%s", err);
        return s;
    }
    gmg_options g = v->g;
    g.split = gm_variant_split(v, depth);
    gm_search_options o = c->search.opt;
    o.depth = depth;
    o.algo = v->cpu.algo;
    return gomoku_gpu_create(&g, &o);
}

static void free_searcher(const variant *v, void *s)
{
    if (v->gpu)
        gmg_free(s);
    else
        gm_searcher_free(s);
}

/* One search of b; 0, or -1 after a one-line error. */
static int search_once(const variant *v, void *searcher, const gm_board *b, gm_result *r, double *kernel_usec)
{
    if (!v->gpu) {
        gm_searcher_clear(searcher);
        gm_searcher_run(searcher, b, r);
        return 0;
    }
    gmg_stats st = { 0 };
    const int rc = gomoku_gpu_search(searcher, b, r, &st);
    *kernel_usec = st.kernel_us;
    return rc == 0 ? 0 : -1;
}

/* The time of one search as the mean of searches repeated for at least
 * 0.2 s after a warm-up.  The CPU's table is cleared before each timed
 * search (not timed, r.usec), so that every repetition does the first
 * one's work. */
static int time_cell(const variant *v, void *searcher, const gm_board *b, cell *out)
{
    gm_result r;
    double kernel = 0;
    if (search_once(v, searcher, b, &r, &kernel) != 0)
        return -1;
    const double t0 = cli_now_usec();
    double usec = 0, kernel_usec = 0;
    int runs = 0;
    do {
        if (search_once(v, searcher, b, &r, &kernel) != 0)
            return -1;
        usec += r.usec;
        kernel_usec += kernel;
        runs++;
    } while (cli_now_usec() - t0 < 0.2e6);
    *out = (cell){ .run = true, .usec = usec / runs, .kernel_usec = kernel_usec / runs, .runs = runs,
                   .move = r.move, .nodes = r.nodes, .score = r.score };
    return 0;
}

/* --whole-game: the seconds of a whole game from b, the variant playing
 * both sides until a five or a full board (the report's Tables 8 and 9);
 * the cell's score is the stones at the end (games differ where equal
 * moves are chosen differently, so scores are not compared). */
static int play_game(const variant *v, void *searcher, const gm_board *start, cell *out)
{
    gm_board *b = malloc(sizeof *b);
    if (!b) {
        cli_error("out of memory");
        return -1;
    }
    gm_copy(b, start);
    *out = (cell){ .run = true, .runs = 1 };
    while (!gm_game_over(b)) {
        gm_result r;
        double kernel = 0;
        if (search_once(v, searcher, b, &r, &kernel) != 0 || r.move == GM_NO_MOVE)
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

void gm_variant_add_cpu(table *t, gm_search_options o, gm_algo algo, gm_report_table report)
{
    variant *v = &t->v[t->nvariants++];
    o.algo = algo;
    *v = (variant){ .cpu = o, .report = report };
    if (o.threads > 1)
        snprintf(v->name, sizeof v->name, "%s x%d", gomoku_algos[algo], o.threads);
    else
        snprintf(v->name, sizeof v->name, "%s", gomoku_algos[algo]);
}

static void add_gpu(table *t, gm_algo algo, gmg_design design, int split, gm_report_table report)
{
    variant *v = &t->v[t->nvariants++];
    *v = (variant){ .gpu = true, .g = t->c->gpu.g, .split = split, .report = report };
    v->g.design = design;
    v->cpu.algo = algo;
    if (design == GMG_SEQPAR && split)
        snprintf(v->name, sizeof v->name, "gpu seqpar s=%d", split);
    else if (design == GMG_SEQPAR)
        snprintf(v->name, sizeof v->name, "gpu seqpar s=d-1");
    else
        snprintf(v->name, sizeof v->name, "gpu %s", gmg_design_name(design));
}

void gm_variants_gpu(table *t, gm_search_options o)
{
    if (t->c->whole_game) {
        gm_variant_add_cpu(t, o, GM_ALGO_ALPHABETA, GM_REPORT_NONE);
        gm_variant_add_cpu(t, o, GM_ALGO_PVS, GM_REPORT_NONE);
        add_gpu(t, GM_ALGO_ALPHABETA, GMG_PVS, 0, GM_REPORT_PVS_GAME);
        add_gpu(t, GM_ALGO_ALPHABETA, GMG_DYNAMIC, 0, GM_REPORT_DYNAMIC_GAME);
        return;
    }
    const gm_algo full = t->c->nalgos && t->c->algos[0] == GM_ALGO_MINIMAX ? GM_ALGO_MINIMAX : GM_ALGO_ALPHABETA;
    gm_variant_add_cpu(t, o, full, o.threads > 1 ? GM_REPORT_OPENMP : GM_REPORT_SERIAL);
    gm_variant_add_cpu(t, o, GM_ALGO_PVS, GM_REPORT_NONE);
    add_gpu(t, full, GMG_NAIVE, 0, GM_REPORT_NAIVE);
    add_gpu(t, full, GMG_SEQPAR, t->c->gpu.g.split, GM_REPORT_SEQPAR);
    if (!t->c->gpu.g.split)
        add_gpu(t, full, GMG_SEQPAR, 2, GM_REPORT_SEQPAR);
    add_gpu(t, full, GMG_BATCH, 0, GM_REPORT_NONE);
    add_gpu(t, full, GMG_PVS, 0, GM_REPORT_PVS);
    add_gpu(t, full, GMG_DYNAMIC, 0, GM_REPORT_DYNAMIC);
}


int gm_variant_run(const gomoku_bench *c, const variant *v, const gm_board *b, int depth, cell *out)
{
    void *searcher = make_searcher(c, v, depth);
    if (!searcher)
        return -1;
    const int rc = c->whole_game ? play_game(v, searcher, b, out) : time_cell(v, searcher, b, out);
    free_searcher(v, searcher);
    return rc;
}
