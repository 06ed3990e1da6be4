/* The searching side of the Reversi protocol engines (reversi_engine.h). */
#include <getopt.h>
#include <stdio.h>

#include "cli/cli.h"
#include "reversi/engine/rv_engine.h"
#include "gts/reversi_board.h"

#define DEFAULT_DEPTH 6
#define DEFAULT_TT_MB 32

int rv_engine_parse_args(int argc, char **argv, const char *command, const char *usage, rv_engine_args *a)
{
    static const struct option opts[] = {
        { "depth", required_argument, NULL, 'd' },   { "endgame", required_argument, NULL, 'e' },
        { "threads", required_argument, NULL, 't' }, { "tt-mb", required_argument, NULL, 'm' },
        { "help", no_argument, NULL, 'h' },          { NULL, 0, NULL, 0 },
    };
    *a = (rv_engine_args){ .depth = DEFAULT_DEPTH, .endgame = -1, .threads = 1 };
    long tt_mb = DEFAULT_TT_MB;
    opterr = 0;
    optind = 1;
    int ch;
    while ((ch = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        long v = 0;
        int ok = 0;
        switch (ch) {
        case 'h':
            fputs(usage, stdout);
            return EXIT_OK;
        case 'd':
            ok = cli_int(optarg, 1, RV_MAX_DEPTH, &v) == 0;
            a->depth = (int)v;
            break;
        case 'e':
            ok = cli_int(optarg, 0, 60, &v) == 0;
            a->endgame = (int)v;
            break;
        case 't':
            ok = cli_int(optarg, 1, 256, &v) == 0;
            a->threads = (int)v;
            break;
        case 'm':
            ok = cli_int(optarg, 1, 1 << 20, &tt_mb) == 0;
            break;
        default:
            cli_error("unknown option or missing value: %s (see 'gts reversi %s --help')", argv[optind - 1], command);
            return EXIT_USAGE;
        }
        if (!ok) {
            cli_error("bad value '%s' for %s (see 'gts reversi %s --help')", optarg, argv[optind - 1], command);
            return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_error("%s takes no arguments, only options: '%s'", command, argv[optind]);
        return EXIT_USAGE;
    }
    a->tt_bytes = (size_t)tt_mb << 20;
    return -1;
}

int rv_engine_init(rv_engine *e, const rv_engine_args *a, gts_stop *stop, char *err, size_t errlen)
{
    *e = (rv_engine){
        .depth = a->depth, .endgame = a->endgame, .threads = a->threads, .tt_bytes = a->tt_bytes, .stop = stop,
    };
    rv_solve_options so;
    rv_solve_defaults(&so);
    so.tt_bytes = a->tt_bytes;
    so.threads = a->threads;
    so.stop = stop;
    e->solver = rv_solver_create(&so, err, errlen);
    return e->solver ? 0 : -1;
}

void rv_engine_free(rv_engine *e)
{
    rv_searcher_free(e->root);
    rv_searcher_free(e->child);
    rv_solver_free(e->solver);
    e->root = e->child = NULL;
    e->solver = NULL;
}

static void search_options(const rv_engine *e, int depth, rv_search_options *o)
{
    rv_search_defaults(o);
    o->algo = RV_ALGO_PVS;
    o->depth = depth;
    o->threads = e->threads;
    o->tt_bytes = e->tt_bytes;
    o->stop = e->stop;
}

int rv_engine_ready(rv_engine *e, char *err, size_t errlen)
{
    if (e->made_depth != e->depth) {
        rv_searcher_free(e->root);
        rv_searcher_free(e->child);
        e->root = e->child = NULL;
        e->made_depth = 0;
        rv_search_options o;
        search_options(e, e->depth, &o);
        e->root = rv_searcher_create(&o, err, errlen);
        if (e->root && e->depth > 1) {
            o.depth = e->depth - 1;
            e->child = rv_searcher_create(&o, err, errlen);
        }
        if (!e->root || (e->depth > 1 && !e->child))
            return -1;
        e->made_depth = e->depth;
    }
    rv_searcher_set_time(e->root, e->time_ms);
    if (e->child)
        rv_searcher_set_time(e->child, e->time_ms);
    return 0;
}

bool rv_engine_exact(const rv_engine *e, const rv_pos *p)
{
    const int limit = e->endgame >= 0          ? e->endgame
                      : 2 * e->depth < RV_ENGINE_ENDGAME_CAP ? 2 * e->depth
                                                              : RV_ENGINE_ENDGAME_CAP;
    return rv_empties(p) <= limit;
}

/* A finished game's score as the midgame search scores it. */
static int win_score(int discs)
{
    return discs > 0 ? RV_WIN + discs : discs < 0 ? -RV_WIN + discs : 0;
}

bool rv_engine_search(rv_engine *e, rv_searcher *s, const rv_pos *p, bool exact, rv_value *v)
{
    if (rv_game_over(p)) {
        const int f = rv_final_score(p);
        *v = (rv_value){ RV_NO_MOVE, exact ? f : win_score(f), 0 };
        return true;
    }
    if (exact) {
        rv_solve_result r;
        rv_solver_run(e->solver, p, &r);
        *v = (rv_value){ r.move, r.score, r.nodes };
        return !r.stopped;
    }
    rvb b;
    rvb_from_pos(&b, p);
    if (!s) {
        rv_search_options o;
        search_options(e, 1, &o);
        *v = (rv_value){ RV_NO_MOVE, rv_evaluate(&b, &o), 1 };
        return true;
    }
    rv_result r;
    rv_searcher_run(s, &b, &r);
    *v = (rv_value){ r.move == RVB_PASS ? RV_PASS : r.move, r.score, r.nodes };
    return !gts_stop_raised(e->stop);
}
