/* The public Connect 4 solver: options, algorithm dispatch, timing. */
#include "gts/c4_solver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c4/c4_batch.h"
#include "c4/c4_threads.h"
#include "c4/c4_search.h"
#include "core/tt.h"
#include "core/clock.h"
#include "core/threads.h"

struct c4_solver {
    c4_geom g;
    c4_options opt;
    tt_table *tt;
    tt_table **near;            /* one per thread */
    c4_pool *pool;              /* NULL with one thread */
    gts_stop unraised;          /* a serial search's token when the
                                   options give none */
};

static const char *const algo_names[] = { "solver", "alphabeta", "minimax" };

const char *c4_algo_name(c4_algo a)
{
    return algo_names[a];
}

int c4_algo_parse(const char *name, c4_algo *a)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(name, algo_names[i]) == 0) {
            *a = (c4_algo)i;
            return 0;
        }
    return -1;
}

bool c4_algo_fits(c4_algo a, const c4_geom *g, const c4_pos *p, char *err, size_t errlen)
{
    const int empty = g->cells - p->moves;
    if (a == C4_ALGO_MINIMAX && empty > C4_MINIMAX_MAX_EMPTY) {
        snprintf(err, errlen, "minimax visits every line: %d empty cells is too many (at most %d)", empty,
                 C4_MINIMAX_MAX_EMPTY);
        return false;
    }
    return true;
}

c4_options c4_default_options(void)
{
    return (c4_options){ .algo = C4_ALGO_SOLVER, .tt_bytes = GTS_TT_DEFAULT_BYTES, .threads = 1 };
}

c4_solver *c4_solver_create(const c4_geom *g, const c4_options *opt, char *err, size_t errlen)
{
    if (opt->threads < 1 || opt->threads > 1024) {
        snprintf(err, errlen, "thread count %d out of range 1..1024", opt->threads);
        return NULL;
    }
    if (opt->threads > 1 && opt->algo != C4_ALGO_SOLVER) {
        snprintf(err, errlen, "--threads applies to --algo solver only, not %s", c4_algo_name(opt->algo));
        return NULL;
    }
    c4_solver *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->g = *g;
    s->opt = *opt;
    if (opt->algo == C4_ALGO_SOLVER) {
        s->tt = gts_tt_create(opt->tt_bytes, g->key_bits, err, errlen);
        s->near = calloc((size_t)opt->threads, sizeof *s->near);
        if (!s->tt || !s->near) {
            if (s->tt && !s->near)
                snprintf(err, errlen, "out of memory");
            c4_solver_free(s);
            return NULL;
        }
        for (int i = 0; i < opt->threads; i++)
            if (!(s->near[i] = c4_near_create(g, err, errlen))) {
                /* The threads' memory, not the shared table's: 1024
                 * threads under a 4 GB limit failed here, said as "out of
                 * memory for a 2097152-byte transposition table". */
                if (opt->threads > 1)
                    gts_threads_oom(err, errlen, opt->threads, i, c4_near_bytes(g), "table of near-end positions");
                c4_solver_free(s);
                return NULL;
            }
    }
    if (opt->threads > 1) {
        s->pool = c4_pool_create(opt->threads - 1, &s->g, s->tt, s->near + 1, opt->book, opt->stop);
        /* A solver of fewer threads than asked for would be slower than
         * the user thinks, not wrong: said at the start instead. */
        if (!s->pool || c4_pool_helpers(s->pool) < opt->threads - 1) {
            if (s->pool)
                gts_threads_unstarted(err, errlen, opt->threads, c4_pool_helpers(s->pool) + 1);
            else
                snprintf(err, errlen, "out of memory for %d threads", opt->threads);
            c4_solver_free(s);
            return NULL;
        }
    }
    return s;
}

void c4_solver_free(c4_solver *s)
{
    if (!s)
        return;
    c4_pool_free(s->pool);
    gts_tt_free(s->tt);
    for (int i = 0; s->near && i < s->opt.threads; i++)
        gts_tt_free(s->near[i]);
    free(s->near);
    free(s);
}

void c4_solver_clear(c4_solver *s)
{
    if (s->tt)
        gts_tt_clear(s->tt);
    for (int i = 0; s->near && i < s->opt.threads; i++)
        gts_tt_clear(s->near[i]);
}

