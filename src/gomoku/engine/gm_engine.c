/* The Gomoku engine behind a protocol (gm_engine.h). */
#include "gomoku/engine/gm_engine.h"

#include <stdio.h>

#include "core/clock.h"
#include "gomoku/gm_renju.h"

#define MAX_PLIES 20           /* iterative deepening's cap; time ends it first */
#define NEAR 2                 /* candidate moves: cells within 2 of a stone */
#define TT_MAX_BYTES (1UL << 30)
#define STOPGAP_TT_BYTES (4UL << 20)   /* cleared before each search in well under a millisecond */
#define SMALLEST_TABLE 1               /* tt_bytes for htt's smallest table (one bucket); 0 is the default */

void gm_engine_init(gm_engine *e, int threads)
{
    *e = (gm_engine){ .rule = GM_FREESTYLE, .algo = GM_ALGO_PATTERN, .maker = gm_maker_create() };
    gm_clock_init(&e->clock);
    gm_engine_set_threads(e, threads);
}

void gm_engine_free(gm_engine *e)
{
    gm_maker_free(e->maker);
    gm_searcher_free(e->searcher);
    gm_searcher_free(e->stopgap);
    e->maker = NULL;
    e->searcher = e->stopgap = NULL;
}

void gm_engine_new_game(gm_engine *e, int width, int height)
{
    /* The table's keys are cell numbers: another size, other cells. */
    e->stale_table |= width != e->game.width || height != e->game.height;
    gm_game_new(&e->game, width, height);
}

void gm_engine_set_rule(gm_engine *e, gm_rule rule)
{
    e->stale_table |= rule != e->rule;   /* the table's scores were for the other */
    e->rule = rule;
}

void gm_engine_set_threads(gm_engine *e, long threads)
{
    e->threads = threads < 1 ? 1 : threads > GM_ENGINE_MAX_THREADS ? GM_ENGINE_MAX_THREADS : (int)threads;
}

/* The options of the engine's searchers: algorithm, threads and table
 * bytes. */
static gm_search_options options(gm_algo algo, int threads, size_t tt)
{
    gm_search_options o;
    gm_search_defaults(&o);
    o.algo = algo;
    o.depth = MAX_PLIES;
    o.time_ms = 1;   /* set for each move */
    o.threads = threads;
    o.vcf = true;
    /* No VCT first: the pattern search follows threes at no depth and
     * finds those wins itself, and the VCT's quarter of the time cost
     * 134 Elo (+88..+184) in self-play at 100 ms (docs/notes). */
    o.vct = false;
    o.tt_bytes = tt;
    return o;
}

/* What one searcher of algo with threads uses besides its table. */
static size_t searcher_bytes(gm_algo algo, int threads)
{
    const gm_search_options o = options(algo, threads, 0);
    return gm_searcher_bytes(&o);
}

gm_engine_plan gm_engine_plan_memory(long max_memory, gm_algo algo, int threads)
{
    if (max_memory <= 0)
        return (gm_engine_plan){ .threads = threads, .table = 0, .stopgap_table = STOPGAP_TT_BYTES };
    const size_t limit = (size_t)max_memory;
    /* Two searchers live at once: the session's and the small one. */
    while (threads > 1 && 2 * searcher_bytes(algo, threads) > limit)
        threads--;
    const size_t fixed = 2 * searcher_bytes(algo, threads);
    const size_t left = limit > fixed ? limit - fixed : 0;
    gm_engine_plan p = { .threads = threads, .stopgap_table = left / 8, .table = limit / 4 };
    if (p.stopgap_table > STOPGAP_TT_BYTES)
        p.stopgap_table = STOPGAP_TT_BYTES;
    if (p.table > left - p.stopgap_table)
        p.table = left - p.stopgap_table;
    if (p.table > TT_MAX_BYTES)
        p.table = TT_MAX_BYTES;
    p.table = p.table ? p.table : SMALLEST_TABLE;
    p.stopgap_table = p.stopgap_table ? p.stopgap_table : SMALLEST_TABLE;
    return p;
}

/* The small searcher of the moves that cannot use the session's (not made
 * yet, or a position of uneven stone counts, whose keys must not go into
 * its table), made for plan p if it was not; NULL with a reason in err if
 * it cannot be made.  Made by gm_engine_prepare, at START, so that the
 * first move does not pay for it nor for the pattern tables its first
 * search builds (80-95 ms on a loaded 2-core machine, issue 38). */
static gm_searcher *stopgap(gm_engine *e, const gm_engine_plan *p, char *err, size_t errlen)
{
    if (e->stopgap && e->stopgap_threads == p->threads && e->stopgap_tt == p->stopgap_table)
        return e->stopgap;
    gm_searcher_free(e->stopgap);
    const gm_search_options o = options(e->algo, p->threads, p->stopgap_table);
    e->stopgap = gm_searcher_create(&o, err, errlen);
    e->stopgap_threads = p->threads;
    e->stopgap_tt = p->stopgap_table;
    return e->stopgap;
}

