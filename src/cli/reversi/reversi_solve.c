/* gts reversi solve FILE...: exact endgame scores of .obf lines, one
 * position at a time (threads sharing each), or as a batch: CPU threads
 * each solving positions of their own (--each), or the GPU (--gpu). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "mpi/farm.h"
#include "mpi/split_transport.h"
#include "cli/reversi/reversi_cli.h"
#include "gts/reversi.h"

typedef struct solve_ctx {
    rv_solver *solver;
    bool wld;
    mpi_split *split;   /* --mpi-split, on rank 0 */
    rv_solver *root;    /* --mpi-split: rank 0's root (first guess, MTD(f)
                           steps), apart from the solver its own rank's
                           windows run on */
    int split_depth;
    uint64_t split_nodes;   /* the ranks' nodes for the position */
    solve_totals t;     /* nodes and usec: the solved positions' */
    long lineno;        /* of the position being solved */
    double start;       /* its start (cli_now_usec) */
} solve_ctx;

/* Raised by Ctrl-C: the solver stops, and what it proved is printed. */
gts_stop reversi_stop = GTS_STOP_INIT;

/* Where a line's position begins; NULL for a blank line or a comment. */
static const char *obf_start(const char *line)
{
    const char *s = line + strspn(line, " \t");
    return !*s || *s == '\n' || *s == '\r' || *s == '#' ? NULL : s;
}

int reversi_read_line(const char *file, long lineno, const char *line, reversi_line *out, FILE *errors,
                         solve_totals *t)
{
    const char *s = obf_start(line);
    if (!s)
        return 0;
    char err[256];
    if (rv_parse_obf(s, &out->p, &out->black, &out->has_score, &out->expected, err, sizeof err) != 0) {
        fprintf(errors, "gts: %s:%ld: %s\n", file, lineno, err);
        t->bad_lines++;
        return 0;
    }
    out->lineno = lineno;
    return 1;
}

bool reversi_print_score(const reversi_line *l, int move, int score, bool wld, FILE *out, solve_totals *t)
{
    char name[3] = "--";
    if (move != RV_NO_MOVE)
        rv_format_square(move, name);
    const int want = wld ? cli_sign(l->expected) : l->expected;
    const bool ok = !l->has_score || score == want;
    t->positions++;
    if (!ok)
        t->mismatches++;
    fprintf(out, "%4ld  %c  %2d empties  %s %+3d", l->lineno, l->black ? 'X' : 'O', rv_empties(&l->p), name, score);
    if (l->has_score)
        fprintf(out, "  expected %+3d", want);
    return ok;
}

/* The bounds proved on the position being solved, while they are apart:
 * a hard position takes minutes. */
static void show_bounds(void *arg, int lower, int upper)
{
    const solve_ctx *c = arg;
    if (lower < upper)
        cli_progress("line %ld: score in [%+d, %+d] after %.0f s", c->lineno, lower, upper,
                     (cli_now_usec() - c->start) / 1e6);
}

/* --mpi-split: a rank's window search, on its solver. */
static int rank_window(void *ctx, const void *pos, int alpha, int beta, int *value, uint64_t *nodes)
{
    solve_ctx *c = ctx;
    rv_solve_result r;
    rv_solver_window(c->solver, pos, alpha, beta, &r);
    *value = r.score, *nodes = r.nodes;
    return r.stopped ? -1 : 0;
}

/* ... and rank 0's, split over the ranks: the move is the root child's
 * that gave the value. */
static int split_window(void *arg, const rv_pos *p, int alpha, int beta, int *value, int *move)
{
    solve_ctx *c = arg;
    gts_split_result r;
    if (mpi_split_window(c->split, p, c->split_depth, alpha, beta, &r) != 0)
        return -1;
    *value = r.value;
    c->split_nodes += r.nodes;
    rv_pos kids[RV_MAX_MOVES];
    int moves[RV_MAX_MOVES];
    const int n = rv_split_children(p, kids, moves);
    *move = r.best_kid >= 0 && r.best_kid < n ? moves[r.best_kid] : RV_NO_MOVE;
    return 0;
}

static int split_children(void *ctx, const void *pos, void *kids)
{
    (void)ctx;
    int moves[RV_MAX_MOVES];
    return rv_split_children(pos, kids, moves);
}

/* One line: its output to out, a bad line's report to errors, counted in
 * t; 1 when interrupted. */
