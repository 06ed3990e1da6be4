/* gts c4: solve, analyze, book and bench for Connect 4. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gts/c4_book.h"
#include "gts/c4_gpu.h"
#include "gts/tt_size.h"

/* Positions per GPU batch when a book is built on the device. */
#define BOOK_GPU_BATCH 4096

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
    "                    the threads), gpu (gts on the GPU), gpu-sS and\n"
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
    "  --threads N             CPU threads (default 1); bench takes a comma list\n"
    "  --tt-mb MB              transposition table size (default " GTS_TT_DEFAULT_MB_TEXT ")\n"
    "  --book FILE             use an opening book made by 'gts c4 book'\n"
    "  --json                  one JSON object per result line\n"
    "  --csv                   bench: comma-separated table\n"
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
    "  --first P, --second P   play: brute (default first) or alphabeta\n"
    "  --distinct              perft: count distinct positions too (in a set\n"
    "                          of --tt-mb MB)\n"
    "  -h, --help              this help\n"
    "\n"
    "exit status: 0 ok, 1 a wrong score or a bad input line, 2 usage error,\n"
    "130 interrupted.\n";

enum {
    OPT_WIDTH = 256, OPT_HEIGHT, OPT_ALGO, OPT_THREADS, OPT_TT, OPT_BOOK, OPT_JSON, OPT_CSV,
    OPT_LIMIT, OPT_DATA, OPT_DEPTH, OPT_GPU, OPT_SPLIT, OPT_GPU_TT, OPT_EXECUTOR, OPT_GPU_BUDGET, OPT_FIRST, OPT_SECOND, OPT_DISTINCT,
};

