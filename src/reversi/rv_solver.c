/*
 * The Reversi endgame solver's entry points (gts/reversi.h: rv_solve,
 * rv_solver_*): the options taken, the tables and helper threads made,
 * each run's thread set up and its result filled in.  The search itself is
 * rv_endgame.c (one thread) and rv_endgame_threads.c (the helpers).
 */
#include <stdio.h>
#include <stdlib.h>

#include "reversi/rv_endgame.h"
#include "reversi/rv_endgame_eval.h"
#include "reversi/rv_endgame_pv.h"
#include "reversi/rv_8x8_last.h"
#include "reversi/rv_hybrid.h"
#include "core/clock.h"

/* The ordering searches' own table (shallow() in rv_endgame.c). */
#define ORDER_TABLE_BYTES ((size_t)8 << 20)

struct rv_solver {
    rv_solve_options opt;
    htt *tt, *order_tt;
    rv_eg_thread thread;
    rv_eg_team *team;     /* the helper threads, NULL when serial */
    rv_hybrid *hybrid;    /* with the GPU: its threads in place of the team */
};
typedef struct rv_solver solver;

void rv_solve_defaults(rv_solve_options *o)
{
    *o = (rv_solve_options){ .tt_bytes = GTS_TT_DEFAULT_BYTES, .threads = 1 };
}

rv_solver *rv_solver_create(const rv_solve_options *o, char *err, size_t errlen)
{
    rv_stable_init();
    rv_last_init();
    rv_eg_eval_init();
    solver *s = calloc(1, sizeof *s);
    if (s) {
        s->opt = *o;
        s->tt = gts_htt_create(o->tt_bytes ? o->tt_bytes : GTS_TT_DEFAULT_BYTES);
        s->order_tt = gts_htt_create(ORDER_TABLE_BYTES);
    }
    if (!s || !s->tt || !s->order_tt) {
        snprintf(err, errlen, "out of memory for the endgame table");
        rv_solver_free(s);
        return NULL;
    }
    if (o->gpu && !(s->hybrid = rv_hybrid_create(o, s->tt, s->order_tt, err, errlen))) {
        rv_solver_free(s);
        return NULL;
    }
    /* Without memory for the threads, the serial search. */
    if (o->threads > 1)
        s->team = rv_eg_team_create(o->threads - 1, s->tt, s->order_tt);
    return s;
}

void rv_solver_free(rv_solver *s)
{
    if (s) {
        rv_hybrid_free(s->hybrid);
        rv_eg_team_free(s->team);
        gts_htt_free(s->tt);
        gts_htt_free(s->order_tt);
        free(s);
    }
}

/* The solver's thread set up for a search of p (the table's generation
 * moved on for a new root only). */
static void begin(solver *s, bool new_root)
{
    if (new_root) {
        /* Entries of earlier positions stay valid (a key is the position),
         * but a new generation lets this one's replace them first. */
        s->tt->generation++;
        s->order_tt->generation++;
    }
    s->thread = (rv_eg_thread){ .tt = s->tt,
                                .order_tt = s->order_tt,
                                .stop = s->opt.stop,
                                .on_bounds = s->opt.on_bounds,
                                .on_bounds_arg = s->opt.on_bounds_arg };
}

static void end(solver *s, double t0, int score, rv_solve_result *r)
{
    r->score = score;
    r->stopped = gts_stop_raised(s->thread.stop);
    r->lower = s->thread.lower;
    r->upper = s->thread.upper;
    r->nodes = s->thread.nodes;
    r->usec = gts_now_usec() - t0;
}

void rv_solver_run(rv_solver *s, const rv_pos *p, rv_solve_result *r)
{
    const double t0 = gts_now_usec();
    begin(s, true);
    int v;
    if (s->hybrid && rv_empties(p) > rv_hybrid_frontier(s->hybrid))
        v = rv_hybrid_root(s->hybrid, &s->thread, p->me, p->opp, s->opt.wld, &r->move);
    else if (s->team)
        v = rv_eg_root_threads(&s->thread, s->team, p->me, p->opp, s->opt.wld, &r->move);
    else
        v = rv_eg_root(&s->thread, p->me, p->opp, s->opt.wld, &r->move, NULL, NULL);
    end(s, t0, v, r);
    char why[256];
    if (s->hybrid && rv_hybrid_failed(s->hybrid, why, sizeof why))
        r->stopped = true;
}

int rv_solver_pv(rv_solver *s, const rv_pos *p, int score, int pv[RV_MAX_PV])
{
    begin(s, false);
    return rv_eg_pv(&s->thread, p, score, pv, RV_MAX_PV);
}

int rv_solver_frontier(const rv_solver *s)
{
    return s->hybrid ? rv_hybrid_frontier(s->hybrid) : 0;
}

gts_hybrid_stats rv_solver_hybrid_stats(rv_solver *s)
{
    return s->hybrid ? rv_hybrid_stats(s->hybrid) : (gts_hybrid_stats){ 0 };
}

void rv_solver_window(rv_solver *s, const rv_pos *p, int alpha, int beta, rv_solve_result *r)
{
    const double t0 = gts_now_usec();
    begin(s, false);
    const int v = s->team ? rv_eg_window_threads(&s->thread, s->team, p->me, p->opp, alpha, beta, &r->move)
                          : rv_eg_search(&s->thread, p->me, p->opp, alpha, beta, &r->move);
    end(s, t0, v, r);
}

/* rv_solver_run_with's windows: the caller's function. */
typedef struct outside_window {
    rv_window_fn *fn;
    void *arg;
    gts_stop *stop;         /* the root's token, raised when fn stops */
    gts_stop own;           /* the token where the options have none */
} outside_window;

static int call_outside(void *arg, rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, int *best)
{
    outside_window *o = arg;
    int value = alpha;
    const rv_pos p = { me, opp };
    *best = RV_NO_MOVE;
    (void)t;
    if (o->fn(o->arg, &p, alpha, beta, &value, best) != 0)
        gts_stop_raise(o->stop);
    return value;
}

void rv_solver_run_with(rv_solver *s, const rv_pos *p, rv_window_fn *window, void *arg, rv_solve_result *r)
{
    const double t0 = gts_now_usec();
    begin(s, true);
    outside_window o = { window, arg, s->opt.stop, GTS_STOP_INIT };
    if (!o.stop)
        o.stop = &o.own, s->thread.stop = &o.own;
    const int v = rv_eg_root(&s->thread, p->me, p->opp, s->opt.wld, &r->move, call_outside, &o);
    end(s, t0, v, r);
}

int rv_solve(const rv_pos *p, const rv_solve_options *o, rv_solve_result *r, char *err, size_t errlen)
{
    rv_solver *s = rv_solver_create(o, err, errlen);
    if (!s)
        return -1;
    rv_solver_run(s, p, r);
    rv_solver_free(s);
    return 0;
}
