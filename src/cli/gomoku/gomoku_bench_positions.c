/*
 * gts gomoku bench positions FILE: the Connect-5 report's experiment,
 * every position of FILE searched with each thread count (and with --gpu
 * by a GPU design, one more column), the speedups, and a check that every
 * column gives the 1-thread score.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "report/csv.h"
#include "report/plot.h"
#include "cli/gomoku/gomoku_bench.h"
#include "gomoku/shapes/gm_speedup.h"

_Static_assert(GOMOKU_LIST_MAX <= GM_SPEEDUP_COLUMNS, "a column per thread count");

typedef struct positions {
    const gomoku_bench *c;
    int width, height, depth;
    int threads[GOMOKU_LIST_MAX], nthreads;   /* threads[0] is 1 */
    gm_speedup sp;                            /* the searchers; --gpu: the last column, index nthreads */
    FILE *plot;                               /* --plot's rows as CSV, or NULL */
    double total_usec[GOMOKU_LIST_MAX + 1], log_speedup[GOMOKU_LIST_MAX + 1];
    solve_totals totals;   /* positions, mismatches (scores unlike 1 thread's), bad lines */
} positions;

/* By gm_parallel; GM_PAR_NONE on several threads is the shared way. */
static const char *const parallel_name[] = { "shared", "root", "split", "shared" };

static void print_csv_header(FILE *f)
{
    cli_csv_machine(f);
    fprintf(f, "position,line,stones,way,threads,ms,nodes,score,move\n");
}

/* Column i of a position as a CSV line into f: the threads' way and
 * count, or for the GPU the design and no count. */
static void print_csv_column(FILE *f, const positions *p, long lineno, const gm_board *b, int i, const gm_result *r)
{
    char move[16];
    gm_format_cell(b, r->move, move, sizeof move);
    char way[64];
    if (i < p->nthreads)
        snprintf(way, sizeof way, "%s", parallel_name[p->c->search.opt.parallel]);
    else
        snprintf(way, sizeof way, "gpu %s", gmg_design_name(p->c->gpu.g.design));
    fprintf(f, "%ld,%ld,%d,", p->totals.positions, lineno, b->stones);
    csv_field(f, way);
    fputc(',', f);
    if (i < p->nthreads)
        fprintf(f, "%d", p->threads[i]);
    fprintf(f, ",%.3f,%llu,%d,", r->usec / 1000, (unsigned long long)r->nodes, r->score);
    csv_field(f, move);
    fputc('\n', f);
}

/* A position's columns r: a text row, JSON or CSV lines on stdout, and
 * CSV lines into --plot's rows. */
static void print_position(const positions *p, long lineno, const gm_board *b, const gm_result *r, int columns)
{
    const gomoku_bench *c = p->c;
    char move[16], score[32];
    for (int i = 0; i < columns; i++) {
        if (p->plot)
            print_csv_column(p->plot, p, lineno, b, i, &r[i]);
        if (c->csv)
            print_csv_column(stdout, p, lineno, b, i, &r[i]);
        if (!c->json)
            continue;
        gm_format_cell(b, r[i].move, move, sizeof move);
        printf("{\"position\":%ld,\"line\":%ld,\"stones\":%d,\"threads\":%d,\"ms\":%.3f,\"nodes\":%llu,"
               "\"score\":%d,\"move\":\"%s\"}\n",
               p->totals.positions, lineno, b->stones, i < p->nthreads ? p->threads[i] : 0, r[i].usec / 1000,
               (unsigned long long)r[i].nodes, r[i].score, move);
    }
    if (!c->json && !c->csv) {
        gm_format_cell(b, r[0].move, move, sizeof move);
        gm_format_score(r[0].score, score, sizeof score);
        printf("  %5ld %5ld %6d %10s %-5s %12llu", p->totals.positions, lineno, b->stones, score, move,
               (unsigned long long)r[0].nodes);
        for (int i = 0; i < columns; i++)
            printf(" %10.3f", r[i].usec / 1000);
        printf("\n");
    }
    fflush(stdout);
}

static void on_column(void *ctx, int i)
{
    const positions *p = ctx;
    if (i < p->nthreads)
        cli_progress("position %ld, %d thread%s", p->totals.positions + 1, p->threads[i], p->threads[i] > 1 ? "s" : "");
    else
        cli_progress("position %ld, gpu", p->totals.positions + 1);
}

/* One position on each thread count: a row of times; a score unlike the
 * 1-thread score is reported. */
