/* gts c4 solve: lines of positions from files or stdin, on the CPU
 * solver, dealt to MPI ranks (--mpi) or each split over them (--mpi-split,
 * cli/c4/c4_mpi.c); --gpu: cli/c4/c4_gpu_cmd.c. */
#include <stdio.h>
#include <string.h>

#include "cli/c4/c4_cli.h"
#include "cli/cli.h"
#include "cli/cli_options.h"
#include "core/clock.h"
#include "mpi/farm.h"

typedef struct solve_run {
    c4_solve_args *a;
    c4_solver *s;
    solve_totals t;
    c4_mpi_split *split;        /* --mpi-split, on rank 0 */
} solve_run;

/* The exact score of p, by the solver or split over the ranks. */
static int solve_position(solve_run *run, const c4_pos *p, c4_result *r)
{
    if (run->split)
        return c4_mpi_split_solve(run->split, p, r);
    c4_solver_clear(run->s);
    return c4_solve(run->s, p, run->a->weak, r);
}

/* Solves one input line, its output to out and err; returns -1 if
 * interrupted. */
static int solve_line(void *ctx, const char *where, long lineno, const char *line, FILE *out, FILE *err_out,
                      solve_totals *t)
{
    solve_run *run = ctx;
    c4_solve_args *a = run->a;
    c4_pos p;
    char shown[C4_LINE_MOVES], err[256];
    bool has_expected = false;
    int expected = 0;
    const int k = c4_parse_line(&a->g, line, &p, shown, &has_expected, &expected, err, sizeof err);
    if (k == 0)
        return 0;
    if (k < 0 || !c4_algo_fits(a->opt.algo, &a->g, &p, err, sizeof err)) {
        fprintf(err_out, "gts: %s:%ld: %s\n", where, lineno, err);
        t->bad_lines++;
        return 0;
    }
    c4_result r;
    snprintf(a->opt.progress_ctx, 128, "%s", shown);
    const double t0 = gts_now_usec();
    if (solve_position(run, &p, &r) != 0)
        return -1;
    r.usec = gts_now_usec() - t0;   /* the clear included, as in bench */
    t->positions++;
    const int64_t searched = run->split ? -1 : (int64_t)r.searched;
    const c4_solved_line solved = { where, lineno, shown, r.score, r.nodes, searched, r.usec, has_expected,
                                    expected };
    c4_print_solved(a, &solved, true, out, err_out, t);
    cli_progress("positions solved: %ld", t->positions);
    return 0;
}

static int solve_each(void *ctx, const char *file, long lineno, const char *line)
{
    solve_run *r = ctx;
    return solve_line(r, file, lineno, line, stdout, stderr, &r->t);
}

/* Progress of one long solve: where its score stands. */
static void solve_progress(int min, int max, uint64_t nodes, void *ctx)
{
    cli_progress("%s: score in [%d, %d] after %.1f M nodes", (const char *)ctx, min, max, (double)nodes / 1e6);
}

/* The solver of a's options, with the book of --book (to free after it);
 * NULL after an error line. */
static c4_solver *open_solver(c4_solve_args *a, c4_book **book)
{
    if (c4_load_default_book(a->book, &a->g, &a->opt, book) != 0)
        return NULL;
    char err[512];
    c4_solver *s = c4_solver_create(&a->g, &a->opt, err, sizeof err);
    if (!s) {
        cli_error("%s", err);
        c4_book_free(*book);
    }
    return s;
}

/* An operand that is no file but column digits is a position (4453). */
static bool is_moves(const char *operand)
{
    return strspn(operand, "123456789") == strlen(operand);
}

/* solve's options into a; the operand count, or a cli_parse_options
 * failure. */