void gm_engine_prepare(gm_engine *e)
{
    gm_searcher *made;
    if (!e->maker)
        return;   /* out of memory at init: the small searcher does every move */
    if (e->main == GM_ENGINE_ORDERED && gm_maker_take(e->maker, &made, e->failure, sizeof e->failure)) {
        e->searcher = made;
        e->main = made ? GM_ENGINE_READY : GM_ENGINE_FAILED;
        e->stale_table = false;   /* a new table holds nothing */
    }
    const gm_engine_plan p = gm_engine_plan_memory(e->max_memory, e->algo, e->threads);
    const bool same = e->main != GM_ENGINE_NONE && e->main_threads == p.threads && e->main_tt == p.table;
    /* What is being made, or could not be, is not asked for again. */
    if (!same || (e->main == GM_ENGINE_READY && e->stale_table)) {
        const gm_search_options o = options(e->algo, p.threads, p.table);
        gm_maker_order(e->maker, &o, e->searcher);
        e->searcher = NULL;
        e->main = GM_ENGINE_ORDERED;
        e->main_threads = p.threads;
        e->main_tt = p.table;
    }
    char err[256];
    stopgap(e, &p, err, sizeof err);
}

/* The search's move on e->board, or GM_NO_MOVE with a note when there is
 * no searcher. */
static int search(gm_engine *e, double t0, bool uneven, char *note, size_t notelen)
{
    gm_engine_prepare(e);
    char err[256];
    const gm_engine_plan p = gm_engine_plan_memory(e->max_memory, e->algo, e->threads);
    gm_searcher *s = e->main == GM_ENGINE_READY && !uneven ? e->searcher : stopgap(e, &p, err, sizeof err);
    if (s == e->stopgap && s)
        gm_searcher_clear(s);
    if (!s) {
        snprintf(note, notelen, "no search (%s): playing near the centre", err);
        return GM_NO_MOVE;
    }
    if (e->main == GM_ENGINE_FAILED && e->failure[0]) {
        snprintf(note, notelen, "no table of %zu MB (%s): searching with a small one",
                 (e->main_tt ? e->main_tt : GTS_TT_DEFAULT_BYTES) >> 20, e->failure);
        e->failure[0] = '\0';   /* said once */
    }
    /* What came before the search took part of the time. */
    const int empty = e->game.width * e->game.height - e->game.stones;
    const long left = gm_clock_move_ms(&e->clock, empty) - (long)((gts_now_usec() - t0) / 1000);
    gm_searcher_set_time(s, left > 1 ? left : 1);
    gm_result r;
    gm_searcher_run(s, &e->board, &r);
    return r.move;
}

/* The empty cell nearest the centre, or under renju, when it is black's
 * forbidden point, the first empty cell that is not; GM_NO_MOVE if
 * none. */
static int any_move(gm_engine *e)
{
    const int centre = gm_game_centre_move(&e->game);
    if (centre == GM_NO_MOVE || !gm_renju_forbidden(&e->board, centre))
        return centre;
    for (int cell = 0; cell < e->board.cells; cell++)
        if (e->board.cell[cell] == GM_EMPTY && !gm_renju_forbidden(&e->board, cell))
            return cell;
    return GM_NO_MOVE;
}

int gm_engine_move(gm_engine *e, char *note, size_t notelen)
{
    const gm_game *g = &e->game;
    if (notelen)
        note[0] = '\0';
    if (g->stones == g->width * g->height) {
        snprintf(note, notelen, "the board is full");
        return GM_NO_MOVE;
    }
    const int five = gm_game_five(g, e->rule);
    if (five != GM_GAME_EMPTY) {
        snprintf(note, notelen, "the game is over: %s five in a row",
                 five == GM_GAME_MINE ? "this engine has" : "the opponent has");
        return GM_NO_MOVE;
    }
    const double t0 = gts_now_usec();
    const bool uneven = gm_game_board(g, e->rule, NEAR, &e->board);
    int move = search(e, t0, uneven, note, notelen);
    /* A search without a move: any empty cell black may play keeps the
     * match going. */
    if (move < 0 || move >= g->width * g->height || g->who[move] != GM_GAME_EMPTY)
        move = any_move(e);
    if (move == GM_NO_MOVE) {
        snprintf(note, notelen, "no move: every empty cell is forbidden to black under renju");
        return GM_NO_MOVE;
    }
    gm_game_put(&e->game, move, GM_GAME_MINE);
    return move;
}
