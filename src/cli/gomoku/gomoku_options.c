/*
 * What the gts gomoku commands share (cli/gomoku/gomoku_cli.h): the
 * parsers and checks of the options several commands take, the board of
 * the operands, the GPU design's calls, and the names of things.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/gomoku/gomoku_cli.h"

const char *const gomoku_algos[] = { "minimax", "alphabeta", "pvs", "pattern", NULL };
const char *const gomoku_rules[] = { "freestyle", "standard", "renju", NULL };
const char *const gomoku_parallels[] = { "root", "split", "shared", NULL };
const char *const gomoku_schedules[] = { "static", "dynamic", "guided", NULL };
const char *const gomoku_evals[] = { "shapes", "potential", "scan", NULL };
const char *const gomoku_designs[] = { "naive", "seqpar", "batch", "pvs", "dynamic", NULL };
const char *const gomoku_executors[] = { "gpu", "cpu", NULL };

/* --size N: both sides. */
int gomoku_parse_size(void *board, const char *text, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    gomoku_board_opts *b = board;
    long v;
    if (cli_int(text, GM_MIN_SIZE, GM_MAX_SIZE, &v) != 0)
        return -1;
    b->width = b->height = (int)v;
    return 0;
}

/* --candidates all|near:T. */
int gomoku_parse_candidates(void *near, const char *text, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    long v = 0;
    if (strcmp(text, "all") != 0 && (strncmp(text, "near:", 5) != 0 || cli_int(text + 5, 1, 4, &v) != 0))
        return -1;
    *(int *)near = (int)v;
    return 0;
}

void gomoku_search_defaults(gomoku_search_opts *s)
{
    *s = (gomoku_search_opts){ 0 };
    gm_search_defaults(&s->opt);
    s->parallel = (int)s->opt.parallel - 1;
    s->schedule = s->opt.schedule;
    s->eval = s->opt.eval;
}

int gomoku_search_finish(gomoku_search_opts *s, int algo)
{
    gm_search_options *o = &s->opt;
    o->algo = (gm_algo)algo;
    o->parallel = (gm_parallel)(s->parallel + 1);
    o->schedule = (gm_schedule)s->schedule;
    o->eval = (gm_eval_kind)s->eval;
    if (o->time_ms && !s->depth_given)
        o->depth = GM_MAX_DEPTH;
    if (o->split_depth > o->depth && o->parallel == GM_PAR_SPLIT) {
        cli_error("--split-depth %d is deeper than --depth %d", o->split_depth, o->depth);
        return CLI_BAD;
    }
    return 0;
}

void gomoku_gpu_finish(gomoku_gpu_opts *o)
{
    o->g.design = (gmg_design)o->design;
    o->g.executor = (gmg_executor)o->executor;
}

int gomoku_board(const gomoku_board_opts *o, int argc, char **argv, gm_board *b)
{
    char err[256];
    if (gm_init(b, o->width, o->height, (gm_rule)o->rule, o->near, err, sizeof err) != 0) {
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

gmg_searcher *gomoku_gpu_create(const gmg_options *g, const gm_search_options *o)
{
    gmg_options with = *g;
    with.depth = o->depth;
    with.algo = o->algo;
    with.eval = o->eval;
    with.stop = o->stop;
    char err[256];
    gmg_searcher *s = gmg_create(&with, err, sizeof err);
    if (!s)
        cli_error("%s", err);
    return s;
}

int gomoku_gpu_search(gmg_searcher *s, const gm_board *b, gm_result *r, gmg_stats *st)
{
    char err[256];
    const int rc = gmg_search(s, b, r, st, err, sizeof err);
    if (rc < 0)
        cli_error("%s", err);
    return rc;
}

void gomoku_candidates(int near, char *out, size_t len)
{
    if (near)
        snprintf(out, len, "near:%d", near);
    else
        snprintf(out, len, "all");
}

void gomoku_score(int32_t score, char *out, size_t len)
{
    if (score > GM_WIN_BOUND)
        snprintf(out, len, "win in %d", GM_WIN - score);
    else if (score < -GM_WIN_BOUND)
        snprintf(out, len, "loss in %d", GM_WIN + score);
    else
        snprintf(out, len, "%+d", score);
}
