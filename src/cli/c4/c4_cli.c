/* What the gts c4 commands share (cli/c4/c4_cli.h): the usage, the
 * options several commands take, the book and the GPU opened as the
 * options ask, and a solved line printed. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cli/c4/c4_cli.h"
#include "cli/cli.h"
#include "cli/cli_options.h"
#include "gts/tt_size.h"

const char c4_usage_text[] =
    "usage: gts c4 <command> [options]\n"
    "\n"
    "commands:\n"
    "  solve [FILE|MOVES...]   solve positions: lines 'moves [expected_score]'\n"
    "                    from files or stdin, or MOVES given themselves (4453);\n"
    "                    an operand naming an existing file (or '-', stdin) is\n"
    "                    read as a file, any other of column digits is a\n"
    "                    position (a file named 4453: echo 4453 | gts c4 solve);\n"
    "                    prints 'moves score nodes microseconds' per line\n"
    "  analyze MOVES     exact score of every legal move\n"
    "  book --depth K -o FILE   solve every position up to ply K into an opening book\n"
    "                    (--gpu: in batches on the device)\n"
    "  play [MOVES]      a game between the brute-force GPU player and the\n"
    "                    depth-limited alpha-beta (--depth, default 8), both\n"
    "                    players' move and time at every position\n"
    "  perft DEPTH [MOVES]   move sequences (and with --distinct, distinct\n"
    "                    positions) DEPTH plies on; --gpu on the device\n"
    "  bench [SET...]    Table 1 columns per set, algorithm and thread count;\n"
    "                    --algo also takes solver-batch (positions spread over\n"
    "                    the threads, which then help with the last ones;\n"
    "                    --tt-mb split among them), gpu (gts on the GPU), gpu-sS and\n"
    "                    gpu-sS-tt (the CUDA report's split at depth S)\n"
    "\n"
    "moves are 1-based column digits, first player first (\"4453\"); '-' or an\n"
    "empty string is the empty board.\n"
    "\n"
    "options:\n"
    "  --width W, --height H   board size (default 7x6; W <= 9, W*(H+1) <= 64)\n"
    "  -w, --weak              win/draw/loss only (scores -1, 0, 1)\n"
    "  --algo NAME             solver (default), alphabeta, minimax;\n"
    "                          bench takes a comma list\n"
    "  --threads N             CPU threads (default 1; solve --gpu: every core);\n"
    "                          bench takes a list of counts and ranges\n"
    "                          (1,2,4 or 1-8)\n"
    "  --tt-mb MB              transposition table size (default " GTS_TT_DEFAULT_MB_TEXT ")\n"
    "  --book FILE|none        an opening book made by 'gts c4 book'; solve and\n"
    "                          analyze of 7x6 with --algo solver use the bundled\n"
    "                          one (data/c4/" C4_BUNDLED_BOOK ") unless given\n"
    "                          another or none (its scores are exact: the same\n"
    "                          answers, sooner); book: a shallower book, whose\n"
    "                          positions it then need not solve\n"
    "  --json                  one JSON object per result line\n"
    "  --csv                   bench: comma-separated table\n"
    "  --plot FILE.svg|png     bench: draw the table with gnuplot: the speed-up\n"
    "                          over the fewest threads with a --threads list,\n"
    "                          else bars of AT per set (as 'gts plot' on --csv)\n"
    "  --limit N               bench: first N positions of each set\n"
    "  --data DIR              bench: where set names are looked up\n"
    "  --depth K, -o FILE      book: ply depth and output file; play: depth\n"
    "  --gpu                   solve: the GPU beside --threads N CPU threads\n"
    "                          (default: every core, less one a GPU) on one\n"
    "                          queue: the GPU takes the lines with the most\n"
    "                          stones, the CPU the fewest and, at the end, those\n"
    "                          the GPU still holds; each line printed as soon as\n"
    "                          it and those before it are solved;\n"
    "                          bench: the rows of Table 1 of the CUDA report\n"
    "  --gpu-only              solve --gpu: the GPU alone, the input in batches\n"
    "                          of 65,536 lines, each one launch\n"
    "  --gpu-after MS          solve --gpu: the device starts once the CPU\n"
    "                          threads have worked MS ms (default 400: a batch\n"
    "                          done sooner never pays its ~370 ms start-up;\n"
    "                          0: at once); fewer lines than threads are\n"
    "                          solved one at a time by all the threads\n"
    "  --split-depth S         GPU: plies the host expands each position\n"
    "                          (0..8, default 0; auto: enough for a few\n"
    "                          thousand items when the batch is small)\n"
    "  --gpu-tt-mb MB          GPU: device table size (default 256; report " GTS_TT_DEFAULT_MB_TEXT ")\n"
    "  --gpu-budget N          GPU: nodes an item may take in the first launch\n"
    "                          before it is split (0: no limit; default 16384\n"
    "                          below 256 positions, else none)\n"
    "  --executor cpu          GPU: run the device's code on CPU threads\n"
    "  --gpu-device N          GPU: the device to use (0-based; default 0)\n"
    "  --gpus N                solve --gpu: the first N GPUs, each a host thread\n"
    "                          with its own table taking chunks from the queue\n"
    "                          (--gpu-only: a share of every batch dealt in\n"
    "                          turn; --executor cpu: N executors)\n"
    "  --first P, --second P   play: brute (default first) or alphabeta\n"
    "  --distinct              perft: count distinct positions too (in a set\n"
    "                          of --tt-mb MB)\n"
    "  --mpi                   solve, book under mpirun: rank 0 deals the lines\n"
    "                          (or the book's positions) to the ranks, itself\n"
    "                          included (fewest stones first), and prints them in\n"
    "                          input order; with --gpu, each rank on a GPU of its\n"
    "                          own (its index among the host's ranks)\n"
    "  --checkpoint FILE       with --mpi: each finished line appended to FILE; a\n"
    "                          run started again with it solves only the rest\n"
    "                          (another run's file, or one changed, is refused)\n"
    "  --mpi-split S           solve under mpirun: each line by every rank\n"
    "                          together, its probes split S plies down (young\n"
    "                          brothers wait, windows kept) into window searches\n"
    "                          dealt to the ranks (1..12)\n"
    "  -h, --help              this help\n"
    "\n"
    "exit status: 0 ok, 1 a wrong score or a bad input line, 2 usage error,\n"
    "130 interrupted.\n";

const char *const c4_executors[] = { "gpu", "cpu", NULL };

int c4_parse_algo(void *algo, const char *text, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    return c4_algo_parse(text, algo);
}

/* --split-depth: 0..8, or auto (-2). */
int c4_parse_split_depth(void *split_depth, const char *text, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    long v = -2;
    if (strcmp(text, "auto") != 0 && cli_int(text, 0, 8, &v) != 0)
        return -1;
    *(int *)split_depth = (int)v;
    return 0;
}

