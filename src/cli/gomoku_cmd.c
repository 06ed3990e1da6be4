/* gts gomoku: best move, board display, and the dispatch of play, bench
 * and the protocol engine. */
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gomoku_cli.h"
#include "gts/tt_size.h"

static const char usage_text[] =
    "usage: gts gomoku <command> [options] [POSITION]\n"
    "\n"
    "commands:\n"
    "  best POSITION     the best move for the side to move: move, score, depth,\n"
    "                    nodes, time\n"
    "  show POSITION     the board and each side's shapes\n"
    "  play              a whole game, engine against engine or a human (--black,\n"
    "                    --white), with every move's time\n"
    "  bench table       the Gomoku report's Table 1: seconds for the best move\n"
    "                    after one stone, boards 6..24 x depths 1..4, per --algo\n"
    "  bench positions FILE   the Connect-5 report's experiment: every position of\n"
    "                    FILE at --depth with each --threads count\n"
    "  pbrain            the Gomocup protocol on stdin/stdout (also as pbrain-gts)\n"
    "\n"
    "POSITION: moves from black's first, as cells 'h8' (column letter, row from\n"
    "1 at the bottom) or 'x,y' (from 0, y = 0 at the top), e.g. \"h8 i9 h9\";\n"
    "'-' or nothing for the empty board.\n"
    "\n"
    "options:\n"
    "  --size N | --width W --height H   board (5..32; default 15)\n"
    "  --rule freestyle|standard         five or more wins / exactly five (default\n"
    "                                    freestyle)\n"
    "  --candidates all|near:T           every empty cell, or cells within T (1..4)\n"
    "                                    of a stone (default near:2)\n"
    "  --depth D                         plies (default 4)\n"
    "  --time MS                         iterative deepening within MS milliseconds\n"
    "                                    (up to --depth, default 64 then)\n"
    "  --algo minimax|alphabeta|pvs      (default pvs: iterative deepening, table,\n"
    "                                    killers, history, threats first)\n"
    "  --threads N                       (default 1)\n"
    "  --parallel root|split|shared      threads' way (default shared: gts's own)\n"
    "  --split-depth S                   split: the ply whose moves are shared out\n"
    "                                    (1 = the root's; default 1)\n"
    "  --schedule static|dynamic|guided  root and split (default dynamic)\n"
    "  --vcf                             look for a win by continuous fours first\n"
    "  --eval shapes|potential           leaf evaluation (default shapes)\n"
    "  --tt-mb MB                        table size for pvs (default " GTS_TT_DEFAULT_MB_TEXT ")\n"
    "  --json                            best: one JSON object; bench: one a line\n"
    "\n"
    "play: --black engine|human, --white engine|human (default engine: the\n"
    "  options above; a human's moves are read from stdin, one a line);\n"
    "  --random N [--random-radius R] [--seed S]: the first N moves at random\n"
    "  within R (default 3) of a stone or of the centre.\n"
    "bench table: --algo A,B,.. --sizes 6,9,.. --depths 1,2,.. (default all\n"
    "  three algorithms, 6..24 by 3, 1..4; candidates all); --max-seconds S: a\n"
    "  cell past S seconds (default 60) ends that algorithm's larger cells.\n"
    "bench positions FILE: --threads 1,2,4,.. (default 1,2,4,8,16), --depth\n"
    "  (default 3), --limit N: the first N positions.\n"
    "\n"
    "exit status: 0 ok, 1 failure, 2 usage error.\n";

enum {
    OPT_SIZE = 256, OPT_WIDTH, OPT_HEIGHT, OPT_RULE, OPT_CANDIDATES, OPT_DEPTH, OPT_TIME, OPT_ALGO,
    OPT_THREADS, OPT_PARALLEL, OPT_SPLIT, OPT_SCHEDULE, OPT_VCF, OPT_EVAL, OPT_TT, OPT_JSON,
    OPT_BLACK, OPT_WHITE, OPT_SIZES, OPT_DEPTHS, OPT_MAX_SECONDS, OPT_LIMIT, OPT_RANDOM, OPT_RANDOM_RADIUS,
    OPT_SEED,
};

