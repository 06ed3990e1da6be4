/* gts c4 solve (lines of positions from files or stdin, on the CPU; --gpu:
 * cli/c4/c4_gpu_cmd.c) and gts c4 analyze (the score of every move). */
#include <stdio.h>
#include <string.h>

#include "cli/c4/c4_cli.h"
#include "cli/cli.h"
#include "mpi/farm.h"
#include "mpi/split_transport.h"

void c4_print_solved(const c4_cli *c, const c4_solved_line *l, bool flush, FILE *out, FILE *err, solve_totals *t)
{
    const int want = c4_cli_want(c, l->expected);
    const bool ok = !l->has_expected || want == l->score;
    if (c->json) {
        fprintf(out, "{\"moves\":");
        cli_json_string(out, l->shown);
        fprintf(out, ",\"score\":%d,\"nodes\":%llu", l->score, (unsigned long long)l->nodes);
        if (l->searched >= 0)
            fprintf(out, ",\"searched\":%lld", (long long)l->searched);
        fprintf(out, ",\"usec\":%.1f", l->usec);
        if (l->has_expected)
            fprintf(out, ",\"expected\":%d,\"ok\":%s", want, ok ? "true" : "false");
        fprintf(out, "}\n");
    } else {
        fprintf(out, "%s %d %llu %.0f\n", l->shown, l->score, (unsigned long long)l->nodes, l->usec);
    }
    if (flush)
        fflush(out);
    if (!ok) {
        fprintf(err, "gts: %s:%ld: %s scored %d, expected %d\n", l->where, l->lineno, l->shown, l->score, want);
        t->mismatches++;
    }
}

/* The wrong scores a recorded output shows (farm_checkpoint's
 * mismatches): the score c4_print_solved printed against the line's. */
static long recorded_mismatches(const void *ctx, const char *line, const char *out)
{
    const c4_cli *c = ctx;
    c4_pos p;
    char shown[128], err[256];
    bool has_expected = false;
    int expected = 0, score;
    if (c4_read_line(&c->g, line, &p, shown, &has_expected, &expected, err, sizeof err) <= 0 || !*out)
        return *out ? -1 : 0;   /* a bad line prints no output */
    const char *at = c->json ? strstr(out, "\"score\":") : strchr(out, ' ');
    if (!at || sscanf(at + (c->json ? 8 : 1), "%d", &score) != 1)
        return -1;
    return has_expected && score != c4_cli_want(c, expected);
}

farm_checkpoint c4_cli_checkpoint(const c4_cli *c, char *run, size_t runlen)
{
    snprintf(run, runlen, "c4 solve %dx%d%s --algo %s%s", c->g.width, c->g.height, c->weak ? " --weak" : "",
             c4_algo_name(c->opt.algo), c->json ? " --json" : "");
    return (farm_checkpoint){ c->checkpoint, run, recorded_mismatches, c };
}

typedef struct solve_run {
    c4_cli *c;
    c4_solver *s;
    solve_totals t;
    mpi_split *split;           /* --mpi-split, on rank 0 */
    uint64_t split_nodes;       /* the ranks' nodes for the position */
} solve_run;

/* --mpi-split: a rank's window search, on its solver. */
static int rank_window(void *ctx, const void *pos, int alpha, int beta, int *value, uint64_t *nodes)
{
    solve_run *run = ctx;
    c4_result r;
    if (c4_solve_window(run->s, pos, alpha, beta, &r) != 0)
        return -1;
    *value = r.score, *nodes = r.nodes;
    return 0;
}

/* ... and rank 0's, split over the ranks. */
static int split_window(void *arg, const c4_pos *p, int alpha, int beta, int *value)
{
    solve_run *run = arg;
    gts_split_result r;
    if (mpi_split_window(run->split, p, (int)run->c->mpi_split, alpha, beta, &r) != 0)
        return -1;
    *value = r.value;
    run->split_nodes += r.nodes;
    return 0;
}

static int split_children(void *ctx, const void *pos, void *kids)
{
    const c4_cli *c = ctx;
    return c4_split_children(&c->g, pos, kids);
}