static int solve_into(void *ctx, const char *file, long lineno, const char *line, FILE *out, FILE *errors,
                      solve_totals *t)
{
    solve_ctx *c = ctx;
    reversi_line l;
    if (!reversi_read_line(file, lineno, line, &l, errors, t))
        return 0;
    rv_solve_result r;
    c->lineno = lineno;
    c->start = cli_now_usec();
    c->split_nodes = 0;
    if (c->split)
        rv_solver_run_with(c->root, &l.p, split_window, c, &r);
    else
        rv_solver_run(c->solver, &l.p, &r);
    r.nodes += c->split_nodes;
    cli_progress_done();
    if (r.stopped) {
        fprintf(out, "%4ld  %c  %2d empties  interrupted: score in [%+d, %+d]  %12llu nodes  %10.1f ms\n", lineno,
                l.black ? 'X' : 'O', rv_empties(&l.p), r.lower, r.upper, (unsigned long long)r.nodes, r.usec / 1000);
        return 1;
    }
    t->nodes += r.nodes;
    t->usec += r.usec;
    const bool ok = reversi_print_score(&l, r.move, r.score, c->wld, out, t);
    fprintf(out, "  %12llu nodes  %10.1f ms  %6.1f Mn/s%s\n", (unsigned long long)r.nodes, r.usec / 1000,
            r.usec > 0 ? (double)r.nodes / r.usec : 0, ok ? "" : "  WRONG");
    fflush(out);
    return 0;
}

static int solve_line(void *arg, const char *file, long lineno, const char *line)
{
    solve_ctx *c = arg;
    return solve_into(c, file, lineno, line, stdout, stderr, &c->t);
}

/* The wrong scores a recorded output shows (farm_checkpoint's
 * mismatches; ctx: --wld): the score reversi_print_score printed against
 * the line's. */
static long recorded_mismatches(const void *ctx, const char *line, const char *out)
{
    const bool *wld = ctx;
    const char *s = obf_start(line);
    rv_pos p;
    bool black, has_score;
    int expected, score;
    char err[256];
    if (!s || rv_parse_obf(s, &p, &black, &has_score, &expected, err, sizeof err) != 0 || !*out)
        return *out ? -1 : 0;   /* a bad line prints no output */
    if (sscanf(out, "%*d %*c %*d empties %*s %d", &score) != 1)
        return -1;
    return has_score && score != (*wld ? cli_sign(expected) : expected);
}

farm_checkpoint reversi_checkpoint(const char *path, const bool *wld, bool batch, char *run, size_t runlen)
{
    snprintf(run, runlen, "reversi solve%s%s", *wld ? " --wld" : "", batch ? " --each/--gpu" : "");
    return (farm_checkpoint){ path, run, recorded_mismatches, wld };
}

long reversi_most_empties(void *ctx, const char *line)
{
    (void)ctx;
    return (long)strspn(line, "-.");
}

static int cmd_solve(const rv_solve_options *o, bool mpi, long split_depth, const char *checkpoint, int argc,
                     char **argv)
{
    char err[256];
    solve_ctx c = { .wld = o->wld, .split_depth = (int)split_depth };
    rv_solve_options so = *o;
    so.stop = &reversi_stop;
    so.on_bounds = show_bounds;
    so.on_bounds_arg = &c;
    cli_stop_on_interrupt(&reversi_stop);
    c.solver = rv_solver_create(&so, err, sizeof err);
    if (!c.solver) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    bool root = true;
    int status;
    if (split_depth >= 0) {
        static const gts_split_game game = { sizeof(rv_pos), RV_MAX_MOVES, split_children };
        /* Not the ranks' token, which a cancelled task raises: the root
         * stops when a split says so (Ctrl-C, a failed rank). */
        rv_solve_options ro = so;
        ro.threads = 1, ro.tt_bytes = (size_t)1 << 20, ro.stop = NULL;
        c.split = mpi_split_start(&game, &c, rank_window, &c, &reversi_stop, &root);
        c.root = c.split ? rv_solver_create(&ro, err, sizeof err) : NULL;
        if (c.split && !c.root)
            cli_error("%s", err);
        status = c.root ? cli_each_line(argc, argv, solve_line, NULL, &c) : root ? -1 : 0;
        if (c.split)
            mpi_split_end(c.split);
        rv_solver_free(c.root);
    } else if (mpi) {
        static const farm_ops ops = { .hardness = reversi_most_empties, .max_lines = 1,
                                          .solve_line = solve_into };
        char name[64];
        const farm_checkpoint ck = reversi_checkpoint(checkpoint, &c.wld, false, name, sizeof name);
        status = farm_run(argc, argv, &ops, &c, &reversi_stop, &ck, &c.t, &root);
    } else {
        status = cli_each_line(argc, argv, solve_line, NULL, &c);
    }
    rv_solver_free(c.solver);
    if (status == -2)
        return EXIT_USAGE;   /* the checkpoint, said */
    if (!root)
        return EXIT_OK;
    printf("# %ld positions, %llu nodes, %.1f ms, %.1f M nodes/s\n", c.t.positions, c.t.nodes, c.t.usec / 1000,
           c.t.usec > 0 ? (double)c.t.nodes / c.t.usec : 0);
    return cli_solve_status(&c.t, status);
}