static const struct option long_opts[] = {
    { "size", required_argument, NULL, OPT_SIZE },
    { "width", required_argument, NULL, OPT_WIDTH },
    { "height", required_argument, NULL, OPT_HEIGHT },
    { "rule", required_argument, NULL, OPT_RULE },
    { "candidates", required_argument, NULL, OPT_CANDIDATES },
    { "depth", required_argument, NULL, OPT_DEPTH },
    { "time", required_argument, NULL, OPT_TIME },
    { "algo", required_argument, NULL, OPT_ALGO },
    { "threads", required_argument, NULL, OPT_THREADS },
    { "parallel", required_argument, NULL, OPT_PARALLEL },
    { "split-depth", required_argument, NULL, OPT_SPLIT },
    { "schedule", required_argument, NULL, OPT_SCHEDULE },
    { "vcf", no_argument, NULL, OPT_VCF },
    { "eval", required_argument, NULL, OPT_EVAL },
    { "tt-mb", required_argument, NULL, OPT_TT },
    { "json", no_argument, NULL, OPT_JSON },
    { "black", required_argument, NULL, OPT_BLACK },
    { "white", required_argument, NULL, OPT_WHITE },
    { "sizes", required_argument, NULL, OPT_SIZES },
    { "depths", required_argument, NULL, OPT_DEPTHS },
    { "max-seconds", required_argument, NULL, OPT_MAX_SECONDS },
    { "limit", required_argument, NULL, OPT_LIMIT },
    { "random", required_argument, NULL, OPT_RANDOM },
    { "random-radius", required_argument, NULL, OPT_RANDOM_RADIUS },
    { "seed", required_argument, NULL, OPT_SEED },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

/* Options each command takes, by long name. */
static const struct {
    const char *cmd, *opts;
} allowed[] = {
    { "best", " size width height rule candidates depth time algo threads parallel split-depth schedule vcf eval tt-mb json " },
    { "show", " size width height rule candidates " },
    { "play", " size width height rule candidates depth time algo threads parallel split-depth schedule vcf eval tt-mb black white random random-radius seed " },
    { "bench", " size width height rule candidates depth algo threads parallel split-depth schedule vcf eval tt-mb sizes depths max-seconds limit json " },
};

static const char *const algo_names[] = { "minimax", "alphabeta", "pvs" };

int gm_cli_algo(const char *name)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(name, algo_names[i]) == 0)
            return i;
    return -1;
}

const char *gm_cli_algo_name(gm_algo a)
{
    return algo_names[a];
}

void gm_cli_score(int32_t score, char *out, size_t len)
{
    if (score > GM_WIN_BOUND)
        snprintf(out, len, "win in %d", GM_WIN - score);
    else if (score < -GM_WIN_BOUND)
        snprintf(out, len, "loss in %d", GM_WIN + score);
    else
        snprintf(out, len, "%+d", score);
}

static int bad(const char *what, const char *arg)
{
    cli_error("bad %s '%s' (see 'gts gomoku --help')", what, arg);
    return -1;
}

static const char *option_name(int code)
{
    for (int i = 0; long_opts[i].name; i++)
        if (long_opts[i].val == code)
            return long_opts[i].name;
    return "?";
}

static int pick(const char *arg, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(arg, names[i]) == 0)
            return i;
    return -1;
}

