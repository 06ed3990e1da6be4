/* gts c4: the Connect 4 commands' usage, their options and the dispatch to
 * each command's file (cli/c4/c4_cli.h). */
#include <stdio.h>
#include <string.h>

#include "cli/c4/c4_cli.h"
#include "cli/cli.h"
#include "cli/cli_options.h"
#include "core/list.h"
#include "gts/tt_size.h"

static const char usage_text[] =
    "usage: gts c4 <command> [options]\n"
    "\n"
    "commands:\n"
    "  solve [FILE...]   solve lines 'moves [expected_score]' from files or stdin;\n"
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
    "  --threads N             CPU threads (default 1); bench takes a list of\n"
    "                          counts and ranges (1,2,4 or 1-8)\n"
    "  --tt-mb MB              transposition table size (default " GTS_TT_DEFAULT_MB_TEXT ")\n"
    "  --book FILE             use an opening book made by 'gts c4 book'\n"
    "  --json                  one JSON object per result line\n"
    "  --csv                   bench: comma-separated table\n"
    "  --plot FILE.svg|png     bench: draw the table with gnuplot: the speed-up\n"
    "                          over the fewest threads with a --threads list,\n"
    "                          else bars of AT per set (as 'gts plot' on --csv)\n"
    "  --limit N               bench: first N positions of each set\n"
    "  --data DIR              bench: where set names are looked up\n"
    "  --depth K, -o FILE      book: ply depth and output file; play: depth\n"
    "  --gpu                   solve: the whole input as GPU batches;\n"
    "                          bench: the rows of Table 1 of the CUDA report\n"
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
    "                          with its own table and a share of every batch\n"
    "                          dealt in turn (--executor cpu: N executors)\n"
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

/* Every option of the gts c4 commands: one that a command does not take
 * gets "does not apply" rather than "unknown option". */
#define C4_OPTIONS                                                                                           \
    " width height weak algo threads tt-mb book json csv limit data depth output gpu split-depth gpu-tt-mb " \
    "executor gpu-budget first second distinct plot mpi checkpoint gpu-device mpi-split gpus "

typedef struct c4_command {
    const char *name;
    const char *options;        /* those it takes, each between spaces */
    bool lists;                 /* --algo and --threads take comma lists */
    int (*run)(c4_cli *c, int argc, char **argv);
} c4_command;

static const c4_command commands[] = {
    { "solve",
      " width height weak algo threads tt-mb book json gpu split-depth gpu-tt-mb gpu-budget executor mpi checkpoint "
      "gpu-device mpi-split gpus ",
      false,
      c4_solve_main },
    { "analyze", " width height algo threads tt-mb book json ", false, c4_analyze_main },
    { "book", " width height threads tt-mb depth output gpu gpu-tt-mb executor mpi gpu-device ", false, c4_book_main },
    { "play", " width height depth executor first second ", false, c4_play_main },
    { "perft", " width height threads tt-mb gpu executor distinct json ", false, c4_perft_main },
    { "bench",
      " width height weak algo threads tt-mb book json csv plot limit data gpu split-depth gpu-tt-mb gpu-budget "
      "executor ",
      true, c4_bench_main },
};

int c4_usage_error(const char *what)
{
    cli_usage_error("%s (see 'gts c4 --help')", what);
    return EXIT_USAGE;
}

int c4_load_book(c4_cli *c, c4_book **book)
{
    *book = NULL;
    if (!c->book_path)
        return 0;
    char err[512];
    *book = c4_book_load(c->book_path, &c->g, err, sizeof err);
    if (!*book) {
        cli_error("%s", err);
        return -1;
    }
    c->opt.book = *book;
    return 0;
}

static int parse_algo(void *target, const char *text, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    return c4_algo_parse(text, target);
}

/* --split-depth: 0..8, or auto (-2). */
static int parse_split_depth(void *target, const char *text, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    long v = -2;
    if (strcmp(text, "auto") != 0 && cli_int(text, 0, 8, &v) != 0)
        return -1;
    *(int *)target = (int)v;
    return 0;
}

/* bench --threads: a list ("1,2,4", "1-8") into c->threads. */
static int parse_thread_list(void *target, const char *text, char *err, size_t errlen)
{
    c4_cli *c = target;
    const int n = gts_int_list(text, 1, 1024, c->threads, C4_BENCH_MAX_THREADS, err, errlen);
    if (n < 0)
        return -1;
    c->nthreads = n;
    return 0;
}

/* Copies the entries of table that the command takes to out[*n...]. */
static void take_options(const c4_command *cmd, const cli_option *table, cli_option *out, int *n)
{
    for (const cli_option *o = table; o->name; o++) {
        char word[32];
        snprintf(word, sizeof word, " %s ", o->name);
        if (strstr(cmd->options, word))
            out[(*n)++] = *o;
    }
}