int reversi_solve_main(int argc, char **argv)
{
    rv_solve_options o;
    rv_solve_defaults(&o);
    bool each = false, threads_given = false, budget_given = false, mpi = false, beside = false;
    bool window_given = false;
    long window = (long)REVERSI_BATCH_WINDOW;
    const char *checkpoint = NULL;
    long split_depth = -1;
    long budget = (long)RV_GPU_BUDGET_DEFAULT;
    reversi_gpu_flags f = REVERSI_GPU_FLAGS;
    const cli_option opts[] = {
        CLI_OPT_FLAG("wld", 0, &o.wld),
        CLI_OPT_MB("tt-mb", &o.tt_bytes, 1, 1 << 20),
        { .name = "threads", .kind = CLI_INT, .target = &o.threads, .min = 1, .max = 1024, .given = &threads_given },
        CLI_OPT_FLAG("each", 0, &each),
        CLI_OPT_FLAG("mpi", 0, &mpi),
        CLI_OPT_STRING("checkpoint", 0, &checkpoint),
        CLI_OPT_LONG("mpi-split", 0, &split_depth, 1, 12),
        { .name = "gpu-budget", .kind = CLI_LONG, .target = &budget, .min = 0, .max = 1L << 40,
          .given = &budget_given },
        CLI_OPT_FLAG("cpu-beside", 0, &beside),
        { .name = "window", .kind = CLI_LONG, .target = &window, .min = 1, .max = 1L << 30,
          .given = &window_given },
        REVERSI_OPT_GPU(&f),
        CLI_OPT_END,
    };
    int status;
    const int n = reversi_parse_gpu_options("reversi solve", argc, argv, opts, &f, &status);
    if (n < 0)
        return status;
    if (mpi && f.gpus)
        return cli_usage_error("%s", cli_gpus_conflict(f.gpus, -1, mpi)), EXIT_USAGE;
    if (f.gpu && each)
        return cli_usage_error("--each is the CPU's batch, --gpu the device's: one of them"), EXIT_USAGE;
    if ((budget_given || beside) && !f.gpu)
        return cli_usage_error("%s is for --gpu", beside ? "--cpu-beside" : "--gpu-budget"), EXIT_USAGE;
    if (window_given && (mpi || !(f.gpu || each)))
        return cli_usage_error("--window is for --each and --gpu (--mpi deals batches of its own)"), EXIT_USAGE;
    if (mpi && each)
        return cli_usage_error("--mpi deals positions to ranks, --each to threads: one of them"), EXIT_USAGE;
    if ((mpi || split_depth >= 0) && !farm_available())
        return cli_usage_error("%s: this gts was built without MPI (install libopenmpi-dev and build again)",
                         mpi ? "--mpi" : "--mpi-split"),
               EXIT_USAGE;
    if (checkpoint && !mpi)
        return cli_usage_error("--checkpoint needs --mpi"), EXIT_USAGE;
    if (split_depth >= 0 && (mpi || f.gpu || each))
        return cli_usage_error("--mpi-split searches each position with every rank: not with --mpi, --gpu or --each"),
               EXIT_USAGE;
    if (!f.gpu && !each)
        return cmd_solve(&o, mpi, split_depth, checkpoint, n, argv + 1);
    /* On the device the CPU threads only take the positions the lanes
     * hand back: all of the machine's by default. */
    const int threads = threads_given || !f.gpu || f.executor == 1 ? o.threads : cli_cpus();
    const rv_batch_options bo = { .wld = o.wld, .gpu = f.gpu, .cpu_executor = f.executor == 1, .threads = threads,
                                  .gpu_budget = (uint64_t)budget, .devices = f.gpus, .cpu_beside = beside,
                                  .tt_bytes = o.tt_bytes };
    if ((status = reversi_choose_gpu(&f, mpi)) != 0)
        return status;
    return reversi_batch_main(&bo, (size_t)window, mpi, checkpoint, n, argv + 1);
}