/* The exact score of p, by the solver or split over the ranks. */
static int solve_position(solve_run *run, const c4_pos *p, c4_result *r)
{
    if (!run->split) {
        c4_solver_clear(run->s);
        return c4_solve(run->s, p, run->c->weak, r);
    }
    /* Rank 0's own solver may still be finishing a cancelled task: its
     * table is not cleared; the ranks' tables carry over. */
    run->split_nodes = 0;
    int score;
    if (c4_solve_by_windows(&run->c->g, p, split_window, run, &score) != 0)
        return -1;
    *r = (c4_result){ .score = score, .nodes = run->split_nodes, .searched = -1 };
    return 0;
}

/* Solves one input line, its output to out and err; returns -1 if
 * interrupted. */
static int solve_line(void *ctx, const char *where, long lineno, const char *line, FILE *out, FILE *err_out,
                      solve_totals *t)
{
    solve_run *run = ctx;
    c4_cli *c = run->c;
    c4_pos p;
    char shown[128], err[256];
    bool has_expected = false;
    int expected = 0;
    const int k = c4_read_line(&c->g, line, &p, shown, &has_expected, &expected, err, sizeof err);
    if (k == 0)
        return 0;
    if (k < 0 || !c4_algo_fits(c->opt.algo, &c->g, &p, err, sizeof err)) {
        fprintf(err_out, "gts: %s:%ld: %s\n", where, lineno, err);
        t->bad_lines++;
        return 0;
    }
    c4_result r;
    snprintf(c->opt.progress_ctx, 128, "%s", shown);
    const double t0 = cli_now_usec();
    if (solve_position(run, &p, &r) != 0)
        return -1;
    r.usec = cli_now_usec() - t0;   /* the clear included, as in bench */
    t->positions++;
    const int64_t searched = run->split ? -1 : (int64_t)r.searched;
    const c4_solved_line solved = { where, lineno, shown, r.score, r.nodes, searched, r.usec, has_expected,
                                    expected };
    c4_print_solved(c, &solved, true, out, err_out, t);
    cli_progress("positions solved: %ld", t->positions);
    return 0;
}

static int solve_each(void *ctx, const char *file, long lineno, const char *line)
{
    solve_run *r = ctx;
    return solve_line(r, file, lineno, line, stdout, stderr, &r->t);
}

long c4_cli_fewest_stones(void *ctx, const char *line)
{
    (void)ctx;
    return -(long)strcspn(line, " \t\r\n");
}

/* Progress of one long solve: where its score stands. */
static void solve_progress(int min, int max, uint64_t nodes, void *ctx)
{
    cli_progress("%s: score in [%d, %d] after %.1f M nodes", (const char *)ctx, min, max, (double)nodes / 1e6);
}

/* The solver of c's options, with the book of --book (to free after it);
 * NULL after an error line. */
static c4_solver *open_solver(c4_cli *c, c4_book **book)
{
    if (c4_load_book(c, book) != 0)
        return NULL;
    char err[512];
    c4_solver *s = c4_solver_create(&c->g, &c->opt, err, sizeof err);
    if (!s) {
        cli_error("%s", err);
        c4_book_free(*book);
    }
    return s;
}

