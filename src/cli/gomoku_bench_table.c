/*
 * gts gomoku bench table: the Gomoku report's tables, seconds for white's
 * best move after one black stone at the centre, boards x depths, per
 * variant: the CPU algorithms (Table 1) or, with --gpu, the report's GPU
 * designs beside gts's best CPU searches on every core (Tables 2-5 and
 * 7), with the ratio to the report's figure for the same design and a
 * check that all variants agree.  (bench positions:
 * gomoku_bench_positions.c.)
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gomoku_cli.h"
#include "gomoku_report_tables.h"

#define VARIANTS 9

/* One column set of the table: a CPU search or a GPU design. */
typedef struct variant {
    char name[32];
    bool gpu;
    gm_search_options cpu;
    gmg_options g;
    int split;                  /* seqpar: 0 for depth - 1, else min(split, depth) */
    gm_report_table report;
} variant;

typedef struct cell {
    bool run;
    double usec;        /* mean of the timed searches */
    double kernel_usec; /* the GPU's kernels in one search */
    int runs, move;
    uint64_t nodes;
    int32_t score;
} cell;

typedef struct table {
    const gm_cli *c;
    int sizes[GM_CLI_LIST_MAX], depths[GM_CLI_LIST_MAX];
    variant v[VARIANTS];
    int nsizes, ndepths, nvariants;
    int near;                                                /* the candidates: gm_board.near */
    cell grid[VARIANTS][GM_CLI_LIST_MAX][GM_CLI_LIST_MAX];   /* [variant][size][depth] */
} table;

static int split_of(const variant *v, int depth)
{
    if (!v->gpu)
        return 0;
    if (v->g.design == GMG_NAIVE)
        return 1;
    if (v->g.design != GMG_SEQPAR)
        return 0;
    const int s = v->split ? v->split : depth - 1;
    return s < 1 ? 1 : s > depth ? depth : s;
}

static double report_of(const table *t, int a, int si, int di)
{
    return gm_report_seconds(t->v[a].report, t->sizes[si], t->depths[di], split_of(&t->v[a], t->depths[di]));
}

/* The searcher of variant v at depth (one per cell: the depth is an
 * option), or NULL after a one-line error. */
static void *make_searcher(const gm_cli *c, const variant *v, int depth)
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
    gm_cli g = *c;
    g.gpu = v->g;
    g.gpu.split = split_of(v, depth);
    g.opt.depth = depth;
    g.opt.algo = v->cpu.algo;
    return gm_cli_gpu_create(&g);
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
    const int rc = gm_cli_gpu_search(searcher, b, r, &st);
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

/* A cell as one line of JSON or CSV (header: print_csv_header). */
static void print_cell_line(const table *t, int a, int si, int di, const gm_board *b)
{
    const cell *x = &t->grid[a][si][di];
    const double report = report_of(t, a, si, di);
    char move[16] = "";
    if (x->run)
        gm_format_cell(b, x->move, move, sizeof move);
    if (t->c->csv) {
        printf("%s,%d,%d,%d", t->v[a].name, t->sizes[si], t->depths[di], split_of(&t->v[a], t->depths[di]));
        if (x->run)
            printf(",%.9f,%.9f,%llu,%d,%s", x->usec / 1e6, x->kernel_usec / 1e6, (unsigned long long)x->nodes,
                   x->score, move);
        else
            printf(",,,,,");
        printf(report > 0 ? ",%g\n" : ",\n", report);
        return;
    }
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
            const cell *x = &t->grid[what == SHOW_SCORE ? first_run(t, s, d) : a][s][d];
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
                gm_cli_score(x->score, v, sizeof v);
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
                const cell *x = &t->grid[f][s][d], *y = &t->grid[a][s][d];
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

static void add_cpu(table *t, gm_search_options o, gm_algo algo, gm_report_table report)
{
    variant *v = &t->v[t->nvariants++];
    o.algo = algo;
    *v = (variant){ .cpu = o, .report = report };
    if (o.threads > 1)
        snprintf(v->name, sizeof v->name, "%s x%d", gm_cli_algo_name(algo), o.threads);
    else
        snprintf(v->name, sizeof v->name, "%s", gm_cli_algo_name(algo));
}

static void add_gpu(table *t, gm_algo algo, gmg_design design, int split, gm_report_table report)
{
    variant *v = &t->v[t->nvariants++];
    *v = (variant){ .gpu = true, .g = t->c->gpu, .split = split, .report = report };
    v->g.design = design;
    v->cpu.algo = algo;
    if (design == GMG_SEQPAR && split)
        snprintf(v->name, sizeof v->name, "gpu seqpar s=%d", split);
    else if (design == GMG_SEQPAR)
        snprintf(v->name, sizeof v->name, "gpu seqpar s=d-1");
    else
        snprintf(v->name, sizeof v->name, "gpu %s", gmg_design_name(design));
}

/* --gpu: the CPU's full-width algorithm (--algo: minimax or alphabeta,
 * default alphabeta) and PVS on every core (--threads), then the GPU
 * designs, their threads searching with the same algorithm. */
static void gpu_variants(table *t, gm_search_options o)
{
    if (t->c->whole_game) {
        add_cpu(t, o, GM_ALGO_ALPHABETA, GM_REPORT_NONE);
        add_cpu(t, o, GM_ALGO_PVS, GM_REPORT_NONE);
        add_gpu(t, GM_ALGO_ALPHABETA, GMG_PVS, 0, GM_REPORT_PVS_GAME);
        add_gpu(t, GM_ALGO_ALPHABETA, GMG_DYNAMIC, 0, GM_REPORT_DYNAMIC_GAME);
        return;
    }
    const gm_algo full = t->c->nalgos && t->c->algos[0] == GM_ALGO_MINIMAX ? GM_ALGO_MINIMAX : GM_ALGO_ALPHABETA;
    add_cpu(t, o, full, o.threads > 1 ? GM_REPORT_OPENMP : GM_REPORT_SERIAL);
    add_cpu(t, o, GM_ALGO_PVS, GM_REPORT_NONE);
    add_gpu(t, full, GMG_NAIVE, 0, GM_REPORT_NAIVE);
    add_gpu(t, full, GMG_SEQPAR, t->c->gpu.split, GM_REPORT_SEQPAR);
    if (!t->c->gpu.split)
        add_gpu(t, full, GMG_SEQPAR, 2, GM_REPORT_SEQPAR);
    add_gpu(t, full, GMG_BATCH, 0, GM_REPORT_NONE);
    add_gpu(t, full, GMG_PVS, 0, GM_REPORT_PVS);
    add_gpu(t, full, GMG_DYNAMIC, 0, GM_REPORT_DYNAMIC);
}

/* The table's lists from the options, with its defaults (the report's
 * algorithms, boards and depths; --depth as a list of one).  Returns 0,
 * or -1 after a one-line error. */
static int table_options(const gm_cli *c, table *t)
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
    t->nsizes = values(t->sizes, c->sizes.v, c->sizes.n, sizes, 7);
    const bool one_depth = !c->depths.n && c->depth_given;   /* --depth D: the list D */
    t->ndepths = values(t->depths, one_depth ? &c->opt.depth : c->depths.v, one_depth ? 1 : c->depths.n, depths, 4);
    gm_search_options o = c->opt;
    o.threads = c->threads.n ? c->threads.v[0] : c->bench_gpu ? cli_cpus() : 1;
    if (c->bench_gpu) {
        gpu_variants(t, o);
        return 0;
    }
    int list[3];
    const int n = values(list, c->algos, c->nalgos, algos, 3);
    for (int i = 0; i < n; i++)
        add_cpu(t, o, (gm_algo)list[i], GM_REPORT_SERIAL);
    return 0;
}

