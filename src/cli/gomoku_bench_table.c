/*
 * gts gomoku bench table: the Gomoku report's Table 1, seconds for white's
 * best move after one black stone at the centre, boards x depths, per
 * algorithm, with the ratio to the report's serial figures and a check
 * that all algorithms agree.  (bench positions: gomoku_bench_positions.c.)
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gomoku_cli.h"

/* Table 1 ("Serial Result") of Y. Kawakami and H. Wang, "Parallel Game
 * Tree Search: Gomoku", University of Oregon: seconds of their serial
 * alpha-beta to find the best move after one stone, every empty cell a
 * candidate.  -1: no figure (they did not run it). */
static const struct {
    int size;
    double seconds[4];   /* depths 1..4 */
} report_table1[] = {
    { 6, { 0.00019, 0.0051, 0.0292, 0.272 } },
    { 9, { 0.00069, 0.0269, 0.4572, 12.669 } },
    { 12, { 0.00184, 0.1324, 4.6165, 271.388 } },
    { 15, { 0.00415, 0.4375, 29.651, -1 } },
    { 18, { 0.00874, 1.1842, 158.13, -1 } },
    { 21, { 0.01346, 2.8423, 571.07, -1 } },
    { 24, { 0.01722, 6.8895, 1718.01, -1 } },
};

static double report_seconds(int size, int depth)
{
    for (size_t i = 0; i < sizeof report_table1 / sizeof *report_table1; i++)
        if (report_table1[i].size == size && depth >= 1 && depth <= 4)
            return report_table1[i].seconds[depth - 1];
    return -1;
}

typedef struct cell {
    bool run;
    double usec;        /* mean of the timed searches */
    int runs, move;
    uint64_t nodes;
    int32_t score;
} cell;

typedef struct table {
    const gm_cli *c;
    int sizes[GM_CLI_LIST_MAX], depths[GM_CLI_LIST_MAX], algos[3];
    int nsizes, ndepths, nalgos;
    int near;                                         /* the candidates: gm_board.near */
    cell grid[3][GM_CLI_LIST_MAX][GM_CLI_LIST_MAX];   /* [algo][size][depth] */
} table;

/* The time of one search as the mean of searches repeated for at least
 * 0.2 s after a warm-up.  The transposition table is cleared before each
 * timed search, so that every repetition does the first one's work (a warm
 * table would answer from the last search); the clear is not timed
 * (r.usec). */
static void time_cell(gm_searcher *s, const gm_board *b, cell *out)
{
    gm_result r;
    gm_searcher_run(s, b, &r);
    const double t0 = cli_now_usec();
    double usec = 0;
    int runs = 0;
    do {
        gm_searcher_clear(s);
        gm_searcher_run(s, b, &r);
        usec += r.usec;
        runs++;
    } while (cli_now_usec() - t0 < 0.2e6);
    *out = (cell){ .run = true, .usec = usec / runs, .runs = runs, .move = r.move, .nodes = r.nodes,
                   .score = r.score };
}

/* The report's "-": a cell is left out once a cell of the same algorithm
 * on a board no larger and no deeper took longer than --max-seconds. */
static bool too_long(const table *t, int a, int si, int di)
{
    for (int s = 0; s <= si; s++)
        for (int d = 0; d <= di; d++)
            if (t->grid[a][s][d].run && t->grid[a][s][d].usec > t->c->max_seconds * 1e6)
                return true;
    return false;
}

static void print_cell_json(const table *t, int a, int si, int di, const gm_board *b)
{
    const cell *x = &t->grid[a][si][di];
    printf("{\"algo\":\"%s\",\"size\":%d,\"depth\":%d", gm_cli_algo_name((gm_algo)t->algos[a]), t->sizes[si],
           t->depths[di]);
    if (x->run) {
        char move[16];
        gm_format_cell(b, x->move, move, sizeof move);
        printf(",\"seconds\":%.9f,\"runs\":%d,\"nodes\":%llu,\"score\":%d,\"move\":\"%s\"", x->usec / 1e6, x->runs,
               (unsigned long long)x->nodes, x->score, move);
    } else {
        printf(",\"skipped\":true");
    }
    const double report = report_seconds(t->sizes[si], t->depths[di]);
    if (report > 0)
        printf(",\"report_seconds\":%g", report);
    printf("}\n");
}

