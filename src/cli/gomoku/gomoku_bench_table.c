/*
 * gts gomoku bench table: the Gomoku report's tables, seconds for white's
 * best move after one black stone at the centre, boards x depths, per
 * variant: the CPU algorithms (Table 1) or, with --gpu, the report's GPU
 * designs beside gts's best CPU searches on every core (Tables 2-5 and
 * 7), with the ratio to the report's figure for the same design and a
 * check that all variants agree.  (bench positions:
 * cli/gomoku/gomoku_bench_positions.c.)
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "report/csv.h"
#include "report/plot.h"
#include "cli/gomoku/gomoku_bench.h"
#include "gomoku/shapes/gm_bench.h"

typedef struct table {
    const gomoku_bench *c;
    int sizes[GOMOKU_LIST_MAX], depths[GOMOKU_LIST_MAX];
    gm_bench_variant v[GM_BENCH_VARIANTS];
    int nsizes, ndepths, nvariants;
    int near;                                                          /* the candidates: gm_board.near */
    FILE *plot;                                                        /* --plot's rows as CSV, or NULL */
    gm_bench_cell grid[GM_BENCH_VARIANTS][GOMOKU_LIST_MAX][GOMOKU_LIST_MAX];   /* [variant][size][depth] */
} table;

static double report_of(const table *t, int a, int si, int di)
{
    return gm_report_seconds(t->v[a].report, t->sizes[si], t->depths[di], gm_bench_split(&t->v[a], t->depths[di]));
}

/* The report's "-": a cell is left out once a cell of the same variant on
 * a board no larger and no deeper took longer than --max-seconds. */
static bool too_long(const table *t, int a, int si, int di)
{
    for (int s = 0; s <= si; s++)
        for (int d = 0; d <= di; d++)
            if (t->grid[a][s][d].run && t->grid[a][s][d].usec > t->c->max_seconds * 1e6)
                return true;
    return false;
}

static void print_csv_header(FILE *f)
{
    cli_csv_machine(f);
    fprintf(f, "variant,size,depth,split,seconds,kernel_seconds,nodes,score,move,report_seconds\n");
}

/* A cell as one line of CSV into f (header: print_csv_header). */
static void print_csv_cell(FILE *f, const table *t, int a, int si, int di, const char *move)
{
    const gm_bench_cell *x = &t->grid[a][si][di];
    const double report = report_of(t, a, si, di);
    csv_field(f, t->v[a].name);
    fprintf(f, ",%d,%d,%d", t->sizes[si], t->depths[di], gm_bench_split(&t->v[a], t->depths[di]));
    if (x->run) {
        fprintf(f, ",%.9f,%.9f,%llu,%d,", x->usec / 1e6, x->kernel_usec / 1e6, (unsigned long long)x->nodes,
                x->score);
        csv_field(f, move);
    } else {
        fprintf(f, ",,,,,");
    }
    if (report > 0)
        fprintf(f, ",%g\n", report);
    else
        fprintf(f, ",\n");
}

/* A cell as one line of JSON or CSV on stdout, and of CSV into --plot's
 * rows. */
static void print_cell_line(const table *t, int a, int si, int di, const gm_board *b)
{
    const gm_bench_cell *x = &t->grid[a][si][di];
    const double report = report_of(t, a, si, di);
    char move[16] = "";
    if (x->run)
        gm_format_cell(b, x->move, move, sizeof move);
    if (t->plot)
        print_csv_cell(t->plot, t, a, si, di, move);
    if (t->c->csv)
        print_csv_cell(stdout, t, a, si, di, move);
    if (!t->c->json)
        return;
    printf("{\"variant\":\"%s\",\"size\":%d,\"depth\":%d", t->v[a].name, t->sizes[si], t->depths[di]);
    if (x->run)
        printf(",\"seconds\":%.9f,\"kernel_seconds\":%.9f,\"runs\":%d,\"nodes\":%llu,\"score\":%d,\"move\":\"%s\"",
               x->usec / 1e6, x->kernel_usec / 1e6, x->runs, (unsigned long long)x->nodes, x->score, move);
    else
        printf(",\"skipped\":true");
    if (report > 0)
        printf(",\"report_seconds\":%g", report);
    printf("}\n");
}

