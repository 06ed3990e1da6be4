/*
 * The options of the gts gomoku commands: one table, each option marked
 * with the commands that take it, read by the command line's parser
 * (cli/cli_options.h); the others of the table are the command's
 * "elsewhere" options, refused as options of another command.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_options.h"
#include "core/list.h"
#include "cli/gomoku/gomoku_cli.h"

static const char *const algo_names[] = { "minimax", "alphabeta", "pvs", "pattern", NULL };      /* by gm_algo */
static const char *const rule_names[] = { "freestyle", "standard", "renju", NULL };            /* by gm_rule */
static const char *const parallel_names[] = { "root", "split", "shared", NULL };      /* gm_parallel - 1 */
static const char *const schedule_names[] = { "static", "dynamic", "guided", NULL };  /* by gm_schedule */
static const char *const eval_names[] = { "shapes", "potential", "scan", NULL };      /* by gm_eval_kind */
static const char *const player_names[] = { "engine", "human", NULL };                /* by gm_player */
static const char *const backend_names[] = { "cpu", "gpu", NULL };
static const char *const design_names[] = { "naive", "seqpar", "batch", "pvs", "dynamic", NULL }; /* by gmg_design */
static const char *const executor_names[] = { "gpu", "cpu", NULL };                   /* by gmg_executor */

/* The commands an option belongs to. */
enum { BEST = 1, SHOW = 2, PLAY = 4, BENCH = 8, ALL = 15, SEARCH = BEST | PLAY | BENCH };

typedef struct gm_option {
    unsigned commands;
    cli_option o;
} gm_option;

/* The choices as the parser reads them (indices), put into gm_cli after. */
typedef struct choices {
    int rule, algo, parallel, schedule, eval;
    int backend, design, executor;
} choices;

#define SIDES "5..32"

/* --size N: both sides. */
static int parse_size(void *target, const char *text, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    gm_cli *c = target;
    long v;
    if (cli_int(text, GM_MIN_SIZE, GM_MAX_SIZE, &v) != 0)
        return -1;
    c->width = c->height = (int)v;
    return 0;
}

/* --candidates all|near:T. */
static int parse_candidates(void *target, const char *text, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    long v = 0;
    if (strcmp(text, "all") != 0 && (strncmp(text, "near:", 5) != 0 || cli_int(text + 5, 1, 4, &v) != 0))
        return -1;
    *(int *)target = (int)v;
    return 0;
}

/* A bench list of numbers (core/list.h's syntax). */
static int parse_list(void *target, const char *text, char *err, size_t errlen)
{
    gm_cli_list *l = target;
    l->n = gts_int_list(text, l->min, l->max, l->v, GM_CLI_LIST_MAX, err, errlen);
    return l->n < 0 ? -1 : 0;
}