/* Every cell of variant a, boards and depths in ascending order so that
 * too_long sees the smaller cells first.  Returns 0, or -1 after a
 * one-line error. */
static int run_variant(table *t, int a)
{
    const variant *v = &t->v[a];
    for (int s = 0; s < t->nsizes; s++) {
        char err[256];
        gm_board b;
        gm_init(&b, t->sizes[s], t->sizes[s], t->c->rule, t->near, err, sizeof err);
        gm_play(&b, gm_cell(&b, b.width / 2, b.height / 2));
        for (int d = 0; d < t->ndepths; d++) {
            if (!too_long(t, a, s, d)) {
                cli_progress("%s %dx%d depth %d", v->name, b.width, b.height, t->depths[d]);
                void *searcher = make_searcher(t->c, v, t->depths[d]);
                cell *x = &t->grid[a][s][d];
                const int rc = !searcher ? -1
                               : t->c->whole_game ? play_game(v, searcher, &b, x)
                                                  : time_cell(v, searcher, &b, x);
                if (searcher)
                    free_searcher(v, searcher);
                if (rc != 0) {
                    cli_progress_done();
                    return -1;
                }
            }
            if (t->c->json || t->c->csv)
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
    const variant *v = &t->v[a];
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
        const cell *x = &t->grid[a][si][di];
        if (!x->run)
            continue;
        const double report = report_of(t, a, si, di);
        char r[32] = "-";
        if (report > 0)
            snprintf(r, sizeof r, "%g", report);
        printf("%-20s %12.3g %11.0fx %12s\n", t->v[a].name, x->usec / 1e6, serial / (x->usec / 1e6), r);
    }
}

int gomoku_bench_table(const gm_cli *c)
{
    table *t = calloc(1, sizeof *t);
    if (!t) {
        cli_error("out of memory");
        return EXIT_FAIL;
    }
    t->c = c;
    if (table_options(c, t) != 0) {
        free(t);
        return EXIT_USAGE;
    }
    /* The report's candidates: every empty cell, unless told otherwise. */
    t->near = c->near_given ? c->near : 0;
    char candidates[16];
    gm_cli_candidates(t->near, candidates, sizeof candidates);
    const bool text = !c->json && !c->csv;
    if (text && c->whole_game)
        printf("# the Gomoku report's Tables 8 and 9: seconds of a whole game from a black stone at the\n"
               "# centre, each variant playing both sides; candidates %s; '-': left out after a smaller\n"
               "# cell took over %g s\n",
               candidates, (double)c->max_seconds);
    else if (text)
        printf("# the Gomoku report's tables: seconds to find white's best move after a black stone at the\n"
               "# centre; candidates %s; a cell is the mean of searches repeated for 0.2 s after a warm-up;\n"
               "# '-': left out after a smaller cell took over %g s\n",
               candidates, (double)c->max_seconds);
    if (c->csv)
        printf("variant,size,depth,split,seconds,kernel_seconds,nodes,score,move,report_seconds\n");
    for (int a = 0; a < t->nvariants; a++) {
        if (run_variant(t, a) != 0) {
            free(t);
            return EXIT_FAIL;
        }
        if (text)
            print_variant(t, a);
    }
    if (text && c->whole_game)
        print_grid(t, 0, SHOW_SCORE, "stones at the end of the game");
    if (text && !c->whole_game) {
        print_grid(t, 0, SHOW_SCORE, "root score (white's view)");
        print_table7(t);
    }
    const int status = !c->whole_game && check_scores(t) > 0 ? EXIT_FAIL : EXIT_OK;
    free(t);
    return status;
}