typedef enum { SHOW_SECONDS, SHOW_KERNEL, SHOW_RATIO, SHOW_NODES, SHOW_SCORE } show;

/* The first variant that ran a cell (its score stands for all's), or 0
 * if none did. */
static int first_run(const table *t, int si, int di)
{
    for (int a = 0; a < t->nvariants; a++)
        if (t->grid[a][si][di].run)
            return a;
    return 0;
}

/* One table: rows board sizes, columns depths, cells of variant a (the
 * scores: of any variant). */
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
            const gm_bench_cell *x = &t->grid[what == SHOW_SCORE ? first_run(t, s, d) : a][s][d];
            const double report = report_of(t, a, s, d);
            char v[32] = "-";
            if (x->run && what == SHOW_SECONDS)
                snprintf(v, sizeof v, "%.3g", x->usec / 1e6);
            else if (x->run && what == SHOW_KERNEL)
                snprintf(v, sizeof v, "%.3g", x->kernel_usec / 1e6);
            else if (x->run && what == SHOW_RATIO && report > 0)
                snprintf(v, sizeof v, "%.1f", report / (x->usec / 1e6));
            else if (x->run && what == SHOW_NODES)
                snprintf(v, sizeof v, "%llu", (unsigned long long)x->nodes);
            else if (x->run && what == SHOW_SCORE)
                gm_format_score(x->score, v, sizeof v);
            printf(" %11s", v);
        }
        printf("\n");
    }
}

/* Reports each cell where two variants' root scores differ; returns how
 * many.  Every variant searches the same tree (gomoku_search.h), so any
 * difference is a bug. */