static const struct option long_opts[] = {
    { "width", required_argument, NULL, OPT_WIDTH },
    { "height", required_argument, NULL, OPT_HEIGHT },
    { "weak", no_argument, NULL, 'w' },
    { "algo", required_argument, NULL, OPT_ALGO },
    { "threads", required_argument, NULL, OPT_THREADS },
    { "tt-mb", required_argument, NULL, OPT_TT },
    { "book", required_argument, NULL, OPT_BOOK },
    { "json", no_argument, NULL, OPT_JSON },
    { "csv", no_argument, NULL, OPT_CSV },
    { "limit", required_argument, NULL, OPT_LIMIT },
    { "data", required_argument, NULL, OPT_DATA },
    { "depth", required_argument, NULL, OPT_DEPTH },
    { "output", required_argument, NULL, 'o' },
    { "gpu", no_argument, NULL, OPT_GPU },
    { "split-depth", required_argument, NULL, OPT_SPLIT },
    { "gpu-tt-mb", required_argument, NULL, OPT_GPU_TT },
    { "executor", required_argument, NULL, OPT_EXECUTOR },
    { "gpu-budget", required_argument, NULL, OPT_GPU_BUDGET },
    { "first", required_argument, NULL, OPT_FIRST },
    { "second", required_argument, NULL, OPT_SECOND },
    { "distinct", no_argument, NULL, OPT_DISTINCT },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

/* Options each command takes, by long name. */
static const struct {
    const char *cmd;
    const char *opts;
} allowed[] = {
    { "solve", " width height weak algo threads tt-mb book json gpu split-depth gpu-tt-mb gpu-budget executor " },
    { "analyze", " width height algo threads tt-mb book json " },
    { "book", " width height threads tt-mb depth output gpu gpu-tt-mb executor " },
    { "play", " width height depth executor first second " },
    { "perft", " width height threads tt-mb gpu executor distinct json " },
    { "bench", " width height weak algo threads tt-mb book json csv limit data gpu split-depth gpu-tt-mb gpu-budget executor " },
};

static int usage_error(const char *fmt, const char *arg)
{
    fputs("gts: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (see 'gts c4 --help')\n", stderr);
    return EXIT_USAGE;
}

static const char *option_name(int code)
{
    for (int i = 0; long_opts[i].name; i++)
        if (long_opts[i].val == code)
            return long_opts[i].name;
    return "?";
}

/* Parses options after the command; returns -1 after printing a usage error
 * (or 1 after printing help). */
static int parse_options(const char *cmd, int argc, char **argv, c4_cli *c)
{
    const char *opts = NULL;
    for (size_t i = 0; i < sizeof allowed / sizeof *allowed; i++)
        if (strcmp(allowed[i].cmd, cmd) == 0)
            opts = allowed[i].opts;
    long width = C4_DEFAULT_WIDTH, height = C4_DEFAULT_HEIGHT, tt_mb = GTS_TT_DEFAULT_MB, v;
    memset(c, 0, sizeof *c);
    c->opt = c4_default_options();
    c->opt.stop = &c->stop;
    c->depth = -1;
    c->split_depth = -1;
    c->gpu_budget = -1;
    opterr = 0;
    optind = 1;
    int ch;
    while ((ch = getopt_long(argc, argv, "who:", long_opts, NULL)) != -1) {
        if (ch == 'h') {
            fputs(usage_text, stdout);
            return 1;
        }
        if (ch == '?') {
            if (optopt)
                usage_error("unknown option or missing value: -%s", (char[]){ (char)optopt, 0 });
            else
                usage_error("unknown option or missing value: %s", argv[optind - 1]);
            return -1;
        }
        const char *name = ch == 'w' ? "weak" : ch == 'o' ? "output" : option_name(ch);
        char word[32];
        snprintf(word, sizeof word, " %s ", name);
        if (!strstr(opts, word)) {
            fprintf(stderr, "gts: option --%s does not apply to 'gts c4 %s'\n", name, cmd);
            return -1;
        }
        switch (ch) {
        case 'w': c->weak = true; break;
        case 'o': c->output = optarg; break;
        case OPT_WIDTH:
            if (cli_int(optarg, 1, 64, &width)) { usage_error("bad --width '%s'", optarg); return -1; }
            break;
        case OPT_HEIGHT:
            if (cli_int(optarg, 1, 64, &height)) { usage_error("bad --height '%s'", optarg); return -1; }
            break;
        case OPT_ALGO: c->algo_list = optarg; break;
        case OPT_THREADS: c->thread_list = optarg; break;
        case OPT_TT:
            if (cli_int(optarg, 1, 1 << 20, &tt_mb)) { usage_error("bad --tt-mb '%s' (1..1048576)", optarg); return -1; }
            break;
        case OPT_BOOK: c->book_path = optarg; break;
        case OPT_JSON: c->json = true; break;
        case OPT_CSV: c->csv = true; break;
        case OPT_LIMIT:
            if (cli_int(optarg, 1, 1L << 40, &v)) { usage_error("bad --limit '%s'", optarg); return -1; }
            c->limit = v;
            break;
        case OPT_DATA: c->data_dir = optarg; break;
        case OPT_GPU: c->gpu = true; break;
        case OPT_SPLIT:
            if (strcmp(optarg, "auto") == 0)
                v = -2;
            else if (cli_int(optarg, 0, 8, &v)) { usage_error("bad --split-depth '%s' (0..8 or auto)", optarg); return -1; }
            c->split_depth = (int)v;
            break;
        case OPT_GPU_TT:
            if (cli_int(optarg, 1, 1 << 20, &v)) { usage_error("bad --gpu-tt-mb '%s' (1..1048576)", optarg); return -1; }
            c->gpu_tt_bytes = (size_t)v << 20;
            break;
        case OPT_FIRST: c->first = optarg; break;
        case OPT_DISTINCT: c->distinct = true; break;
        case OPT_SECOND: c->second = optarg; break;
        case OPT_GPU_BUDGET:
            if (cli_int(optarg, 0, 1L << 40, &v)) { usage_error("bad --gpu-budget '%s'", optarg); return -1; }
            c->gpu_budget = v;
            break;
        case OPT_EXECUTOR:
            if (strcmp(optarg, "cpu") != 0 && strcmp(optarg, "gpu") != 0) { usage_error("bad --executor '%s' (cpu or gpu)", optarg); return -1; }
            c->gpu_on_cpu = strcmp(optarg, "cpu") == 0;
            break;
        case OPT_DEPTH:
            if (cli_int(optarg, 0, 64, &v)) { usage_error("bad --depth '%s'", optarg); return -1; }
            c->depth = v;
            break;
        }
    }
    char err[256];
    if (c4_geom_init(&c->g, (int)width, (int)height, err, sizeof err) != 0) {
        cli_error("%s", err);
        return -1;
    }
    c->opt.tt_bytes = (size_t)tt_mb << 20;
    /* Commands other than bench take a single algorithm and thread count. */
    if (strcmp(cmd, "bench") != 0) {
        if (c->algo_list && c4_algo_parse(c->algo_list, &c->opt.algo) != 0) {
            usage_error("unknown --algo '%s' (solver, alphabeta, minimax)", c->algo_list);
            return -1;
        }
        if (c->thread_list) {
            if (cli_int(c->thread_list, 1, 1024, &v)) { usage_error("bad --threads '%s' (1..1024)", c->thread_list); return -1; }
            c->opt.threads = (int)v;
        }
    }
    return 0;
}

/* Loads the book named by --book into c->opt.book. */
static int load_book(c4_cli *c, c4_book **book)
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

/* Solves one input line; returns -1 if interrupted. */
static int solve_line(c4_cli *c, c4_solver *s, const char *where, long lineno, const char *line, solve_totals *t)
{
    c4_pos p;
    char shown[128], err[256];
    bool has_expected = false;
    int expected = 0;
    const int k = cli_read_line(&c->g, line, &p, shown, &has_expected, &expected, err, sizeof err);
    if (k == 0)
        return 0;
    if (k < 0 || !c4_algo_fits(c->opt.algo, &c->g, &p, err, sizeof err)) {
        fprintf(stderr, "gts: %s:%ld: %s\n", where, lineno, err);
        t->bad_lines++;
        return 0;
    }
    c4_result r;
    snprintf(c->opt.progress_ctx, 128, "%s", shown);
    const double t0 = cli_now_usec();
    c4_solver_clear(s);
    if (c4_solve(s, &p, c->weak, &r) != 0)
        return -1;
    r.usec = cli_now_usec() - t0;   /* the clear included, as in bench */
    t->positions++;
    const int want = c->weak ? cli_sign(expected) : expected;
    const bool ok = !has_expected || want == r.score;
    if (c->json) {
        printf("{\"moves\":");
        cli_json_string(stdout, shown);
        printf(",\"score\":%d,\"nodes\":%llu,\"usec\":%.1f", r.score, (unsigned long long)r.nodes, r.usec);
        if (has_expected)
            printf(",\"expected\":%d,\"ok\":%s", want, ok ? "true" : "false");
        printf("}\n");
    } else {
        printf("%s %d %llu %.0f\n", shown, r.score, (unsigned long long)r.nodes, r.usec);
    }
    fflush(stdout);
    if (!ok) {
        fprintf(stderr, "gts: %s:%ld: %s scored %d, expected %d\n", where, lineno, shown, r.score, want);
        t->mismatches++;
    }
    cli_progress("positions solved: %ld", t->positions);
    return 0;
}

typedef struct solve_run {
    c4_cli *c;
    c4_solver *s;
    solve_totals t;
} solve_run;

static int solve_each(void *ctx, const char *file, long lineno, const char *line)
{
    solve_run *r = ctx;
    return solve_line(r->c, r->s, file, lineno, line, &r->t);
}

/* Progress of one long solve: where its score stands. */
static void solve_progress(int min, int max, uint64_t nodes, void *ctx)
{
    cli_progress("%s: score in [%d, %d] after %.1f M nodes", (const char *)ctx, min, max, (double)nodes / 1e6);
}

static int cmd_solve(c4_cli *c, int argc, char **argv)
{
    if (c->gpu)
        return c4_solve_gpu_main(c, argc, argv);
    c4_book *book;
    if (load_book(c, &book) != 0)
        return EXIT_USAGE;
    char current[128] = "";
    c->opt.progress = solve_progress;
    c->opt.progress_ctx = current;
    char err[512];
    c4_solver *s = c4_solver_create(&c->g, &c->opt, err, sizeof err);
    if (!s) {
        cli_error("%s", err);
        c4_book_free(book);
        return EXIT_USAGE;
    }
    cli_stop_on_interrupt(&c->stop);
    solve_run run = { c, s, { 0 } };
    const int status = cli_each_line(argc, argv, solve_each, NULL, &run);
    const solve_totals t = run.t;
    cli_progress_done();
    c4_solver_free(s);
    c4_book_free(book);
    return cli_solve_status(&t, status);
}

static int cmd_analyze(c4_cli *c, int argc, char **argv)
{
    if (argc != 1)
        return usage_error("%s", argc == 0 ? "analyze needs MOVES" : "analyze takes one MOVES argument");
    const char *moves = strcmp(argv[0], "-") == 0 ? "" : argv[0];
    c4_pos p;
    char err[512];
    if (c4_parse(&c->g, &p, moves, err, sizeof err) != 0 || !c4_algo_fits(c->opt.algo, &c->g, &p, err, sizeof err)) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    c4_book *book;
    if (load_book(c, &book) != 0)
        return EXIT_USAGE;
    c4_solver *s = c4_solver_create(&c->g, &c->opt, err, sizeof err);
    if (!s) {
        cli_error("%s", err);
        c4_book_free(book);
        return EXIT_USAGE;
    }
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
    int best = -1;
    for (int col = 0; col < c->g.width; col++)
        if (playable[col] && (best < 0 || scores[col] > scores[best]))
            best = col;
    const char *shown = moves[0] ? moves : "-";
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
        printf("],\"best\":%d,\"nodes\":%llu,\"usec\":%.1f}\n", best + 1, (unsigned long long)r.nodes, r.usec);
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
        printf("  nodes %llu  usec %.0f\n", (unsigned long long)r.nodes, r.usec);
    }
    return EXIT_OK;
}

