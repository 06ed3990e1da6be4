/* The Reversi engine the protocols drive (rv_engine.h). */
#include "reversi/engine/rv_engine.h"

#include <stdio.h>

#include "gts/reversi_board.h"

void rv_engine_defaults(rv_engine_settings *s)
{
    *s = (rv_engine_settings){
        .depth = RV_ENGINE_DEPTH, .endgame = -1, .threads = 1, .tt_bytes = (size_t)RV_ENGINE_TT_MB << 20,
    };
}

int rv_engine_init(rv_engine *e, const rv_engine_settings *s, gts_stop *stop, char *err, size_t errlen)
{
    *e = (rv_engine){ .set = *s, .stop = stop };
    rv_game_new(&e->game);
    rv_clock_untimed(&e->clock);
    rv_solve_options so;
    rv_solve_defaults(&so);
    so.tt_bytes = s->tt_bytes;
    so.threads = s->threads;
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
    o->threads = e->set.threads;
    o->tt_bytes = e->set.tt_bytes;
    o->stop = e->stop;
}

int rv_engine_ready(rv_engine *e, long time_ms, char *err, size_t errlen)
{
    if (e->made_depth != e->set.depth) {
        rv_searcher_free(e->root);
        rv_searcher_free(e->child);
        e->root = e->child = NULL;
        e->made_depth = 0;
        rv_search_options o;
        search_options(e, e->set.depth, &o);
        e->root = rv_searcher_create(&o, err, errlen);
        if (e->root && e->set.depth > 1) {
            o.depth = e->set.depth - 1;
            e->child = rv_searcher_create(&o, err, errlen);
        }
        if (!e->root || (e->set.depth > 1 && !e->child))
            return -1;
        e->made_depth = e->set.depth;
    }
    rv_searcher_set_time(e->root, time_ms);
    if (e->child)
        rv_searcher_set_time(e->child, time_ms);
    return 0;
}

bool rv_engine_exact(const rv_engine *e, const rv_pos *p)
{
    const int twice = 2 * e->set.depth;
    const int limit = e->set.endgame >= 0 ? e->set.endgame
                      : twice < RV_ENGINE_ENDGAME_CAP ? twice
                                                      : RV_ENGINE_ENDGAME_CAP;
    return rv_empties(p) <= limit;
}

/* A finished game's score as the midgame search scores it. */
static int win_score(int discs)
{
    return discs > 0 ? RV_WIN + discs : discs < 0 ? -RV_WIN + discs : 0;
}

/* The value of p: exact, or by s (e->root or e->child; NULL: the
 * evaluation, depth 0).  False when the search was stopped. */
static bool search(rv_engine *e, rv_searcher *s, const rv_pos *p, bool exact, rv_value *v)
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

bool rv_engine_value(rv_engine *e, const rv_pos *p, bool exact, rv_value *v)
{
    return search(e, e->root, p, exact, v);
}

int rv_engine_value_moves(rv_engine *e, const rv_pos *p, bool exact, int depth, rv_value out[64], uint64_t *nodes)
{
    /* The moves a ply shallower: e->child, made for the set depth - 1, at
     * depth - 1 (its table kept from one depth to the next); none at 1. */
    rv_searcher *s = exact || depth <= 1 ? NULL : e->child;
    if (s)
        rv_searcher_set_depth(s, depth - 1);
    int squares[64], count = 0, n = 0;
    const uint64_t moves = rv_moves(p->me, p->opp);
    for (uint64_t m = moves; m; m &= m - 1)
        squares[count++] = __builtin_ctzll(m);
    if (!moves)
        squares[count++] = RV_PASS;
    for (int k = 0; k < count && !gts_stop_raised(e->stop); k++) {
        rv_pos c = *p;
        if (squares[k] == RV_PASS)
            rv_pass(&c);
        else
            rv_play(&c, squares[k], rv_flips(p->me, p->opp, squares[k]));
        rv_value v;
        const bool done = search(e, s, &c, exact, &v);
        *nodes += v.nodes;
        if (!done)
            break;
        int i = n++;
        for (; i > 0 && out[i - 1].score < -v.score; i--)
            out[i] = out[i - 1];
        out[i] = (rv_value){ squares[k], -v.score, v.nodes };
    }
    return n;
}

int rv_engine_choose(rv_engine *e, int by, int *move, char *err, size_t errlen)
{
    const rv_pos *now = rv_game_now(&e->game);
    *move = RV_PASS;
    if (rv_game_over(now))
        return 0;
    rv_pos p = *now;
    const int mover = rv_game_mover(&e->game);
    if (by != mover) {
        if (rv_moves(now->me, now->opp)) {
            snprintf(err, errlen, "%s is to move, not %s", rv_side_name(mover), rv_side_name(by));
            return -1;
        }
        rv_pass(&p);   /* the side to move must pass: the other side's move */
    }
    if (!rv_moves(p.me, p.opp))
        return 0;
    if (rv_engine_ready(e, rv_clock_move_ms(&e->clock, by, &p), err, errlen) != 0)
        return -1;
    rv_value v;
    rv_engine_value(e, &p, rv_engine_exact(e, &p), &v);
    *move = v.move;
    return 0;
}

bool rv_engine_final_score(rv_engine *e, int *black_discs)
{
    const rv_pos *p = rv_game_now(&e->game);
    const int sign = rv_game_mover(&e->game) == RV_BY_BLACK ? 1 : -1;
    if (rv_game_over(p)) {
        *black_discs = sign * rv_final_score(p);
        return true;
    }
    if (!rv_engine_exact(e, p))
        return false;
    rv_value v;
    search(e, NULL, p, true, &v);
    *black_discs = sign * v.score;
    return true;
}