int gm_cli_parse(const char *cmd, int argc, char **argv, gm_cli *c)
{
    const char *opts = NULL;
    for (size_t i = 0; i < sizeof allowed / sizeof *allowed; i++)
        if (strcmp(allowed[i].cmd, cmd) == 0)
            opts = allowed[i].opts;
    memset(c, 0, sizeof *c);
    c->width = c->height = 15;
    c->rule = GM_FREESTYLE;
    c->near = 2;
    c->max_seconds = 60;
    c->random_radius = 3;
    gm_search_defaults(&c->opt);
    bool depth_given = false;
    long v;
    opterr = 0;
    optind = 1;
    int ch;
    while ((ch = getopt_long(argc, argv, "h", long_opts, NULL)) != -1) {
        if (ch == 'h')
            return 1;
        if (ch == '?') {
            cli_error("unknown option or missing value: %s (see 'gts gomoku --help')", argv[optind - 1]);
            return -1;
        }
        char word[40];
        snprintf(word, sizeof word, " %s ", option_name(ch));
        if (!strstr(opts, word)) {
            cli_error("option --%s does not apply to 'gts gomoku %s'", option_name(ch), cmd);
            return -1;
        }
        switch (ch) {
        case OPT_SIZE:
        case OPT_WIDTH:
        case OPT_HEIGHT:
            if (cli_int(optarg, GM_MIN_SIZE, GM_MAX_SIZE, &v))
                return bad("board size", optarg);
            if (ch != OPT_HEIGHT)
                c->width = (int)v;
            if (ch != OPT_WIDTH)
                c->height = (int)v;
            c->size_given = true;
            break;
        case OPT_RULE: {
            static const char *const rules[] = { "freestyle", "standard" };
            const int r = pick(optarg, rules, 2);
            if (r < 0)
                return bad("--rule", optarg);
            c->rule = (gm_rule)r;
            break;
        }
        case OPT_CANDIDATES:
            if (strcmp(optarg, "all") == 0)
                c->near = 0;
            else if (strncmp(optarg, "near:", 5) == 0 && cli_int(optarg + 5, 1, 4, &v) == 0)
                c->near = (int)v;
            else
                return bad("--candidates (all or near:1..4)", optarg);
            c->near_given = true;
            break;
        case OPT_DEPTH:
            if (cli_int(optarg, 1, GM_MAX_DEPTH, &v))
                return bad("--depth", optarg);
            c->opt.depth = (int)v;
            depth_given = true;
            c->depth_list = optarg;
            break;
        case OPT_TIME:
            if (cli_int(optarg, 1, 1L << 30, &v))
                return bad("--time (milliseconds)", optarg);
            c->opt.time_ms = v;
            break;
        case OPT_ALGO: {
            c->algo_list = optarg;
            const int a = gm_cli_algo(optarg);
            if (a < 0 && strcmp(cmd, "bench") != 0)
                return bad("--algo (minimax, alphabeta, pvs)", optarg);
            if (a >= 0)
                c->opt.algo = (gm_algo)a;
            break;
        }
        case OPT_THREADS:
            c->thread_list = optarg;
            if (strcmp(cmd, "bench") != 0) {
                if (cli_int(optarg, 1, 256, &v))
                    return bad("--threads (1..256)", optarg);
                c->opt.threads = (int)v;
            }
            break;
        case OPT_PARALLEL: {
            static const char *const ways[] = { "root", "split", "shared" };
            const int p = pick(optarg, ways, 3);
            if (p < 0)
                return bad("--parallel (root, split, shared)", optarg);
            c->opt.parallel = (gm_parallel)(p + 1);
            break;
        }
        case OPT_SPLIT:
            if (cli_int(optarg, 1, GM_MAX_DEPTH, &v))
                return bad("--split-depth", optarg);
            c->opt.split_depth = (int)v;
            break;
        case OPT_SCHEDULE: {
            static const char *const kinds[] = { "static", "dynamic", "guided" };
            const int k = pick(optarg, kinds, 3);
            if (k < 0)
                return bad("--schedule (static, dynamic, guided)", optarg);
            c->opt.schedule = (gm_schedule)k;
            break;
        }
        case OPT_VCF: c->opt.vcf = true; break;
        case OPT_EVAL: {
            static const char *const evals[] = { "shapes", "potential" };
            const int e = pick(optarg, evals, 2);
            if (e < 0)
                return bad("--eval (shapes, potential)", optarg);
            c->opt.eval = (gm_eval_kind)e;
            break;
        }
        case OPT_TT:
            if (cli_int(optarg, 1, 1 << 20, &v))
                return bad("--tt-mb", optarg);
            c->opt.tt_bytes = (size_t)v << 20;
            break;
        case OPT_JSON: c->json = true; break;
        case OPT_BLACK: c->black = optarg; break;
        case OPT_WHITE: c->white = optarg; break;
        case OPT_SIZES: c->size_list = optarg; break;
        case OPT_DEPTHS: c->depth_list = optarg; break;
        case OPT_MAX_SECONDS:
            if (cli_int(optarg, 1, 1L << 30, &v))
                return bad("--max-seconds", optarg);
            c->max_seconds = (double)v;
            break;
        case OPT_LIMIT:
            if (cli_int(optarg, 1, 1L << 30, &v))
                return bad("--limit", optarg);
            c->limit = v;
            break;
        case OPT_RANDOM:
            if (cli_int(optarg, 0, GM_MAX_CELLS, &v))
                return bad("--random (moves)", optarg);
            c->random_moves = (int)v;
            break;
        case OPT_RANDOM_RADIUS:
            if (cli_int(optarg, 1, GM_MAX_SIZE, &v))
                return bad("--random-radius", optarg);
            c->random_radius = (int)v;
            break;
        case OPT_SEED:
            if (cli_int(optarg, 0, LONG_MAX, &v))
                return bad("--seed", optarg);
            c->seed = (unsigned long long)v;
            break;
        }
    }
    if (c->opt.time_ms && !depth_given)
        c->opt.depth = GM_MAX_DEPTH;
    if (c->opt.split_depth > c->opt.depth && c->opt.parallel == GM_PAR_SPLIT) {
        cli_error("--split-depth %d is deeper than --depth %d", c->opt.split_depth, c->opt.depth);
        return -1;
    }
    return 0;
}