int c4_parse_options(const char *name, int argc, char **argv, const cli_option *opts, const c4_size *size,
                     c4_geom *g)
{
    char command_name[32];
    snprintf(command_name, sizeof command_name, "c4 %s", name);
    const cli_command command = { command_name, c4_usage_text, C4_OPTIONS };
    const int operands = cli_parse_options(&command, argc, argv, opts);
    if (operands < 0)
        return operands;
    char err[256];
    if (c4_geom_init(g, size->width, size->height, err, sizeof err) != 0) {
        cli_error("%s", err);
        return CLI_BAD;
    }
    return operands;
}

int c4_usage_error(const char *what)
{
    cli_usage_error("%s (see 'gts c4 --help')", what);
    return EXIT_USAGE;
}

int c4_load_book(const char *path, const c4_geom *g, c4_options *opt, c4_book **book)
{
    *book = NULL;
    if (!path || strcmp(path, "none") == 0)
        return 0;
    char err[512];
    *book = c4_book_load(path, g, err, sizeof err);
    if (!*book) {
        cli_error("%s", err);
        return -1;
    }
    opt->book = *book;
    return 0;
}

int c4_load_default_book(const char *path, const c4_geom *g, c4_options *opt, c4_book **book)
{
    char bundled[PATH_MAX];
    if (!path && opt->algo == C4_ALGO_SOLVER && g->width == C4_DEFAULT_WIDTH && g->height == C4_DEFAULT_HEIGHT &&
        cli_bundled_file("c4", C4_BUNDLED_BOOK, bundled, sizeof bundled) == 0)
        path = bundled;
    return c4_load_book(path, g, opt, book);
}

c4_gpu_options c4_cli_gpu_options(const c4_gpu_flags *f, int cpu_threads, gts_stop *stop)
{
    c4_gpu_options o = c4_gpu_best_options();
    if (f->split_depth != -1)
        o.split_depth = f->split_depth == -2 ? -1 : f->split_depth;
    if (f->budget >= 0)
        o.node_limit = (uint64_t)f->budget;
    if (f->tt_bytes)
        o.tt_bytes = f->tt_bytes;
    o.cpu = f->executor == 1;
    o.cpu_threads = cpu_threads;
    o.devices = f->gpus;
    o.stop = stop;
    return o;
}

int c4_gpu_failed(const c4_gpu_flags *f, const char *err)
{
    return cli_gpu_failed(f->executor != 1, err);
}

int c4_cli_choose_gpu(const c4_gpu_flags *f, bool mpi)
{
    char err[256];
    if (cli_choose_gpu(f->device, f->gpus, mpi, err, sizeof err) != 0) {
        cli_error("%s", err);
        return -1;
    }
    return cli_gpu_check(true, mpi) != 0 ? -1 : 0;
}

c4_gpu *c4_cli_gpu_open(const c4_geom *g, const c4_gpu_flags *f, bool mpi, const c4_gpu_options *o, int *status)
{
    char err[256];
    if (c4_gpu_check_options(g, o, err, sizeof err) != 0) {
        cli_error("%s", err);
        *status = EXIT_USAGE;
        return NULL;
    }
    c4_gpu *gpu = c4_gpu_create(g, o, err, sizeof err);
    if (!gpu && mpi) {
        /* Which rank has no GPU: each says so, and mpirun ends the job. */
        char why[sizeof err];
        memcpy(why, err, sizeof err);
        snprintf(err, sizeof err, "rank %d of its host: %.200s", cli_local_rank(), why);
    }
    if (!gpu)
        *status = c4_gpu_failed(f, err);
    return gpu;
}

void c4_print_solved(const c4_solve_args *a, const c4_solved_line *l, bool flush, FILE *out, FILE *err,
                     solve_totals *t)
{
    const int want = c4_want(a->weak, l->expected);
    const bool ok = !l->has_expected || want == l->score;
    if (a->json) {
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
