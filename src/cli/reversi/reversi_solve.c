/* gts reversi solve FILE...: exact endgame scores of .obf lines, one
 * position at a time (threads sharing each), or as a batch: CPU threads
 * each solving positions of their own (--each), or the GPU (--gpu). */
#include <signal.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "core/clock.h"
#include "mpi/farm.h"
#include "cli/reversi/reversi_cli.h"
#include "gts/reversi.h"

typedef struct solve_ctx {
    rv_solver *solver;
    bool wld;
    bool log;              /* --log: Edax's columns and the principal variation */
    reversi_split split;   /* --mpi-split, on rank 0: its root solver made */
    solve_totals t;     /* nodes and usec: the solved positions' */
    long lineno;        /* of the position being solved */
    double start;       /* its start (gts_now_usec) */
} solve_ctx;

/* The bounds proved on the position being solved, while they are apart:
 * a hard position takes minutes. */
static void show_bounds(void *arg, int lower, int upper)
{
    const solve_ctx *c = arg;
    if (lower < upper)
        cli_progress("line %ld: score in [%+d, %+d] after %.0f s", c->lineno, lower, upper,
                     (gts_now_usec() - c->start) / 1e6);
}

/* One line: its output to out, a bad line's report to errors, counted in
 * t; 1 when interrupted. */