int gm_cli_board(const gm_cli *c, int argc, char **argv, gm_board *b)
{
    char err[256];
    if (gm_init(b, c->width, c->height, c->rule, c->near, err, sizeof err) != 0) {
        cli_error("%s", err);
        return -1;
    }
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "-") == 0)
            continue;
        if (gm_parse_moves(b, argv[i], err, sizeof err) != 0) {
            cli_error("%s", err);
            return -1;
        }
    }
    return 0;
}

static int cmd_best(gm_cli *c, int argc, char **argv)
{
    gm_board b;
    if (gm_cli_board(c, argc, argv, &b) != 0)
        return EXIT_FAIL;
    if (gm_game_over(&b)) {
        cli_error("the game is over: %s", b.winner >= 0 ? "a five is on the board" : "the board is full");
        return EXIT_FAIL;
    }
    gm_result r;
    char err[256], move[16], score[32];
    if (gm_search(&b, &c->opt, &r, err, sizeof err) != 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    gm_format_cell(&b, r.move, move, sizeof move);
    gm_cli_score(r.score, score, sizeof score);
    if (c->json)
        printf("{\"move\":\"%s\",\"x\":%d,\"y\":%d,\"score\":%d,\"depth\":%d,\"nodes\":%llu,\"usec\":%.1f,\"vcf\":%s}\n",
               move, r.move % b.width, r.move / b.width, r.score, r.depth, (unsigned long long)r.nodes, r.usec,
               r.vcf ? "true" : "false");
    else
        printf("best %s (%d,%d) score %s depth %d nodes %llu time %.3f ms%s\n", move, r.move % b.width,
               r.move / b.width, score, r.depth, (unsigned long long)r.nodes, r.usec / 1000.0,
               r.vcf ? " (VCF)" : "");
    return EXIT_OK;
}

static int cmd_show(gm_cli *c, int argc, char **argv)
{
    gm_board b;
    if (gm_cli_board(c, argc, argv, &b) != 0)
        return EXIT_FAIL;
    char text[GM_MAX_SIZE * GM_MAX_SIZE * 4];
    gm_print(&b, text, sizeof text);
    fputs(text, stdout);
    static const char *const who[2] = { "black (X)", "white (O)" };
    for (int colour = 0; colour < 2; colour++) {
        int counts[GM_SHAPES];
        gm_count_shapes(&b, colour, counts);
        printf("%s:", who[colour]);
        for (int s = GM_SHAPES - 1; s > GM_SHAPE_NONE; s--)
            if (counts[s])
                printf(" %d %s", counts[s], gm_shape_name[s]);
        printf("  (value %d)\n", b.value[colour]);
    }
    if (b.winner >= 0)
        printf("%s has five\n", who[b.winner]);
    else
        printf("%s to move, evaluation %+d\n", who[b.side], gm_eval(&b));
    return EXIT_OK;
}

int gomoku_main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? EXIT_USAGE : EXIT_OK;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "pbrain") == 0)
        return gomoku_pbrain_main(argc - 1, argv + 1);
    static const struct {
        const char *name;
        int (*run)(gm_cli *, int, char **);
    } commands[] = {
        { "best", cmd_best },
        { "show", cmd_show },
        { "play", gomoku_play_main },
        { "bench", gomoku_bench_main },
    };
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++) {
        if (strcmp(cmd, commands[i].name) != 0)
            continue;
        gm_cli c;
        const int r = gm_cli_parse(cmd, argc - 1, argv + 1, &c);
        if (r == 1) {
            fputs(usage_text, stdout);
            return EXIT_OK;
        }
        if (r < 0)
            return EXIT_USAGE;
        return commands[i].run(&c, argc - 1 - optind, argv + 1 + optind);
    }
    cli_error("unknown gomoku command '%s' (see 'gts gomoku --help')", cmd);
    return EXIT_USAGE;
}