static int check_scores(const table *t)
{
    int mismatches = 0;
    for (int s = 0; s < t->nsizes; s++)
        for (int d = 0; d < t->ndepths; d++)
            for (int a = 0, f = first_run(t, s, d); a < t->nvariants; a++) {
                const gm_bench_cell *x = &t->grid[f][s][d], *y = &t->grid[a][s][d];
                if (!y->run || x->score == y->score)
                    continue;
                cli_error("mismatch on %dx%d at depth %d: %s scores %d, %s %d", t->sizes[s], t->sizes[s],
                          t->depths[d], t->v[f].name, x->score, t->v[a].name, y->score);
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
 * algorithms, boards and depths; --depth as a list of one).  Returns 0,
 * or -1 after a one-line error. */
static int table_options(const gomoku_bench *c, table *t)
{
    static const int algos[] = { GM_ALGO_MINIMAX, GM_ALGO_ALPHABETA, GM_ALGO_PVS };
    static const int sizes[] = { 6, 9, 12, 15, 18, 21, 24 }, depths[] = { 1, 2, 3, 4 };
    if (c->board.size_given || c->limit) {
        cli_error("option --%s does not apply to 'gts gomoku bench table' (boards: --sizes)",
                  c->board.size_given ? "size" : "limit");
        return -1;
    }
    if (c->threads.n > 1) {
        cli_error("'gts gomoku bench table' takes one --threads count");
        return -1;
    }
    t->nsizes = values(t->sizes, c->sizes.v, c->sizes.n, sizes, 7);
    const bool one_depth = !c->depths.n && c->search.depth_given;   /* --depth D: the list D */
    t->ndepths = values(t->depths, one_depth ? &c->search.opt.depth : c->depths.v, one_depth ? 1 : c->depths.n, depths, 4);
    gm_search_options o = c->search.opt;
    o.threads = c->threads.n ? c->threads.v[0] : c->bench_gpu ? cli_cpus() : 1;
    if (c->bench_gpu) {
        const bool minimax = c->nalgos && c->algos[0] == GM_ALGO_MINIMAX;
        const gm_algo full = minimax ? GM_ALGO_MINIMAX : GM_ALGO_ALPHABETA;
        t->nvariants = gm_bench_gpu_set(t->v, o, &c->gpu.g, full, c->whole_game);
        return 0;
    }
    int list[3];
    const int n = values(list, c->algos, c->nalgos, algos, 3);
    for (int i = 0; i < n; i++)
        gm_bench_cpu(&t->v[t->nvariants++], o, (gm_algo)list[i], GM_REPORT_SERIAL);
    return 0;
}

/* Every cell of variant a, boards and depths in ascending order so that
 * too_long sees the smaller cells first.  Returns 0, or -1 after a
 * one-line error. */
static int run_variant(table *t, int a)
{
    const gm_bench_variant *v = &t->v[a];
    for (int s = 0; s < t->nsizes; s++) {
        char err[256];
        gm_board b;
        gm_init(&b, t->sizes[s], t->sizes[s], t->c->board.rule, t->near, err, sizeof err);
        gm_play(&b, gm_cell(&b, b.width / 2, b.height / 2));
        for (int d = 0; d < t->ndepths; d++) {
            if (!too_long(t, a, s, d)) {
                cli_progress("%s %dx%d depth %d", v->name, b.width, b.height, t->depths[d]);
                const int rc = gm_bench_run(v, &b, t->depths[d], t->c->whole_game, &t->grid[a][s][d], err, sizeof err);
                if (err[0])
                    cli_error("%s", err);
                if (rc != 0) {
                    cli_progress_done();
                    return -1;
                }
            }
            print_cell_line(t, a, s, d, &b);
        }
        fflush(stdout);
        /* A log or a pipe sees the run alive: the default table takes minutes. */
        cli_row_done("%s %dx%d done (row %d of %d)", v->name, b.width, b.height, a * t->nsizes + s + 1,
                     t->nvariants * t->nsizes);
    }
    cli_progress_done();
    return 0;
}

static void print_variant(const table *t, int a)
{
    static const char *const report_names[] = {
        [GM_REPORT_SERIAL] = "serial", [GM_REPORT_OPENMP] = "OpenMP", [GM_REPORT_NAIVE] = "naive CUDA",
        [GM_REPORT_SEQPAR] = "sequential-parallel CUDA", [GM_REPORT_PVS] = "PVS CUDA",
        [GM_REPORT_DYNAMIC] = "dynamic parallelism CUDA", [GM_REPORT_PVS_GAME] = "PVS CUDA whole-game",
        [GM_REPORT_DYNAMIC_GAME] = "dynamic parallelism CUDA whole-game",
    };
    const gm_bench_variant *v = &t->v[a];
    char title[160];
    snprintf(title, sizeof title, "%s: seconds%s", v->name, v->gpu ? " (end to end)" : "");
    print_grid(t, a, SHOW_SECONDS, title);
    if (v->gpu) {
        snprintf(title, sizeof title, "%s: kernel seconds (CUDA events)", v->name);
        print_grid(t, a, SHOW_KERNEL, title);
    }
    if (v->report != GM_REPORT_NONE) {
        snprintf(title, sizeof title, "%s: the report's %s seconds / ours (times faster)", v->name,
                 report_names[v->report]);
        print_grid(t, a, SHOW_RATIO, title);
    }
    snprintf(title, sizeof title, "%s: nodes", v->name);
    print_grid(t, a, SHOW_NODES, title);
    fflush(stdout);
}

/* Table 7: 15x15 at depth 2, every variant against the report's serial. */
static void print_table7(const table *t)
{
    int si = -1, di = -1;
    for (int s = 0; s < t->nsizes; s++)
        si = t->sizes[s] == 15 ? s : si;
    for (int d = 0; d < t->ndepths; d++)
        di = t->depths[d] == 2 ? d : di;
    if (si < 0 || di < 0)
        return;
    const double serial = gm_report_seconds(GM_REPORT_SERIAL, 15, 2, 0);
    printf("\nTable 7: 15x15, depth 2 (the report's serial: %g s)\n%-20s %12s %12s %12s\n", serial, "variant",
           "seconds", "vs serial", "report's");
    for (int a = 0; a < t->nvariants; a++) {
        const gm_bench_cell *x = &t->grid[a][si][di];
        if (!x->run)
            continue;
        const double report = report_of(t, a, si, di);
        char r[32] = "-";
        if (report > 0)
            snprintf(r, sizeof r, "%g", report);
        printf("%-20s %12.3g %11.0fx %12s\n", t->v[a].name, x->usec / 1e6, serial / (x->usec / 1e6), r);
    }
}

/* The note above the text tables. */
static void print_preamble(const table *t)
{
    const gomoku_bench *c = t->c;
    char candidates[16];
    gomoku_candidates(t->near, candidates, sizeof candidates);
    if (c->whole_game)
        printf("# the Gomoku report's Tables 8 and 9: seconds of a whole game from a black stone at the\n"
               "# centre, each variant playing both sides; candidates %s; '-': left out after a smaller\n"
               "# cell took over %g s\n",
               candidates, (double)c->max_seconds);
    else
        printf("# the Gomoku report's tables: seconds to find white's best move after a black stone at the\n"
               "# centre; candidates %s; a cell is the mean of searches repeated for 0.2 s after a warm-up;\n"
               "# '-': left out after a smaller cell took over %g s\n",
               candidates, (double)c->max_seconds);
}

/* Every variant's cells, printed; the exit status. */
static int run_all(table *t)
{
    const gomoku_bench *c = t->c;
    const bool text = !c->json && !c->csv;
    for (int a = 0; a < t->nvariants; a++) {
        if (run_variant(t, a) != 0)
            return EXIT_FAIL;
        if (text)
            print_variant(t, a);
    }
    if (text && c->whole_game)
        print_grid(t, 0, SHOW_SCORE, "stones at the end of the game");
    if (text && !c->whole_game) {
        print_grid(t, 0, SHOW_SCORE, "root score (white's view)");
        print_table7(t);
    }
    return !c->whole_game && check_scores(t) > 0 ? EXIT_FAIL : EXIT_OK;
}

/* --plot's picture, a panel a depth, boards across, log scale: with --gpu
 * the report's figures (each variant's speed-up over the naive GPU
 * design), else the seconds. */
static plot_spec bench_plot(const gomoku_bench *c)
{
    plot_spec spec = { .x = "size", .y = "seconds", .series = "variant", .panel = "depth", .logy = true,
                           .xlabel = "board (N x N)", .ylabel = "seconds (log scale)",
                           .title = c->whole_game ? "Gomoku: seconds of a whole game"
                                                  : "Gomoku: seconds to white's best move after one stone" };
    if (c->bench_gpu && !c->whole_game) {
        spec.over = "gpu naive";
        spec.title = "Gomoku: speed-up over the naive GPU design (log scale)";
        spec.ylabel = "naive's time / the variant's";
    }
    return spec;
}

int gomoku_bench_table(const gomoku_bench *c)
{
    table *t = calloc(1, sizeof *t);
    if (!t) {
        cli_error("out of memory");
        return EXIT_FAIL;
    }
    t->c = c;
    plot_rows plot;
    int status = table_options(c, t) != 0 ? EXIT_USAGE : plot_rows_open(&plot, c->plot);
    if (status != EXIT_OK) {
        free(t);
        return status;
    }
    t->plot = plot.f;
    /* The report's candidates: every empty cell, unless told otherwise. */
    t->near = c->board.near_given ? c->board.near : 0;
    if (!c->json && !c->csv)
        print_preamble(t);
    if (c->csv)
        print_csv_header(stdout);
    if (t->plot)
        print_csv_header(t->plot);
    status = run_all(t);
    free(t);
    const plot_spec spec = bench_plot(c);
    const int drawn = plot_rows_draw(&plot, &spec, "the bench's cells", c->plot);
    return status != EXIT_OK ? status : drawn;
}