static void run_position(positions *p, const char *file, long lineno, const gm_board *b)
{
    gm_result r[GOMOKU_LIST_MAX + 1];
    char err[256];
    if (gm_speedup_run(&p->sp, b, r, on_column, p, err, sizeof err) != 0)
        cli_error("%s", err);
    const int columns = p->nthreads + (p->sp.gpu != NULL);
    p->totals.positions++;
    for (int i = 0; i < columns; i++) {
        p->total_usec[i] += r[i].usec;
        /* A floor keeps a search too fast for the clock out of log(0). */
        p->log_speedup[i] += log(fmax(r[0].usec, 1e-3) / fmax(r[i].usec, 1e-3));
    }
    print_position(p, lineno, b, r, columns);
    cli_row_done("position %ld (%s:%ld) done", p->totals.positions, file, lineno);
    char score[32];
    gm_format_score(r[0].score, score, sizeof score);
    for (int i = 1; i < columns; i++) {
        if (r[i].score == r[0].score)
            continue;
        char other[32], who[32] = "the gpu";
        gm_format_score(r[i].score, other, sizeof other);
        if (i < p->nthreads)
            snprintf(who, sizeof who, "%d threads", p->threads[i]);
        cli_progress_done();
        cli_error("%s:%ld: %s score %s, 1 thread %s", file, lineno, who, other, score);
        p->totals.mismatches++;
    }
}

/* A line of the file: moves, then an optional '# comment'; '# size N'
 * sets the board when --size was not given. */
static int on_position_line(void *ctx, const char *file, long lineno, const char *line)
{
    positions *p = ctx;
    int size;
    char rest[2];
    if (sscanf(line, " # size %d %1s", &size, rest) == 1) {
        if (size < GM_MIN_SIZE || size > GM_MAX_SIZE) {
            cli_error("%s:%ld: size %d out of range (%d..%d)", file, lineno, size, GM_MIN_SIZE, GM_MAX_SIZE);
            p->totals.bad_lines++;
        } else if (!p->c->board.size_given) {
            p->width = p->height = size;
        }
        return 0;
    }
    if (p->c->limit && p->totals.positions >= p->c->limit)
        return 0;
    char *moves = strndup(line, strcspn(line, "#"));
    if (!moves) {
        cli_error("out of memory");
        return 1;
    }
    char err[256] = "the game is over";
    gm_board b;
    const bool blank = strspn(moves, " \t\r\n") == strlen(moves);   /* or only a comment */
    const bool ok = blank || (gm_init(&b, p->width, p->height, p->c->board.rule, p->c->board.near, err, sizeof err) == 0 &&
                              gm_parse_moves(&b, moves, err, sizeof err) == 0 && !gm_game_over(&b));
    free(moves);
    if (!ok) {
        cli_progress_done();
        cli_error("%s:%ld: %s", file, lineno, err);
        p->totals.bad_lines++;
    } else if (!blank) {
        run_position(p, file, lineno, &b);
    }
    return 0;
}

static void print_summary(const positions *p)
{
    const long n = p->totals.positions;
    const int columns = p->nthreads + (p->sp.gpu != NULL);
    if (p->c->json) {
        for (int i = 0; i < columns; i++)
            printf("{\"threads\":%d,\"positions\":%ld,\"total_ms\":%.3f,\"speedup\":%.3f,\"geomean_speedup\":%.3f}\n",
                   i < p->nthreads ? p->threads[i] : 0, n, p->total_usec[i] / 1000,
                   p->total_usec[0] / fmax(p->total_usec[i], 1e-3),
                   n ? exp(p->log_speedup[i] / n) : 1.0);
        return;
    }
    printf("\n# %ld positions\n# %7s %12s %9s %9s\n", n, "threads", "total ms", "speedup", "geomean");
    for (int i = 0; i < columns; i++) {
        char label[16] = "gpu";
        if (i < p->nthreads)
            snprintf(label, sizeof label, "%d", p->threads[i]);
        printf("  %7s %12.3f %9.2f %9.2f\n", label, p->total_usec[i] / 1000,
               p->total_usec[0] / fmax(p->total_usec[i], 1e-3), n ? exp(p->log_speedup[i] / n) : 1.0);
    }
    if (p->sp.gpu)
        printf("# gpu: %s, kernels %.3f ms in all; against %d threads: %.2fx\n", gmg_design_name(p->c->gpu.g.design),
               p->sp.kernel_usec / 1000, p->threads[p->nthreads - 1],
               p->total_usec[p->nthreads - 1] / fmax(p->total_usec[p->nthreads], 1e-3));
}

/* The depth and thread counts from the options, with this command's
 * defaults; threads[0] is 1, the count the others are compared with.
 * Returns 0, or -1 after a one-line error. */