int c4_solve_main(c4_cli *c, int argc, char **argv)
{
    if ((c->mpi || c->mpi_split >= 0) && !farm_available()) {
        cli_usage_error("%s: this gts was built without MPI (install libopenmpi-dev and build again)",
                  c->mpi ? "--mpi" : "--mpi-split");
        return EXIT_USAGE;
    }
    if (c->checkpoint && !c->mpi) {
        cli_usage_error("--checkpoint needs --mpi (one process: run it under mpirun -np 1)");
        return EXIT_USAGE;
    }
    if (c->mpi_split >= 0 && (c->mpi || c->checkpoint || c->gpu || c->weak || c->opt.algo != C4_ALGO_SOLVER)) {
        cli_usage_error("--mpi-split searches each line with every rank: not with --mpi, --checkpoint, --gpu, --weak "
                  "or another --algo");
        return EXIT_USAGE;
    }
    if ((c->gpu_device >= 0 || c->gpus) && !c->gpu) {
        cli_usage_error("%s is for --gpu", c->gpus ? "--gpus" : "--gpu-device");
        return EXIT_USAGE;
    }
    const char *conflict = cli_gpus_conflict(c->gpus, c->gpu_device, c->mpi);
    if (conflict) {
        cli_usage_error("%s", conflict);
        return EXIT_USAGE;
    }
    if (c->gpu)
        return c4_solve_gpu_main(c, argc, argv);
    char current[128] = "";
    c->opt.progress = solve_progress;
    c->opt.progress_ctx = current;
    c4_book *book;
    c4_solver *s = open_solver(c, &book);
    if (!s)
        return EXIT_USAGE;
    cli_stop_on_interrupt(&c->stop);
    solve_run run = { c, s, { 0 }, NULL, 0 };
    bool root = true;
    int status;
    if (c->mpi_split >= 0) {
        static const gts_split_game game = { sizeof(c4_pos), C4_MAX_WIDTH, split_children };
        run.split = mpi_split_start(&game, c, rank_window, &run, &c->stop, &root);
        status = run.split ? cli_each_line(argc, argv, solve_each, NULL, &run) : root ? -1 : 0;
        if (run.split)
            mpi_split_end(run.split);
    } else if (c->mpi) {
        static const farm_ops ops = { .hardness = c4_cli_fewest_stones, .max_lines = 1,
                                          .solve_line = solve_line };
        char name[128];
        const farm_checkpoint ck = c4_cli_checkpoint(c, name, sizeof name);
        status = farm_run(argc, argv, &ops, &run, &c->stop, &ck, &run.t, &root);
    } else {
        status = cli_each_line(argc, argv, solve_each, NULL, &run);
    }
    const solve_totals t = run.t;
    cli_progress_done();
    c4_solver_free(s);
    c4_book_free(book);
    if (status == -2)
        return EXIT_USAGE;   /* the checkpoint, said */
    return root ? cli_solve_status(&t, status) : EXIT_OK;
}

/* analyze's line: every column's score ('.' or null: full), the best
 * move, nodes and time. */
static void print_analysis(const c4_cli *c, const char *shown, const int *scores, const bool *playable,
                           const c4_result *r)
{
    int best = -1;
    for (int col = 0; col < c->g.width; col++)
        if (playable[col] && (best < 0 || scores[col] > scores[best]))
            best = col;
    if (c->json) {
        printf("{\"moves\":");
        cli_json_string(stdout, shown);
        printf(",\"scores\":[");
        for (int col = 0; col < c->g.width; col++) {
            if (playable[col])
                printf("%s%d", col ? "," : "", scores[col]);
            else
                printf("%snull", col ? "," : "");
        }
        printf("],\"best\":%d,\"nodes\":%llu,\"usec\":%.1f}\n", best + 1, (unsigned long long)r->nodes, r->usec);
    } else {
        printf("%s", shown);
        for (int col = 0; col < c->g.width; col++) {
            if (playable[col])
                printf(" %d", scores[col]);
            else
                printf(" .");
        }
        if (best >= 0)
            printf("  best %d", best + 1);
        else
            printf("  game over");
        printf("  nodes %llu  usec %.0f\n", (unsigned long long)r->nodes, r->usec);
    }
}

int c4_analyze_main(c4_cli *c, int argc, char **argv)
{
    if (argc != 1)
        return c4_usage_error(argc == 0 ? "analyze needs MOVES" : "analyze takes one MOVES argument");
    const char *moves = strcmp(argv[0], "-") == 0 ? "" : argv[0];
    c4_pos p;
    char err[512];
    if (c4_parse(&c->g, &p, moves, err, sizeof err) != 0 || !c4_algo_fits(c->opt.algo, &c->g, &p, err, sizeof err)) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    c4_book *book;
    c4_solver *s = open_solver(c, &book);
    if (!s)
        return EXIT_USAGE;
    cli_stop_on_interrupt(&c->stop);
    int scores[C4_MAX_WIDTH];
    bool playable[C4_MAX_WIDTH];
    c4_result r;
    const int rc = c4_analyze(s, &p, scores, playable, &r);
    c4_solver_free(s);
    c4_book_free(book);
    if (rc != 0) {
        cli_error("interrupted");
        return EXIT_INTERRUPTED;
    }
    print_analysis(c, moves[0] ? moves : "-", scores, playable, &r);
    return EXIT_OK;
}