static int add_algo(void *ctx, const char *item, char *err, size_t errlen)
{
    gm_cli *c = ctx;
    int a = 0;
    while (algo_names[a] && strcmp(item, algo_names[a]) != 0)
        a++;
    if (!algo_names[a]) {
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

/* bench's --algo: a list of names, each once, in the order given. */
static int parse_algos(void *target, const char *text, char *err, size_t errlen)
{
    gm_cli *c = target;
    c->nalgos = 0;
    return gts_each_item(text, add_algo, c, err, errlen) < 0 ? -1 : 0;
}

enum { MAX_OPTIONS = 40 };

/* Every option of every command into out (room for MAX_OPTIONS);
 * returns how many. */
static size_t all_options(gm_cli *c, choices *ch, gm_option *out)
{
    const gm_option all[] = {
        { ALL, { .name = "size", .kind = CLI_CUSTOM, .target = c, .parse = parse_size, .values = SIDES,
                 .given = &c->size_given } },
        { ALL, { .name = "width", .kind = CLI_INT, .target = &c->width, .min = GM_MIN_SIZE, .max = GM_MAX_SIZE,
                 .given = &c->size_given } },
        { ALL, { .name = "height", .kind = CLI_INT, .target = &c->height, .min = GM_MIN_SIZE, .max = GM_MAX_SIZE,
                 .given = &c->size_given } },
        { ALL, CLI_OPT_CHOICE("rule", &ch->rule, rule_names) },
        { ALL, { .name = "candidates", .kind = CLI_CUSTOM, .target = &c->near, .parse = parse_candidates,
                 .values = "all or near:1..4", .given = &c->near_given } },
        { SEARCH, { .name = "depth", .kind = CLI_INT, .target = &c->opt.depth, .min = 1, .max = GM_MAX_DEPTH,
                    .given = &c->depth_given } },
        { BEST | PLAY, CLI_OPT_LONG("time", 0, &c->opt.time_ms, 1, 1L << 30) },
        { BEST | PLAY, CLI_OPT_CHOICE("algo", &ch->algo, algo_names) },
        { BENCH, CLI_OPT_CUSTOM("algo", c, parse_algos, NULL) },
        { BEST | PLAY, CLI_OPT_INT("threads", 0, &c->opt.threads, 1, 256) },
        { BENCH, CLI_OPT_CUSTOM("threads", &c->threads, parse_list, NULL) },
        { SEARCH, CLI_OPT_CHOICE("parallel", &ch->parallel, parallel_names) },
        { SEARCH, CLI_OPT_INT("split-depth", 0, &c->opt.split_depth, 1, GM_MAX_DEPTH) },
        { SEARCH, CLI_OPT_CHOICE("schedule", &ch->schedule, schedule_names) },
        { SEARCH, CLI_OPT_FLAG("vcf", 0, &c->opt.vcf) },
        { SEARCH, CLI_OPT_FLAG("vct", 0, &c->opt.vct) },
        { SEARCH, CLI_OPT_CHOICE("eval", &ch->eval, eval_names) },
        { SEARCH, CLI_OPT_MB("tt-mb", &c->opt.tt_bytes, 1, 1 << 20) },
        { BEST | BENCH, CLI_OPT_FLAG("json", 0, &c->json) },
        { PLAY, CLI_OPT_CHOICE("black", &c->player[GM_BLACK], player_names) },
        { PLAY, CLI_OPT_CHOICE("white", &c->player[GM_WHITE], player_names) },
        { PLAY, CLI_OPT_INT("random", 0, &c->random_moves, 0, GM_MAX_CELLS) },
        { PLAY, CLI_OPT_INT("random-radius", 0, &c->random_radius, 1, GM_MAX_SIZE) },
        { PLAY, CLI_OPT_LONG("seed", 0, &c->seed, 0, LONG_MAX) },
        { BENCH, CLI_OPT_CUSTOM("sizes", &c->sizes, parse_list, NULL) },
        { BENCH, CLI_OPT_CUSTOM("depths", &c->depths, parse_list, NULL) },
        { BENCH, CLI_OPT_LONG("max-seconds", 0, &c->max_seconds, 1, 1L << 30) },
        { BENCH, CLI_OPT_LONG("limit", 0, &c->limit, 1, 1L << 30) },
        { BEST, CLI_OPT_CHOICE("backend", &ch->backend, backend_names) },
        { BEST | BENCH, CLI_OPT_CHOICE("design", &ch->design, design_names) },
        { BEST | BENCH, CLI_OPT_INT("split", 0, &c->gpu.split, 1, GM_MAX_DEPTH) },
        { BEST | BENCH, CLI_OPT_CHOICE("executor", &ch->executor, executor_names) },
        { BEST | BENCH, CLI_OPT_LONG("chunk", 0, &c->gpu.chunk, 1, 1L << 30) },
        { BEST | BENCH, CLI_OPT_INT("block-threads", 0, &c->gpu.block_threads, 32, 1024) },
        { BENCH, CLI_OPT_FLAG("gpu", 0, &c->bench_gpu) },
        { BENCH, CLI_OPT_FLAG("csv", 0, &c->csv) },
        { BENCH, CLI_OPT_STRING("plot", 0, &c->plot) },
        { BENCH, CLI_OPT_FLAG("whole-game", 0, &c->whole_game) },
    };
    _Static_assert(sizeof all / sizeof *all <= MAX_OPTIONS, "MAX_OPTIONS too small");
    memcpy(out, all, sizeof all);
    return sizeof all / sizeof *all;
}

/* Defaults, before the options. */
static void defaults(gm_cli *c, choices *ch)
{
    *c = (gm_cli){ .width = 15, .height = 15, .rule = GM_FREESTYLE, .near = 2, .random_radius = 3,
                   .max_seconds = 60, .threads = { .min = 1, .max = 256 },
                   .sizes = { .min = GM_MIN_SIZE, .max = GM_MAX_SIZE }, .depths = { .min = 1, .max = GM_MAX_DEPTH } };
    gm_search_defaults(&c->opt);
    *ch = (choices){ .rule = c->rule, .algo = c->opt.algo, .parallel = (int)c->opt.parallel - 1,
                     .schedule = c->opt.schedule, .eval = c->opt.eval, .design = GMG_PVS };
}

/* The choices into c, and the rules between options. */
static int finish(gm_cli *c, const choices *ch)
{
    c->rule = (gm_rule)ch->rule;
    c->opt.algo = (gm_algo)(c->nalgos == 1 ? c->algos[0] : ch->algo);
    c->opt.parallel = (gm_parallel)(ch->parallel + 1);
    c->opt.schedule = (gm_schedule)ch->schedule;
    c->opt.eval = (gm_eval_kind)ch->eval;
    c->gpu_backend = ch->backend == 1;
    c->gpu.design = (gmg_design)ch->design;
    c->gpu.executor = (gmg_executor)ch->executor;
    if (c->opt.time_ms && !c->depth_given)
        c->opt.depth = GM_MAX_DEPTH;
    if (c->rule == GM_RENJU && c->gpu_backend) {
        cli_error("--rule renju: the GPU designs play freestyle or standard");
        return CLI_BAD;
    }
    if (c->opt.split_depth > c->opt.depth && c->opt.parallel == GM_PAR_SPLIT) {
        cli_error("--split-depth %d is deeper than --depth %d", c->opt.split_depth, c->opt.depth);
        return CLI_BAD;
    }
    return 0;
}

int gm_cli_parse(const char *cmd, const char *usage, int argc, char **argv, gm_cli *c)
{
    static const struct {
        const char *name;
        unsigned bit;
    } commands[] = { { "best", BEST }, { "show", SHOW }, { "play", PLAY }, { "bench", BENCH } };
    unsigned bit = 0;
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (strcmp(cmd, commands[i].name) == 0)
            bit = commands[i].bit;
    choices ch;
    defaults(c, &ch);
    gm_option all[MAX_OPTIONS];
    cli_option mine[MAX_OPTIONS + 1];
    const size_t n = all_options(c, &ch, all);
    size_t taken = 0, at = 0;
    for (size_t i = 0; i < n; i++)
        if (all[i].commands & bit)
            mine[taken++] = all[i].o;
    mine[taken] = (cli_option)CLI_OPT_END;
    /* The names no option of this command has, each once. */
    char elsewhere[400] = "";
    for (size_t i = 0; i < n; i++) {
        bool named = false;
        for (size_t k = 0; k < taken; k++)
            named |= strcmp(mine[k].name, all[i].o.name) == 0;
        for (size_t k = 0; k < i; k++)
            named |= strcmp(all[k].o.name, all[i].o.name) == 0;
        if (!named && at < sizeof elsewhere)
            at += (size_t)snprintf(elsewhere + at, sizeof elsewhere - at, " %s", all[i].o.name);
    }
    char name[32];
    snprintf(name, sizeof name, "gomoku %s", cmd);
    const cli_command command = { name, usage, elsewhere };
    const int operands = cli_parse_options(&command, argc, argv, mine);
    return operands < 0 ? operands : finish(c, &ch) < 0 ? CLI_BAD : operands;
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

gmg_searcher *gm_cli_gpu_create(const gm_cli *c)
{
    gmg_options o = c->gpu;
    o.depth = c->opt.depth;
    o.algo = c->opt.algo;
    o.eval = c->opt.eval;
    o.stop = c->opt.stop;
    char err[256];
    gmg_searcher *s = gmg_create(&o, err, sizeof err);
    if (!s)
        cli_error("%s", err);
    return s;
}

int gm_cli_gpu_search(gmg_searcher *s, const gm_board *b, gm_result *r, gmg_stats *st)
{
    char err[256];
    const int rc = gmg_search(s, b, r, st, err, sizeof err);
    if (rc < 0)
        cli_error("%s", err);
    return rc;
}

const char *gm_cli_algo_name(gm_algo a)
{
    return algo_names[a];
}

void gm_cli_candidates(int near, char *out, size_t len)
{
    if (near)
        snprintf(out, len, "near:%d", near);
    else
        snprintf(out, len, "all");
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