typedef struct book_progress_ctx {
    int depth;
} book_progress_ctx;

static void book_progress(size_t done, size_t total, void *ctx)
{
    cli_progress("book depth %d: %zu / %zu positions", ((book_progress_ctx *)ctx)->depth, done, total);
}

/* book --gpu: each batch solved on the device (or the CPU executor). */
typedef struct gpu_book {
    c4_gpu *gpu;
    char err[256];
} gpu_book;

static int solve_on_gpu(void *ctx, const c4_pos *ps, size_t n, int *scores)
{
    gpu_book *b = ctx;
    c4_gpu_stats st = { 0 };
    const int rc = c4_gpu_solve(b->gpu, ps, (int)n, false, scores, NULL, NULL, &st, b->err, sizeof b->err);
    if (rc != 0 && cli_interrupted())
        b->err[0] = '\0';      /* not a failure: the book stays partial */
    return rc;
}

static int cmd_book(c4_cli *c, int argc, char **argv)
{
    (void)argv;
    if (argc != 0)
        return usage_error("%s", "book takes no arguments besides its options");
    if (c->depth < 0)
        return usage_error("%s", "book needs --depth K");
    if (!c->output)
        return usage_error("%s", "book needs -o FILE");
    char err[512];
    c4_solver *s = NULL;
    gpu_book gb = { 0 };
    if (c->gpu || c->gpu_on_cpu) {
        c4_gpu_options o = c4_gpu_best_options();
        if (c->gpu_tt_bytes)
            o.tt_bytes = c->gpu_tt_bytes;
        o.cpu = c->gpu_on_cpu;
        o.cpu_threads = c->opt.threads;
        o.stop = &c->stop;
        gb.gpu = c4_gpu_create(&c->g, &o, err, sizeof err);
        if (!gb.gpu) {
            cli_error("%s", err);
            return EXIT_FAIL;
        }
    } else {
        s = c4_solver_create(&c->g, &c->opt, err, sizeof err);
        if (!s) {
            cli_error("%s", err);
            return EXIT_USAGE;
        }
    }
    cli_stop_on_interrupt(&c->stop);
    book_progress_ctx ctx = { (int)c->depth };
    bool complete;
    const long n = gb.gpu ? c4_book_build_with(solve_on_gpu, &gb, BOOK_GPU_BATCH, &c->g, (int)c->depth, c->output,
                                               book_progress, &ctx, &complete, err, sizeof err)
                          : c4_book_build(s, &c->g, (int)c->depth, c->output, book_progress, &ctx, &complete, err,
                                          sizeof err);
    cli_progress_done();
    c4_solver_free(s);
    c4_gpu_free(gb.gpu);
    if (n < 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    if (!complete && gb.err[0]) {
        cli_error("%s (wrote the %ld positions solved before)", gb.err, n);
        return EXIT_FAIL;
    }
    fprintf(stderr, "gts: wrote %ld positions to %s%s\n", n, c->output,
            complete ? "" : " (interrupted: partial book)");
    return complete ? EXIT_OK : EXIT_INTERRUPTED;
}

int c4_main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? EXIT_USAGE : EXIT_OK;
    }
    const char *cmd = argv[1];
    int known = 0;
    for (size_t i = 0; i < sizeof allowed / sizeof *allowed; i++)
        known |= strcmp(allowed[i].cmd, cmd) == 0;
    if (!known)
        return usage_error("unknown c4 command '%s'", cmd);
    c4_cli c;
    const int rc = parse_options(cmd, argc - 1, argv + 1, &c);
    if (rc != 0)
        return rc > 0 ? EXIT_OK : EXIT_USAGE;
    const int nargs = argc - 1 - optind;
    char **args = argv + 1 + optind;
    if (strcmp(cmd, "solve") == 0)
        return cmd_solve(&c, nargs, args);
    if (strcmp(cmd, "analyze") == 0)
        return cmd_analyze(&c, nargs, args);
    if (strcmp(cmd, "book") == 0)
        return cmd_book(&c, nargs, args);
    if (strcmp(cmd, "play") == 0)
        return c4_play_main(&c, nargs, args);
    if (strcmp(cmd, "perft") == 0)
        return c4_perft_main(&c, nargs, args);
    c4_book *book;
    if (load_book(&c, &book) != 0)
        return EXIT_USAGE;
    const int status = c4_bench_main(nargs, args, &c);
    c4_book_free(book);
    return status;
}
