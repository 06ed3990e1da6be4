/*
 * gts gomoku bench: the experiments of the two Gomoku / Connect-5 reports.
 *
 *   table            the Gomoku report's Table 1: seconds for white's best
 *                    move after one black stone at the centre, boards x
 *                    depths, per algorithm, with the ratio to the report's
 *                    serial figures and a check that all algorithms agree;
 *   positions FILE   the Connect-5 report's experiment: every position of
 *                    FILE searched with each thread count, the speedups,
 *                    and a check that every count gives the 1-thread score.
 */
#include <math.h>
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

enum { MAX_LIST = 64 };

static int compare_int(const void *a, const void *b)
{
    return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}

/* A comma list of integers within [min, max], sorted, duplicates dropped.
 * Returns how many, or -1 after a one-line error. */
static int parse_list(const char *s, const char *option, long min, long max, int *out)
{
    int n = 0;
    for (const char *p = s;; p++) {
        char item[24];
        const size_t len = strcspn(p, ",");
        long v;
        if (len >= sizeof item || n == MAX_LIST)
            goto bad;
        memcpy(item, p, len);
        item[len] = '\0';
        if (cli_int(item, min, max, &v) != 0)
            goto bad;
        out[n++] = (int)v;
        p += len;
        if (!*p)
            break;
    }
    qsort(out, (size_t)n, sizeof *out, compare_int);
    int kept = 1;
    for (int i = 1; i < n; i++)
        if (out[i] != out[kept - 1])
            out[kept++] = out[i];
    return kept;
bad:
    cli_error("bad %s '%s' (a comma list of %ld..%ld)", option, s, min, max);
    return -1;
}

static void candidates_text(int near, char *out, size_t len)
{
    if (near)
        snprintf(out, len, "near:%d", near);
    else
        snprintf(out, len, "all");
}

/* ---- table ---- */

typedef struct cell {
    bool run;
    double usec;        /* mean of the timed searches */
    int runs, move;
    uint64_t nodes;
    int32_t score;
} cell;

