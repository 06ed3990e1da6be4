/* gts gomoku bench: its options, then bench table
 * (cli/gomoku/gomoku_bench_table.c) or bench positions FILE
 * (cli/gomoku/gomoku_bench_positions.c). */
#include "cli/gomoku/gomoku_bench.h"

#include <string.h>

#include "cli/cli.h"
#include "core/list.h"

/* A list of numbers (core/list.h's syntax). */
static int parse_list(void *target, const char *text, char *err, size_t errlen)
{
    gomoku_list *l = target;
    l->n = gts_int_list(text, l->min, l->max, l->v, GOMOKU_LIST_MAX, err, errlen);
    return l->n < 0 ? -1 : 0;
}

static int add_algo(void *ctx, const char *item, char *err, size_t errlen)
{
    gomoku_bench *c = ctx;
    int a = 0;
    while (gm_algo_names[a] && strcmp(item, gm_algo_names[a]) != 0)
        a++;
    if (!gm_algo_names[a]) {
        snprintf(err, errlen, "'%s' is not an algorithm (minimax, alphabeta, pvs)", item);
        return -1;
    }
    bool seen = false;
    for (int i = 0; i < c->nalgos; i++)
        seen |= c->algos[i] == a;
    if (!seen)
        c->algos[c->nalgos++] = a;
    return 0;
}

/* --algo: a list of names, each once, in the order given. */
static int parse_algos(void *target, const char *text, char *err, size_t errlen)
{
    gomoku_bench *c = target;
    c->nalgos = 0;
    return gts_each_item(text, add_algo, c, err, errlen) < 0 ? -1 : 0;
}

/* The options, and the rules between them: the operand count, or a
 * cli_parse_options failure. */
static int read_options(int argc, char **argv, gomoku_bench *c)
{
    *c = (gomoku_bench){ .board = GOMOKU_BOARD_OPTS, .gpu = GOMOKU_GPU_OPTS, .max_seconds = 60,
                         .threads = { .min = 1, .max = 256 }, .sizes = { .min = GM_MIN_SIZE, .max = GM_MAX_SIZE },
                         .depths = { .min = 1, .max = GM_MAX_DEPTH } };
    gomoku_search_defaults(&c->search);
    const cli_option opts[] = {
        GOMOKU_OPT_BOARD(&c->board),
        GOMOKU_OPT_SEARCH(&c->search),
        GOMOKU_OPT_GPU(&c->gpu),
        CLI_OPT_CUSTOM("algo", c, parse_algos, NULL),
        CLI_OPT_CUSTOM("threads", &c->threads, parse_list, NULL),
        CLI_OPT_CUSTOM("sizes", &c->sizes, parse_list, NULL),
        CLI_OPT_CUSTOM("depths", &c->depths, parse_list, NULL),
        CLI_OPT_LONG("max-seconds", 0, &c->max_seconds, 1, 1L << 30),
        CLI_OPT_LONG("limit", 0, &c->limit, 1, 1L << 30),
        CLI_OPT_FLAG("json", 0, &c->json),
        CLI_OPT_FLAG("gpu", 0, &c->bench_gpu),
        CLI_OPT_FLAG("csv", 0, &c->csv),
        CLI_OPT_STRING("plot", 0, &c->plot),
        CLI_OPT_FLAG("whole-game", 0, &c->whole_game),
        CLI_OPT_END,
    };
    const cli_command cmd = { "gomoku bench", gomoku_usage_text, GOMOKU_OPTIONS };
    const int n = cli_parse_options(&cmd, argc, argv, opts);
    if (n < 0)
        return n;
    gomoku_gpu_finish(&c->gpu);
    if (c->bench_gpu && gomoku_gpu_rule(c->board.rule) < 0)
        return CLI_BAD;
    const int algo = c->nalgos == 1 ? c->algos[0] : (int)c->search.opt.algo;
    return gomoku_search_finish(&c->search, algo) < 0 ? CLI_BAD : n;
}

int gomoku_bench_main(int argc, char **argv)
{
    gomoku_bench c;
    const int n = read_options(argc, argv, &c);
    if (n < 0)
        return cli_parse_status(n);
    const int status = cli_gpu_check(c.bench_gpu && c.gpu.g.executor != GMG_EXEC_CPU, false);
    if (status != 0)
        return status;
    if (n == 1 && strcmp(argv[1], "table") == 0)
        return gomoku_bench_table(&c);
    if (n == 2 && strcmp(argv[1], "positions") == 0)
        return gomoku_bench_positions(&c, argv[2]);
    cli_error("usage: gts gomoku bench table | positions FILE (see 'gts gomoku --help')");
    return EXIT_USAGE;
}
