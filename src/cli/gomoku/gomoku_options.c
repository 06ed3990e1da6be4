/*
 * What the gts gomoku commands share (cli/gomoku/gomoku_cli.h): the
 * usage, the parsers and checks of the options several commands take,
 * the board of the operands, the GPU design's calls, and the names of
 * things.
 */
#include "cli/gomoku/gomoku_cli.h"

#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "gts/tt_size.h"

const char gomoku_usage_text[] =
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
    "  --rule freestyle|standard|renju|caro|caro-exact\n"
    "                                    five or more wins / exactly five / renju:\n"
    "                                    black exactly five, never on a forbidden\n"
    "                                    point (no GPU design), white five or more /\n"
    "                                    caro: five or more, but not an exact five\n"
    "                                    with the opponent's stones at both ends\n"
    "                                    (the edge is no block) / caro-exact: that,\n"
    "                                    of exactly five (no GPU design for caro;\n"
    "                                    default freestyle)\n"
    "  --candidates all|near:T           every empty cell, or cells within T (1..4)\n"
    "                                    of a stone (default near:2)\n"
    "  --depth D                         plies (default 4)\n"
    "  --time MS                         iterative deepening within MS milliseconds\n"
    "                                    (up to --depth, default 64 then)\n"
    "  --algo minimax|alphabeta|pvs|pattern   (default pvs: iterative deepening,\n"
    "                                    table, killers, history, threats first;\n"
    "                                    pattern: the Gomocup engine's search, line\n"
    "                                    patterns, null move, reductions; threads\n"
    "                                    by Lazy SMP)\n"
    "  --threads N                       (default 1)\n"
    "  --parallel root|split|shared      threads' way (default shared: gts's own)\n"
    "  --split-depth S                   split: the ply whose moves are shared out\n"
    "                                    (1 = the root's; default 1)\n"
    "  --schedule static|dynamic|guided  root and split (default dynamic)\n"
    "  --vcf                             look for a win by continuous fours first\n"
    "  --vct                             ... then by continuous threats (threes too)\n"
    "  --eval shapes|potential|scan      leaf evaluation (default shapes; scan: the\n"
    "                                    potential by direction scans, same values)\n"
    "  --tt-mb MB                        table size for pvs (default " GTS_TT_DEFAULT_MB_TEXT ")\n"
    "  --json                            best: one JSON object; bench: one a line\n"
    "  --backend cpu|gpu                 best: gpu runs one of the reports' GPU\n"
    "                                    designs to --depth (default cpu)\n"
    "  --design naive|seqpar|batch|pvs|dynamic   the GPU design (default pvs): a\n"
    "                                    thread per root move; the host's top\n"
    "                                    --split plies then a thread per node\n"
    "                                    (default depth-1); every leaf evaluated\n"
    "                                    on the GPU; PV-split with a null window,\n"
    "                                    a block per sibling; kernels launching\n"
    "                                    kernels, a block per node\n"
    "  --split S  --chunk N              seqpar's host plies; frontier nodes per\n"
    "                                    launch (default 1048576)\n"
    "  --executor gpu|cpu                cpu runs the device code on one CPU thread\n"
    "  --block-threads N                 pvs: threads per block (32..1024)\n"
    "\n"
    "play: --black engine|human, --white engine|human (default engine: the\n"
    "  options above; a human's moves are read from stdin, one a line);\n"
    "  --random N [--random-radius R] [--seed S]: the first N moves at random\n"
    "  within R (default 3) of a stone or of the centre.\n"
    "bench table: --algo A,B,.. --sizes 6,9,.. --depths 1-4 (default all\n"
    "  three algorithms, 6..24 by 3, 1..4; candidates all); --max-seconds S: a\n"
    "  cell past S seconds (default 60) ends that algorithm's larger cells.  The\n"
    "  defaults take minutes; when stderr is not a terminal, both benches write\n"
    "  a line there per finished row.\n"
    "bench table --gpu: the report's GPU designs (every --design) beside the\n"
    "  CPU's alpha-beta and PVS on --threads (default every core), with the\n"
    "  report's figure for each; --whole-game: a whole game a cell (Tables 8\n"
    "  and 9); --csv: one line a cell.\n"
    "bench positions FILE: --threads 1,2,4,.. (default 1,2,4,8,16), --depth\n"
    "  (default 3), --limit N: the first N positions; --gpu: one more column,\n"
    "  the --design on the GPU; --csv: one line a position and column.\n"
    "bench --plot FILE.svg|png: draws the table with gnuplot (as 'gts plot' on\n"
    "  its --csv): table, a panel a depth, boards across, seconds (with --gpu\n"
    "  each variant's speed-up over the naive design), log scale; positions,\n"
    "  the speed-up of the total over one thread against the ideal.\n"
    "Lists of numbers take ranges too: 1-4, 1-4,8,16.\n"
    "\n"
    "exit status: 0 ok, 1 failure, 2 usage error.\n";

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

int gomoku_gpu_rule(int rule)
{
    if (rule == GM_FREESTYLE || rule == GM_STANDARD)
        return 0;
    cli_error("--rule %s: the GPU designs play freestyle or standard", gm_rule_names[rule]);
    return CLI_BAD;
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
    const gmg_options with = gmg_with_search(g, o);
    char err[256];
    gmg_searcher *s = gmg_create(&with, err, sizeof err);
    if (!s)
        cli_gpu_failed(g->executor != GMG_EXEC_CPU, err);
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