typedef struct table {
    const gm_cli *c;
    int sizes[MAX_LIST], depths[MAX_LIST], algos[3];
    int nsizes, ndepths, nalgos;
    int near;                           /* the candidates: gm_board.near */
    cell grid[3][MAX_LIST][MAX_LIST];   /* [algo][size][depth] */
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

/* --algo's comma list of names, in the order given. */
static int parse_algos(const char *s, int *out)
{
    int n = 0;
    for (const char *p = s;; p++) {
        char name[16];
        const size_t len = strcspn(p, ",");
        int a = -1;
        if (len < sizeof name) {
            memcpy(name, p, len);
            name[len] = '\0';
            a = gm_cli_algo(name);
        }
        if (a < 0) {
            cli_error("bad --algo '%s' (a comma list of minimax, alphabeta, pvs)", s);
            return -1;
        }
        bool seen = false;
        for (int i = 0; i < n; i++)
            seen |= out[i] == a;
        if (!seen)
            out[n++] = a;
        p += len;
        if (!*p)
            return n;
    }
}

/* The table's lists from the options, with its defaults; the thread
 * count into *threads.  Returns 0, or -1 after a one-line error. */
static int table_options(const gm_cli *c, table *t, int *threads)
{
    int counts[MAX_LIST], n;
    if (c->size_given || c->limit) {
        cli_error("option --%s does not apply to 'gts gomoku bench table' (boards: --sizes)",
                  c->size_given ? "size" : "limit");
        return -1;
    }
    if ((t->nalgos = parse_algos(c->algo_list ? c->algo_list : "minimax,alphabeta,pvs", t->algos)) < 0 ||
        (t->nsizes = parse_list(c->size_list ? c->size_list : "6,9,12,15,18,21,24", "--sizes", GM_MIN_SIZE,
                                GM_MAX_SIZE, t->sizes)) < 0 ||
        (t->ndepths = parse_list(c->depth_list ? c->depth_list : "1,2,3,4", "--depths", 1, GM_MAX_DEPTH,
                                 t->depths)) < 0 ||
        (n = parse_list(c->thread_list ? c->thread_list : "1", "--threads", 1, 256, counts)) < 0)
        return -1;
    if (n != 1) {
        cli_error("'gts gomoku bench table' takes one --threads count");
        return -1;
    }
    *threads = counts[0];
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

static int bench_table(gm_cli *c)
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
    candidates_text(t->near, candidates, sizeof candidates);
    if (!c->json)
        printf("# the Gomoku report's Table 1: seconds to find white's best move after a black stone at the\n"
               "# centre; candidates %s, %d thread%s; a cell is the mean of searches repeated for 0.2 s after\n"
               "# a warm-up; '-': left out after a smaller cell took over %g s\n",
               candidates, o.threads, o.threads > 1 ? "s" : "", c->max_seconds);
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

/* ---- positions ---- */

typedef struct positions {
    const gm_cli *c;
    int width, height, depth;
    int threads[MAX_LIST], nthreads;          /* threads[0] is 1 */
    gm_searcher *searcher[MAX_LIST];
    double total_usec[MAX_LIST], log_speedup[MAX_LIST];
    solve_totals totals;                      /* positions, mismatches (scores unlike 1 thread's), bad lines */
} positions;

/* One position on each thread count: a row of times; a score unlike the
 * 1-thread score is reported. */
static void run_position(positions *p, const char *file, long lineno, const gm_board *b)
{
    gm_result r[MAX_LIST];
    for (int i = 0; i < p->nthreads; i++) {
        cli_progress("position %ld, %d thread%s", p->totals.positions + 1, p->threads[i], p->threads[i] > 1 ? "s" : "");
        /* Cleared so that a position's time does not depend on the ones
         * before it; the clear is not timed (r.usec). */
        gm_searcher_clear(p->searcher[i]);
        gm_searcher_run(p->searcher[i], b, &r[i]);
    }
    p->totals.positions++;
    char move[16], score[32];
    gm_format_cell(b, r[0].move, move, sizeof move);
    gm_cli_score(r[0].score, score, sizeof score);
    if (!p->c->json)
        printf("  %5ld %5ld %6d %10s %-5s %12llu", p->totals.positions, lineno, b->stones, score, move,
               (unsigned long long)r[0].nodes);
    for (int i = 0; i < p->nthreads; i++) {
        p->total_usec[i] += r[i].usec;
        /* A floor keeps a search too fast for the clock out of log(0). */
        p->log_speedup[i] += log(fmax(r[0].usec, 1e-3) / fmax(r[i].usec, 1e-3));
        if (p->c->json) {
            gm_format_cell(b, r[i].move, move, sizeof move);
            printf("{\"position\":%ld,\"line\":%ld,\"stones\":%d,\"threads\":%d,\"ms\":%.3f,\"nodes\":%llu,"
                   "\"score\":%d,\"move\":\"%s\"}\n",
                   p->totals.positions, lineno, b->stones, p->threads[i], r[i].usec / 1000,
                   (unsigned long long)r[i].nodes, r[i].score, move);
        } else {
            printf(" %10.3f", r[i].usec / 1000);
        }
    }
    if (!p->c->json)
        printf("\n");
    fflush(stdout);
    for (int i = 1; i < p->nthreads; i++) {
        if (r[i].score == r[0].score)
            continue;
        char other[32];
        gm_cli_score(r[i].score, other, sizeof other);
        cli_progress_done();
        cli_error("%s:%ld: %d threads score %s, 1 thread %s", file, lineno, p->threads[i], other, score);
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
        } else if (!p->c->size_given) {
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
    const bool ok = blank || (gm_init(&b, p->width, p->height, p->c->rule, p->c->near, err, sizeof err) == 0 &&
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
    if (p->c->json) {
        for (int i = 0; i < p->nthreads; i++)
            printf("{\"threads\":%d,\"positions\":%ld,\"total_ms\":%.3f,\"speedup\":%.3f,\"geomean_speedup\":%.3f}\n",
                   p->threads[i], n, p->total_usec[i] / 1000, p->total_usec[0] / fmax(p->total_usec[i], 1e-3),
                   n ? exp(p->log_speedup[i] / n) : 1.0);
        return;
    }
    printf("\n# %ld positions\n# %7s %12s %9s %9s\n", n, "threads", "total ms", "speedup", "geomean");
    for (int i = 0; i < p->nthreads; i++)
        printf("  %7d %12.3f %9.2f %9.2f\n", p->threads[i], p->total_usec[i] / 1000,
               p->total_usec[0] / fmax(p->total_usec[i], 1e-3), n ? exp(p->log_speedup[i] / n) : 1.0);
}

/* The depth and thread counts from the options, with this command's
 * defaults; threads[0] is 1, the count the others are compared with.
 * Returns 0, or -1 after a one-line error. */
static int positions_options(const gm_cli *c, positions *p)
{
    int depths[MAX_LIST];
    if (c->size_list) {
        cli_error("option --sizes does not apply to 'gts gomoku bench positions' (the board: --size)");
        return -1;
    }
    if (c->algo_list && gm_cli_algo(c->algo_list) < 0) {
        cli_error("'gts gomoku bench positions' takes one --algo (minimax, alphabeta, pvs)");
        return -1;
    }
    if (c->depth_list && parse_list(c->depth_list, "--depth", 1, GM_MAX_DEPTH, depths) != 1) {
        cli_error("'gts gomoku bench positions' takes one --depth");
        return -1;
    }
    p->depth = c->depth_list ? depths[0] : 3;
    if (c->opt.parallel == GM_PAR_SPLIT && c->opt.split_depth > p->depth) {
        cli_error("--split-depth %d is deeper than --depth %d", c->opt.split_depth, p->depth);
        return -1;
    }
    p->nthreads = parse_list(c->thread_list ? c->thread_list : "1,2,4,8,16", "--threads", 1, 256, p->threads);
    if (p->nthreads < 0)
        return -1;
    if (p->threads[0] != 1) {
        memmove(p->threads + 1, p->threads, (size_t)(MAX_LIST - 1) * sizeof *p->threads);
        p->threads[0] = 1;
        p->nthreads += p->nthreads < MAX_LIST;
    }
    return 0;
}

/* By gm_parallel; GM_PAR_NONE on several threads is the shared way. */
static const char *const parallel_name[] = { "shared", "root", "split", "shared" };

static void print_positions_header(const positions *p, const char *file)
{
    const gm_cli *c = p->c;
    char candidates[16];
    candidates_text(c->near, candidates, sizeof candidates);
    printf("# %s: %s depth %d, candidates %s, threads' way %s\n# %5s %5s %6s %10s %-5s %12s", file,
           gm_cli_algo_name(c->opt.algo), p->depth, candidates, parallel_name[c->opt.parallel], "pos", "line",
           "stones", "score", "move", "nodes");
    for (int i = 0; i < p->nthreads; i++)
        printf(" %6d thr", p->threads[i]);
    printf("  (ms)\n");
}

static int bench_positions(gm_cli *c, char *file)
{
    positions *p = calloc(1, sizeof *p);
    if (!p) {
        cli_error("out of memory");
        return EXIT_FAIL;
    }
    *p = (positions){ .c = c, .width = c->width, .height = c->height };
    if (positions_options(c, p) != 0) {
        free(p);
        return EXIT_USAGE;
    }
    /* A searcher per thread count for the whole run: its table is cleared
     * between positions rather than made again (the memory: one table per
     * count). */
    int status = EXIT_OK;
    for (int i = 0; i < p->nthreads && status == EXIT_OK; i++) {
        gm_search_options o = c->opt;
        o.depth = p->depth;
        o.threads = p->threads[i];
        char err[256];
        if (!(p->searcher[i] = gm_searcher_create(&o, err, sizeof err))) {
            cli_error("%s", err);
            status = EXIT_FAIL;
        }
    }
    if (status == EXIT_OK) {
        if (!c->json)
            print_positions_header(p, file);
        status = cli_each_line(1, &file, on_position_line, NULL, p);
        cli_progress_done();
        print_summary(p);
        status = cli_solve_status(&p->totals, status);
    }
    for (int i = 0; i < p->nthreads; i++)
        gm_searcher_free(p->searcher[i]);
    free(p);
    return status;
}

int gomoku_bench_main(gm_cli *c, int argc, char **argv)
{
    if (argc == 1 && strcmp(argv[0], "table") == 0)
        return bench_table(c);
    if (argc == 2 && strcmp(argv[0], "positions") == 0)
        return bench_positions(c, argv[1]);
    cli_error("usage: gts gomoku bench table | positions FILE (see 'gts gomoku --help')");
    return EXIT_USAGE;
}