static int solve_into(void *ctx, const char *file, long lineno, const char *line, FILE *out, FILE *errors,
                      solve_totals *t)
{
    solve_ctx *c = ctx;
    reversi_line l;
    int pv[RV_MAX_PV];
    if (!reversi_read_line(file, lineno, line, &l, errors, t))
        return 0;
    rv_solve_result r;
    c->lineno = lineno;
    c->start = gts_now_usec();
    if (c->split.root)
        reversi_split_solve(&c->split, &l.p, &r);
    else
        rv_solver_run(c->solver, &l.p, &r);
    cli_progress_done();
    if (r.stopped) {
        if (c->log)
            reversi_log_stopped(&l, &r, out);
        else
            fprintf(out, "%4ld  %c  %2d empties  interrupted: score in [%+d, %+d]  %12llu nodes  %10.1f ms\n",
                    lineno, l.black ? 'X' : 'O', rv_empties(&l.p), r.lower, r.upper, (unsigned long long)r.nodes,
                    r.usec / 1000);
        return 1;
    }
    t->nodes += r.nodes;
    t->usec += r.usec;
    if (c->log) {
        /* After the time is taken: the line's searches are not the solve's. */
        const int plies = rv_solver_pv(c->solver, &l.p, r.score, pv);
        reversi_log_line(&l, &r, pv, plies, out, t);
        return plies < 0;
    }
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

/* What the CPU threads and the lanes did in --hybrid's solves. */
static void reversi_print_hybrid(gts_hybrid_stats h, int frontier)
{
    const uint64_t tasks = h.cpu_tasks + h.gpu_tasks;
    fprintf(stderr,
            "gts: tasks at %d empties: %llu on the CPU threads (%llu nodes), %llu on the GPU (%llu nodes, %llu "
            "launches, %llu over the budget to the CPU, %llu also taken by idle CPU threads); %llu cancelled before "
            "they ran, %llu while they ran or answered twice (%llu nodes wasted); at most %ld tasks out, %ld waiting; "
            "GPU busy %.1f ms\n",
            frontier, (unsigned long long)h.cpu_tasks, (unsigned long long)h.cpu_nodes,
            (unsigned long long)h.gpu_tasks, (unsigned long long)h.gpu_nodes, (unsigned long long)h.launches,
            (unsigned long long)h.gave_up, (unsigned long long)h.stolen, (unsigned long long)h.cancelled, (unsigned long long)h.wasted_tasks,
            (unsigned long long)h.wasted_nodes, h.most_out, h.most_waiting, h.gpu_usec / 1000);
    (void)tasks;
}

/* One position at a time: here, dealt to the ranks (--mpi) or each
 * split over them (--mpi-split S); the exit status. */
static int cmd_solve(const rv_solve_options *o, gts_stop *stop, bool mpi, long split_depth, const char *checkpoint,
                     bool log, int argc, char **argv)
{
    char err[256];
    solve_ctx c = { .wld = o->wld, .log = log };
    rv_solve_options so = *o;
    so.stop = stop;
    so.on_bounds = show_bounds;
    so.on_bounds_arg = &c;
    cli_stop_on_interrupt(stop);
    /* A run's time limit (timeout(1), bench/rv_ffo.sh) is a SIGTERM: the
     * stopped line printed as on Ctrl-C, the finished ones kept. */
    cli_interrupt_on(SIGTERM);
    c.solver = rv_solver_create(&so, err, sizeof err);
    if (!c.solver) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    bool root = true;
    int status;
    if (split_depth >= 0) {
        const int started = reversi_split_start(&c.split, c.solver, &so, (int)split_depth, stop);
        root = started != 1;
        status = started == 0 ? cli_each_line(argc, argv, solve_line, NULL, &c) : root ? -1 : 0;
        reversi_split_end(&c.split);
    } else if (mpi) {
        static const farm_ops ops = { .max_lines = 1, .solve_line = solve_into };
        status = reversi_farm(&ops, &c, checkpoint, &c.wld, false, stop, &c.t, &root, argc, argv);
    } else {
        if (log)
            reversi_log_header(stdout);
        status = cli_each_line(argc, argv, solve_line, NULL, &c);
    }
    if (so.gpu)
        reversi_print_hybrid(rv_solver_hybrid_stats(c.solver), rv_solver_frontier(c.solver));
    rv_solver_free(c.solver);
    if (status == -2)
        return EXIT_USAGE;   /* the checkpoint, said */
    if (!root)
        return EXIT_OK;
    if (log)
        reversi_log_totals(&c.t, stdout);
    else
        printf("# %ld positions, %llu nodes, %.1f ms, %.1f M nodes/s\n", c.t.positions, c.t.nodes, c.t.usec / 1000,
           c.t.usec > 0 ? (double)c.t.nodes / c.t.usec : 0);
    return cli_solve_status(&c.t, status);
}

/* --each and --gpu's options. */
static rv_batch_options batch_options(const rv_solve_options *o, const reversi_gpu_flags *f, bool threads_given,
                                      uint64_t budget, bool alone, gts_stop *stop)
{
    /* With the device the CPU threads work beside the lanes and take the
     * positions the lanes cannot: all of the machine's by default. */
    const int threads = threads_given || !f->gpu || f->executor == 1 ? o->threads : cli_cpus();
    /* The CPU executor is for trying the lanes' code and --gpu-only for
     * measuring them: every position they can take goes to them unless
     * --gpu-least says otherwise. */
    const size_t least = o->gpu_least > 0                ? (size_t)o->gpu_least
                         : f->executor == 1 || alone ? 1
                                                     : RV_GPU_BATCH_LEAST_DEFAULT;
    return (rv_batch_options){ .wld = o->wld, .gpu = f->gpu, .cpu_executor = f->executor == 1, .threads = threads,
                               .gpu_budget = budget, .devices = f->gpus, .cpu_beside = !alone, .gpu_least = least,
                               .tt_bytes = o->tt_bytes, .stop = stop };
}

int reversi_solve_main(int argc, char **argv)
{
    gts_stop stop = GTS_STOP_INIT;   /* Ctrl-C: the solver stops, and what it proved is printed */
    rv_solve_options o;
    rv_solve_defaults(&o);
    bool each = false, threads_given = false, budget_given = false, mpi = false, beside = false, alone = false;
    bool window_given = false, hybrid = false, frontier_given = false, log = false;
    long window = (long)REVERSI_BATCH_WINDOW;
    const char *checkpoint = NULL;
    long split_depth = -1;
    long budget = (long)RV_GPU_BUDGET_DEFAULT;
    reversi_gpu_flags f = REVERSI_GPU_FLAGS;
    const cli_option opts[] = {
        CLI_OPT_FLAG("wld", 0, &o.wld),
        CLI_OPT_FLAG("log", 0, &log),
        REVERSI_OPT_TT_MB(&o.tt_bytes),
        { .name = "threads", .kind = CLI_INT, .target = &o.threads, .min = 1, .max = 1024, .given = &threads_given },
        CLI_OPT_FLAG("each", 0, &each),
        CLI_OPT_FLAG("mpi", 0, &mpi),
        CLI_OPT_STRING("checkpoint", 0, &checkpoint),
        CLI_OPT_LONG("mpi-split", 0, &split_depth, 1, 12),
        { .name = "gpu-budget", .kind = CLI_LONG, .target = &budget, .min = 0, .max = 1L << 40,
          .given = &budget_given },
        CLI_OPT_FLAG("cpu-beside", 0, &beside),
        CLI_OPT_FLAG("gpu-only", 0, &alone),
        { .name = "window", .kind = CLI_LONG, .target = &window, .min = 1, .max = 1L << 30,
          .given = &window_given },
        REVERSI_OPT_GPU(&f),
        CLI_OPT_FLAG("hybrid", 0, &hybrid),
        { .name = "gpu-frontier", .kind = CLI_INT, .target = &o.gpu_frontier, .min = 6, .max = RV_GPU_MAX_EMPTIES,
          .given = &frontier_given },
        CLI_OPT_INT("gpu-least", 0, &o.gpu_least, 1, 1 << 20),
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
    if ((budget_given || beside || alone) && !f.gpu)
        return cli_usage_error("%s is for --gpu", beside ? "--cpu-beside" : alone ? "--gpu-only" : "--gpu-budget"),
               EXIT_USAGE;
    if (beside && alone)
        return cli_usage_error("--cpu-beside (the default) and --gpu-only: one of them"), EXIT_USAGE;
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
    if (log && (o.wld || mpi || split_depth >= 0 || (f.gpu && !hybrid) || each))
        return cli_usage_error("--log prints exact solves one position at a time: not with --wld, --each, --gpu "
                               "(but --hybrid), --mpi or --mpi-split"),
               EXIT_USAGE;
    if (hybrid && (!f.gpu || each || mpi || split_depth >= 0))
        return cli_usage_error("--hybrid solves one position at a time on --gpu and the threads: with --gpu, not "
                               "--each, --mpi or --mpi-split"),
               EXIT_USAGE;
    if (frontier_given && !hybrid)
        return cli_usage_error("--gpu-frontier is for --hybrid"), EXIT_USAGE;
    if (hybrid) {
        o.gpu = true, o.cpu_executor = f.executor == 1, o.gpus = f.gpus, o.gpu_budget = (uint64_t)budget;
        if ((status = reversi_choose_gpu(&f, false)) != 0)
            return status;
        return cmd_solve(&o, &stop, false, -1, NULL, log, n, argv + 1);
    }
    if (!f.gpu && !each)
        return cmd_solve(&o, &stop, mpi, split_depth, checkpoint, log, n, argv + 1);
    const rv_batch_options bo = batch_options(&o, &f, threads_given, (uint64_t)budget, alone, &stop);
    if ((status = reversi_choose_gpu(&f, mpi)) != 0)
        return status;
    return reversi_batch_main(&bo, (size_t)window, mpi, checkpoint, n, argv + 1);
}