static int read_options(int argc, char **argv, c4_solve_args *a)
{
    c4_size size = C4_SIZE_INIT;
    c4_gpu_flags *f = &a->gpu;
    bool after_given = false;
    const cli_option opts[] = {
        C4_OPT_SIZE(&size),
        CLI_OPT_FLAG("weak", 'w', &a->weak),
        C4_OPT_ALGO(&a->opt),
        { .name = "threads", .kind = CLI_INT, .target = &a->opt.threads, .min = 1, .max = 1024,
          .given = &a->threads_given },
        C4_OPT_TT(&a->opt, NULL),
        CLI_OPT_STRING("book", 0, &a->book),
        CLI_OPT_FLAG("json", 0, &a->json),
        C4_OPT_GPU(f),
        CLI_OPT_FLAG("gpu-only", 0, &a->gpu_only),
        { .name = "gpu-after", .kind = CLI_LONG, .target = &a->gpu_after_ms, .min = 0, .max = 3600000,
          .given = &after_given },
        C4_OPT_GPU_TUNING(f),
        C4_OPT_GPU_DEVICE(f),
        CLI_OPT_INT("gpus", 0, &f->gpus, 1, CLI_MAX_GPUS),
        CLI_OPT_FLAG("mpi", 0, &a->mpi),
        CLI_OPT_STRING("checkpoint", 0, &a->checkpoint),
        CLI_OPT_LONG("mpi-split", 0, &a->mpi_split, 1, 12),
        CLI_OPT_END,
    };
    const int n = c4_parse_options("solve", argc, argv, opts, &size, &a->g);
    if (n >= 0 && after_given && (!f->gpu || a->gpu_only)) {
        cli_usage_error("--gpu-after is for --gpu beside the CPU threads (not --gpu-only)");
        return -2;
    }
    return n;
}

/* The options that do not go together: EXIT_USAGE after an error line,
 * else EXIT_OK. */
static int check_options(const c4_solve_args *a)
{
    if ((a->mpi || a->mpi_split >= 0) && !farm_available()) {
        cli_usage_error("%s: this gts was built without MPI (install libopenmpi-dev and build again)",
                  a->mpi ? "--mpi" : "--mpi-split");
        return EXIT_USAGE;
    }
    if (a->checkpoint && !a->mpi) {
        cli_usage_error("--checkpoint needs --mpi (one process: run it under mpirun -np 1)");
        return EXIT_USAGE;
    }
    if (a->mpi_split >= 0 && (a->mpi || a->checkpoint || a->gpu.gpu || a->weak || a->opt.algo != C4_ALGO_SOLVER)) {
        cli_usage_error("--mpi-split searches each line with every rank: not with --mpi, --checkpoint, --gpu, --weak "
                  "or another --algo");
        return EXIT_USAGE;
    }
    if ((a->gpu.device >= 0 || a->gpu.gpus || a->gpu_only) && !a->gpu.gpu) {
        cli_usage_error("%s is for --gpu", a->gpu_only ? "--gpu-only" : a->gpu.gpus ? "--gpus" : "--gpu-device");
        return EXIT_USAGE;
    }
    const char *conflict = cli_gpus_conflict(a->gpu.gpus, a->gpu.device, a->mpi);
    if (conflict) {
        cli_usage_error("%s", conflict);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

int c4_solve_main(int argc, char **argv)
{
    c4_solve_args args = { .opt = c4_default_options(), .mpi_split = -1, .gpu = C4_GPU_FLAGS_INIT,
                           .gpu_after_ms = -1 };
    c4_solve_args *a = &args;
    a->opt.stop = &a->stop;
    const int n = read_options(argc, argv, a);
    if (n < 0)
        return cli_parse_status(n);
    argc = n, argv++;
    if (check_options(a) != EXIT_OK)
        return EXIT_USAGE;
    cli_lines_text_operands(is_moves);
    if (a->gpu.gpu)
        return c4_solve_gpu_main(a, argc, argv);
    char current[128] = "";
    a->opt.progress = solve_progress;
    a->opt.progress_ctx = current;
    c4_book *book;
    c4_solver *s = open_solver(a, &book);
    if (!s)
        return EXIT_USAGE;
    cli_stop_on_interrupt(&a->stop);
    solve_run run = { a, s, { 0 }, NULL };
    c4_mpi_split split;
    bool root = true;
    int status;
    if (a->mpi_split >= 0) {
        run.split = c4_mpi_split_start(&split, a, s, &root) == 0 ? &split : NULL;
        status = run.split ? cli_each_line(argc, argv, solve_each, NULL, &run) : root ? -1 : 0;
        if (run.split)
            c4_mpi_split_end(run.split);
    } else if (a->mpi) {
        static const farm_ops ops = { .max_lines = 1, .solve_line = solve_line };
        status = c4_mpi_farm(a, &ops, &run, &run.t, &root, argc, argv);
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