/* Reads the options of the command (argv[0] its name) into c, the
 * defaults where not given.  Returns the operand count (the operands left
 * in argv[1...]), or CLI_HELP or CLI_BAD as cli_parse_options. */
static int read_options(const c4_command *cmd, int argc, char **argv, c4_cli *c)
{
    static const char *const executors[] = { "gpu", "cpu", NULL };
    int width = C4_DEFAULT_WIDTH, height = C4_DEFAULT_HEIGHT, executor = 0;
    memset(c, 0, sizeof *c);
    c->opt = c4_default_options();
    c->opt.stop = &c->stop;
    c->depth = -1;
    c->split_depth = -1;
    c->gpu_budget = -1;
    c->gpu_device = -1;
    c->mpi_split = -1;
    const cli_option shared[] = {
        CLI_OPT_INT("width", 0, &width, 1, 64),
        CLI_OPT_INT("height", 0, &height, 1, 64),
        CLI_OPT_FLAG("weak", 'w', &c->weak),
        { .name = "tt-mb", .kind = CLI_MB, .target = &c->opt.tt_bytes, .min = 1, .max = 1 << 20,
          .given = &c->tt_given },
        CLI_OPT_STRING("book", 0, &c->book_path),
        CLI_OPT_FLAG("json", 0, &c->json),
        CLI_OPT_FLAG("csv", 0, &c->csv),
        CLI_OPT_STRING("plot", 0, &c->plot),
        CLI_OPT_LONG("limit", 0, &c->limit, 1, 1L << 40),
        CLI_OPT_STRING("data", 0, &c->data_dir),
        CLI_OPT_LONG("depth", 0, &c->depth, 0, 64),
        CLI_OPT_STRING("output", 'o', &c->output),
        CLI_OPT_FLAG("gpu", 0, &c->gpu),
        CLI_OPT_CUSTOM("split-depth", &c->split_depth, parse_split_depth, "0..8 or auto"),
        CLI_OPT_MB("gpu-tt-mb", &c->gpu_tt_bytes, 1, 1 << 20),
        CLI_OPT_CHOICE("executor", &executor, executors),
        CLI_OPT_LONG("gpu-budget", 0, &c->gpu_budget, 0, 1L << 40),
        CLI_OPT_STRING("first", 0, &c->first),
        CLI_OPT_STRING("second", 0, &c->second),
        CLI_OPT_FLAG("distinct", 0, &c->distinct),
        CLI_OPT_FLAG("mpi", 0, &c->mpi),
        CLI_OPT_INT("gpu-device", 0, &c->gpu_device, 0, 255),
        CLI_OPT_INT("gpus", 0, &c->gpus, 1, CLI_MAX_GPUS),
        CLI_OPT_LONG("mpi-split", 0, &c->mpi_split, 1, 12),
        CLI_OPT_STRING("checkpoint", 0, &c->checkpoint),
        CLI_OPT_END,
    };
    /* One algorithm and thread count, or comma lists of them. */
    const cli_option single[] = {
        CLI_OPT_CUSTOM("algo", &c->opt.algo, parse_algo, "solver, alphabeta, minimax"),
        CLI_OPT_INT("threads", 0, &c->opt.threads, 1, 1024),
        CLI_OPT_END,
    };
    const cli_option lists[] = {
        CLI_OPT_STRING("algo", 0, &c->algo_list),
        CLI_OPT_CUSTOM("threads", c, parse_thread_list, NULL),
        CLI_OPT_END,
    };
    cli_option opts[sizeof shared / sizeof *shared + 2];
    int n = 0;
    take_options(cmd, shared, opts, &n);
    take_options(cmd, cmd->lists ? lists : single, opts, &n);
    opts[n] = (cli_option)CLI_OPT_END;
    char name[32];
    snprintf(name, sizeof name, "c4 %s", cmd->name);
    const cli_command command = { name, usage_text, C4_OPTIONS };
    const int operands = cli_parse_options(&command, argc, argv, opts);
    if (operands < 0)
        return operands;
    c->gpu_on_cpu = executor == 1;
    char err[256];
    if (c4_geom_init(&c->g, width, height, err, sizeof err) != 0) {
        cli_error("%s", err);
        return CLI_BAD;
    }
    return operands;
}

int c4_main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? EXIT_USAGE : EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++) {
        if (strcmp(argv[1], commands[i].name) != 0)
            continue;
        c4_cli c;
        const int n = read_options(&commands[i], argc - 1, argv + 1, &c);
        return n < 0 ? cli_parse_status(n) : commands[i].run(&c, n, argv + 2);
    }
    char what[128];
    snprintf(what, sizeof what, "unknown c4 command '%.80s'", argv[1]);
    return c4_usage_error(what);
}