typedef enum { SHOW_SECONDS, SHOW_RATIO, SHOW_NODES, SHOW_SCORE } show;

/* The first algorithm that ran a cell (its score stands for all's), or 0
 * if none did. */
static int first_run(const table *t, int si, int di)
{
    for (int a = 0; a < t->nalgos; a++)
        if (t->grid[a][si][di].run)
            return a;
    return 0;
}

/* One table: rows board sizes, columns depths, cells of algorithm a (the
 * scores: of any algorithm). */
static void print_grid(const table *t, int a, show what, const char *title)
{
    printf("\n%s\n%-7s", title, "board");
    for (int d = 0; d < t->ndepths; d++)
        printf(" %11d", t->depths[d]);
    printf("\n");
    for (int s = 0; s < t->nsizes; s++) {
        char label[16];
        snprintf(label, sizeof label, "%dx%d", t->sizes[s], t->sizes[s]);
        printf("%-7s", label);
        for (int d = 0; d < t->ndepths; d++) {
            const cell *x = &t->grid[what == SHOW_SCORE ? first_run(t, s, d) : a][s][d];
            const double report = report_seconds(t->sizes[s], t->depths[d]);
            char v[32] = "-";
            if (x->run && what == SHOW_SECONDS)
                snprintf(v, sizeof v, "%.3g", x->usec / 1e6);
            else if (x->run && what == SHOW_RATIO && report > 0)
                snprintf(v, sizeof v, "%.1f", report / (x->usec / 1e6));
            else if (x->run && what == SHOW_NODES)
                snprintf(v, sizeof v, "%llu", (unsigned long long)x->nodes);
            else if (x->run && what == SHOW_SCORE)
                gm_cli_score(x->score, v, sizeof v);
            printf(" %11s", v);
        }
        printf("\n");
    }
}

/* Reports each cell where two algorithms' root scores differ; returns how
 * many.  Every algorithm searches the same tree (gomoku_search.h), so any
 * difference is a bug. */
static int check_scores(const table *t)
{
    int mismatches = 0;
    for (int s = 0; s < t->nsizes; s++)
        for (int d = 0; d < t->ndepths; d++)
            for (int a = 0, f = first_run(t, s, d); a < t->nalgos; a++) {
                const cell *x = &t->grid[f][s][d], *y = &t->grid[a][s][d];
                if (!y->run || x->score == y->score)
                    continue;
                cli_error("mismatch on %dx%d at depth %d: %s scores %d, %s %d", t->sizes[s], t->sizes[s],
                          t->depths[d], gm_cli_algo_name((gm_algo)t->algos[f]), x->score,
                          gm_cli_algo_name((gm_algo)t->algos[a]), y->score);
                mismatches++;
            }
    return mismatches;
}

/* The values a list option gave, else the defaults, into out; returns
 * how many. */
static int values(int *out, const int *given, int ngiven, const int *defaults, int ndefaults)
{
    const int n = ngiven ? ngiven : ndefaults;
    memcpy(out, ngiven ? given : defaults, (size_t)n * sizeof *out);
    return n;
}

/* The table's lists from the options, with its defaults (the report's
 * algorithms, boards and depths; --depth as a list of one); the thread
 * count into *threads.  Returns 0, or -1 after a one-line error. */
static int table_options(const gm_cli *c, table *t, int *threads)
{
    static const int algos[] = { GM_ALGO_MINIMAX, GM_ALGO_ALPHABETA, GM_ALGO_PVS };
    static const int sizes[] = { 6, 9, 12, 15, 18, 21, 24 }, depths[] = { 1, 2, 3, 4 };
    if (c->size_given || c->limit) {
        cli_error("option --%s does not apply to 'gts gomoku bench table' (boards: --sizes)",
                  c->size_given ? "size" : "limit");
        return -1;
    }
    if (c->threads.n > 1) {
        cli_error("'gts gomoku bench table' takes one --threads count");
        return -1;
    }
    t->nalgos = values(t->algos, c->algos, c->nalgos, algos, 3);
    t->nsizes = values(t->sizes, c->sizes.v, c->sizes.n, sizes, 7);
    const bool one_depth = !c->depths.n && c->depth_given;   /* --depth D: the list D */
    t->ndepths = values(t->depths, one_depth ? &c->opt.depth : c->depths.v, one_depth ? 1 : c->depths.n, depths, 4);
    *threads = c->threads.n ? c->threads.v[0] : 1;
    return 0;
}