int c4_solve(c4_solver *s, const c4_pos *p, bool weak, c4_result *r)
{
    if (gts_stop_raised(s->opt.stop))
        return -1;
    c4_search ctx;
    c4_search_init(&ctx, &s->g, s->tt, s->near ? s->near[0] : NULL, s->opt.book,
                   s->opt.stop ? s->opt.stop : &s->unraised);
    ctx.progress = s->opt.progress;
    ctx.progress_ctx = s->opt.progress_ctx;
    const double t0 = gts_now_usec();
    int score = 0, rc = 0;
    switch (s->opt.algo) {
    case C4_ALGO_SOLVER:
        if (s->pool)
            rc = c4_pool_solve(s->pool, &ctx, p, weak, &score);
        else
            score = c4_search_solve(&ctx, p, weak);
        break;
    case C4_ALGO_ALPHABETA:
        score = c4_alphabeta_solve(&ctx, p, weak);
        break;
    case C4_ALGO_MINIMAX:
        score = c4_minimax_solve(&ctx, p, weak);
        break;
    }
    if (rc != 0 || (!s->pool && gts_stop_raised(s->opt.stop)))
        return -1;
    r->score = score;
    r->nodes = ctx.nodes;
    r->tt_hits = ctx.tt_hits;
    /* The plain algorithms settle nothing without a search. */
    r->searched = s->opt.algo == C4_ALGO_SOLVER ? ctx.searched : ctx.nodes;
    r->usec = gts_now_usec() - t0;
    return 0;
}

int c4_solve_window(c4_solver *s, const c4_pos *p, int alpha, int beta, c4_result *r)
{
    if (gts_stop_raised(s->opt.stop) || s->opt.algo != C4_ALGO_SOLVER)
        return -1;
    c4_search ctx;
    c4_search_init(&ctx, &s->g, s->tt, s->near ? s->near[0] : NULL, s->opt.book,
                   s->opt.stop ? s->opt.stop : &s->unraised);
    const double t0 = gts_now_usec();
    int value = 0, rc = 0;
    if (s->pool)
        rc = c4_pool_window(s->pool, &ctx, p, alpha, beta, &value);
    else
        value = c4_search_window(&ctx, p, alpha, beta);
    if (rc != 0 || (!s->pool && gts_stop_raised(s->opt.stop)))
        return -1;
    *r = (c4_result){ .score = value, .nodes = ctx.nodes, .tt_hits = ctx.tt_hits, .searched = ctx.searched,
                      .usec = gts_now_usec() - t0 };
    return 0;
}

/* The table's size split among the threads, made for the call. */
int c4_solver_batch(c4_solver *s, const c4_pos *ps, int n, bool weak, c4_result *r, const c4_batch_lanes *lanes,
                    gts_ends_counts *counts)
{
    const int threads = s->opt.threads;
    const size_t least = gts_tt_min_bytes(s->g.key_bits), share = s->opt.tt_bytes / (size_t)threads;
    tt_table **tts = calloc((size_t)threads, sizeof *tts);
    int rc = tts ? 0 : -2;
    for (int i = 0; i < threads && rc == 0; i++) {
        char err[256];
        if (!(tts[i] = gts_tt_create(share > least ? share : least, s->g.key_bits, err, sizeof err)))
            rc = -2;
    }
    if (rc == 0) {
        const c4_batch_tables t = { &s->g, tts, s->near, threads, s->opt.book, s->opt.stop };
        rc = c4_batch_run(&t, ps, n, weak, r, lanes, counts);
    }
    for (int i = 0; tts && i < threads; i++)
        gts_tt_free(tts[i]);
    free(tts);
    return rc;
}

int c4_solve_batch(c4_solver *s, const c4_pos *ps, int n, bool weak, c4_result *r)
{
    if (s->opt.algo == C4_ALGO_SOLVER && s->opt.threads > 1)
        return c4_solver_batch(s, ps, n, weak, r, NULL, NULL);
    int rc = 0;
    for (int i = 0; i < n; i++) {
        if (rc == 0 && c4_solve(s, &ps[i], weak, &r[i]) != 0)
            rc = -1;
        if (rc != 0)
            r[i] = (c4_result){ .usec = -1 };
    }
    return rc;
}

/* Exact score of playing col in p (playable, the game not over), the
 * nodes and time it took in r; -1 if interrupted. */
static int analyze_move(c4_solver *s, const c4_pos *p, int col, int *score, c4_result *r)
{
    const c4_geom *g = &s->g;
    *r = (c4_result){ 0 };
    if (c4_is_winning_move(g, p, col)) {
        *score = c4_win_score(g, p->moves);
        return 0;
    }
    c4_pos q = *p;
    c4_play(g, &q, col);
    if (c4_solve(s, &q, false, r) != 0)
        return -1;
    *score = -r->score;
    return 0;
}

int c4_analyze(c4_solver *s, const c4_pos *p, int scores[C4_MAX_WIDTH], bool playable[C4_MAX_WIDTH],
               c4_result *r)
{
    const c4_geom *g = &s->g;
    *r = (c4_result){ 0 };
    int dummy;
    const bool over = c4_final_score(g, p, &dummy);
    for (int col = 0; col < g->width; col++) {
        playable[col] = !over && c4_can_play(g, p, col);
        if (!playable[col])
            continue;
        if (s->opt.column)
            s->opt.column(col, NULL, s->opt.column_ctx);
        c4_result child;
        if (analyze_move(s, p, col, &scores[col], &child) != 0)
            return -1;
        if (s->opt.column)
            s->opt.column(col, &scores[col], s->opt.column_ctx);
        r->nodes += child.nodes;
        r->tt_hits += child.tt_hits;
        r->searched += child.searched;
        r->usec += child.usec;
    }
    return 0;
}