static int positions_options(const gomoku_bench *c, positions *p)
{
    static const int threads[] = { 1, 2, 4, 8, 16 };
    if (c->sizes.n) {
        cli_error("option --sizes does not apply to 'gts gomoku bench positions' (the board: --size)");
        return -1;
    }
    if (c->nalgos > 1) {
        cli_error("'gts gomoku bench positions' takes one --algo (minimax, alphabeta, pvs)");
        return -1;
    }
    if (c->depths.n > 1) {
        cli_error("'gts gomoku bench positions' takes one --depth");
        return -1;
    }
    p->depth = c->depths.n ? c->depths.v[0] : c->search.depth_given ? c->search.opt.depth : 3;
    if (c->search.opt.parallel == GM_PAR_SPLIT && c->search.opt.split_depth > p->depth) {
        cli_error("--split-depth %d is deeper than --depth %d", c->search.opt.split_depth, p->depth);
        return -1;
    }
    p->nthreads = c->threads.n ? c->threads.n : 5;
    memcpy(p->threads, c->threads.n ? c->threads.v : threads, (size_t)p->nthreads * sizeof *p->threads);
    if (p->threads[0] != 1) {
        memmove(p->threads + 1, p->threads, (size_t)(GOMOKU_LIST_MAX - 1) * sizeof *p->threads);
        p->threads[0] = 1;
        p->nthreads += p->nthreads < GOMOKU_LIST_MAX;
    }
    return 0;
}

static void print_positions_header(const positions *p, const char *file)
{
    const gomoku_bench *c = p->c;
    char candidates[16];
    gomoku_candidates(c->board.near, candidates, sizeof candidates);
    printf("# %s: %s depth %d, candidates %s, threads' way %s\n# %5s %5s %6s %10s %-5s %12s", file,
           gm_algo_names[c->search.opt.algo], p->depth, candidates, parallel_name[c->search.opt.parallel], "pos", "line",
           "stones", "score", "move", "nodes");
    for (int i = 0; i < p->nthreads; i++)
        printf(" %6d thr", p->threads[i]);
    printf(p->sp.gpu ? " %10s  (ms)\n" : "  (ms)\n", "gpu");
}

/* Whether file ("-": standard input) can be read, a directory not; if
 * not, a one-line error.  Checked before the tables are made and the
 * header printed, so that a bad name costs nothing and prints no more. */
static bool readable(const char *file)
{
    if (strcmp(file, "-") == 0)
        return true;
    FILE *f = fopen(file, "r");
    if (!f) {
        cli_error("cannot open %s: %s", file, strerror(errno));
        return false;
    }
    const bool ok = getc(f) != EOF || !ferror(f);
    if (!ok)
        cli_error("cannot read %s: %s", file, strerror(errno));
    fclose(f);
    return ok;
}

/* A searcher per thread count, and the GPU's with --gpu; the exit status
 * (after an error line). */
static int make_searchers(const gomoku_bench *c, positions *p)
{
    gm_search_options o = c->search.opt;
    o.depth = p->depth;
    char err[256];
    if (gm_speedup_create(&p->sp, &o, p->threads, p->nthreads, c->bench_gpu ? &c->gpu.g : NULL, err, sizeof err) == 0)
        return EXIT_OK;
    cli_error("%s", err);
    return EXIT_FAIL;
}

/* --plot's picture: the speed-up of the total over one thread (the GPU's
 * column, which has no thread count, is not drawn). */
static const plot_spec bench_plot = {
    .x = "threads", .y = "ms", .series = "way", .over = "first", .style = PLOT_THREADS,
    .title = "Gomoku: speed-up of the total over one thread", .ylabel = "speed-up (total ms)",
};

int gomoku_bench_positions(const gomoku_bench *c, char *file)
{
    positions *p = calloc(1, sizeof *p);
    if (!p) {
        cli_error("out of memory");
        return EXIT_FAIL;
    }
    *p = (positions){ .c = c, .width = c->board.width, .height = c->board.height };
    plot_rows plot = { 0 };
    int status = positions_options(c, p) != 0 ? EXIT_USAGE : !readable(file) ? EXIT_FAIL : EXIT_OK;
    if (status == EXIT_OK)
        status = plot_rows_open(&plot, c->plot);
    if (status == EXIT_OK)
        status = make_searchers(c, p);
    if (status == EXIT_OK) {
        p->plot = plot.f;
        if (plot.f)
            print_csv_header(plot.f);
        if (c->csv)
            print_csv_header(stdout);
        else if (!c->json)
            print_positions_header(p, file);
        status = cli_each_line(1, &file, on_position_line, NULL, p);
        cli_progress_done();
        if (!c->csv)
            print_summary(p);
        status = cli_solve_status(&p->totals, status);
    }
    gm_speedup_free(&p->sp);
    free(p);
    const int drawn = plot_rows_draw(&plot, &bench_plot, file, c->plot);
    return status != EXIT_OK ? status : drawn;
}