/* Every cell of algorithm a, boards and depths in ascending order so that
 * too_long sees the smaller cells first.  Returns 0, or -1 after a
 * one-line error. */
static int run_algorithm(table *t, int a, gm_search_options o)
{
    o.algo = (gm_algo)t->algos[a];
    for (int s = 0; s < t->nsizes; s++) {
        char err[256];
        gm_board b;
        gm_init(&b, t->sizes[s], t->sizes[s], t->c->rule, t->near, err, sizeof err);
        gm_play(&b, gm_cell(&b, b.width / 2, b.height / 2));
        for (int d = 0; d < t->ndepths; d++) {
            if (!too_long(t, a, s, d)) {
                cli_progress("%s %dx%d depth %d", gm_cli_algo_name(o.algo), b.width, b.height, t->depths[d]);
                /* A fresh searcher per cell: its depth is an option. */
                o.depth = t->depths[d];
                gm_searcher *searcher = gm_searcher_create(&o, err, sizeof err);
                if (!searcher) {
                    cli_progress_done();
                    cli_error("%s", err);
                    return -1;
                }
                time_cell(searcher, &b, &t->grid[a][s][d]);
                gm_searcher_free(searcher);
            }
            if (t->c->json)
                print_cell_json(t, a, s, d, &b);
        }
        fflush(stdout);
        /* A log or a pipe sees the run alive: the default table takes minutes. */
        cli_row_done("%s %dx%d done (row %d of %d)", gm_cli_algo_name(o.algo), b.width, b.height,
                     a * t->nsizes + s + 1, t->nalgos * t->nsizes);
    }
    cli_progress_done();
    return 0;
}

static void print_algorithm(const table *t, int a)
{
    static const struct {
        show what;
        const char *title;
    } grids[] = {
        { SHOW_SECONDS, "seconds" },
        { SHOW_RATIO, "the report's serial seconds / ours (times faster)" },
        { SHOW_NODES, "nodes" },
    };
    for (size_t i = 0; i < sizeof grids / sizeof *grids; i++) {
        char title[128];
        snprintf(title, sizeof title, "%s: %s", gm_cli_algo_name((gm_algo)t->algos[a]), grids[i].title);
        print_grid(t, a, grids[i].what, title);
    }
    fflush(stdout);
}

int gomoku_bench_table(const gm_cli *c)
{
    table *t = calloc(1, sizeof *t);
    if (!t) {
        cli_error("out of memory");
        return EXIT_FAIL;
    }
    t->c = c;
    gm_search_options o = c->opt;
    if (table_options(c, t, &o.threads) != 0) {
        free(t);
        return EXIT_USAGE;
    }
    /* The report's candidates: every empty cell, unless told otherwise. */
    t->near = c->near_given ? c->near : 0;
    char candidates[16];
    gm_cli_candidates(t->near, candidates, sizeof candidates);
    if (!c->json)
        printf("# the Gomoku report's Table 1: seconds to find white's best move after a black stone at the\n"
               "# centre; candidates %s, %d thread%s; a cell is the mean of searches repeated for 0.2 s after\n"
               "# a warm-up; '-': left out after a smaller cell took over %g s\n",
               candidates, o.threads, o.threads > 1 ? "s" : "", (double)c->max_seconds);
    for (int a = 0; a < t->nalgos; a++) {
        if (run_algorithm(t, a, o) != 0) {
            free(t);
            return EXIT_FAIL;
        }
        if (!c->json)
            print_algorithm(t, a);
    }
    if (!c->json)
        print_grid(t, 0, SHOW_SCORE, "root score (white's view)");
    const int status = check_scores(t) > 0 ? EXIT_FAIL : EXIT_OK;
    free(t);
    return status;
}

