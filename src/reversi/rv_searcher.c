/*
 * The depth-limited Reversi searcher's entry points (gts/reversi_search.h:
 * rv_search, rv_searcher_*): the options checked, the table, contexts and
 * threads made, iterative deepening run and the result filled in.  The
 * search itself is rv_search.c; the helper threads rv_search_threads.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reversi/rv_search_internal.h"
#include "core/clock.h"
#include "core/deadline.h"

void rv_search_defaults(rv_search_options *o)
{
    *o = (rv_search_options){
        .algo = RV_ALGO_PVS,
        .depth = 6,
        .threads = 1,
        .tt_bytes = GTS_TT_DEFAULT_BYTES,
        .wpc = RV_WPC_CTDL,
        .mobility_weight = RV_DEFAULT_MOBILITY,
    };
}

void rv_searcher_free(rv_searcher *s)
{
    if (!s)
        return;
    rv_pool_free(s->pool);
    for (int i = 0; i < s->nctx && s->ctx; i++)
        free(s->ctx[i]);
    free(s->ctx);
    free(s->w);
    gts_htt_free(s->tt);
    free(s);
}

rv_searcher *rv_searcher_create(const rv_search_options *o, char *err, size_t errlen)
{
    if ((unsigned)o->algo > RV_ALGO_PVS || o->depth < 1 || o->depth > RV_MAX_DEPTH || o->threads < 1 ||
        o->threads > 1024 || (unsigned)o->parallel > RV_PAR_LAZY || o->time_ms < 0 || (unsigned)o->wpc > RV_WPC_STANDARD || o->mobility_weight < 0 ||
        o->mobility_weight > 10000 || o->split_depth < 0 || o->split_depth > RV_MAX_DEPTH) {
        snprintf(err, errlen,
                 "search options out of range (depth 1..%d, threads 1..1024, parallel, time >= 0, mobility 0..10000, "
                 "split depth 0..%d)",
                 RV_MAX_DEPTH, RV_MAX_DEPTH);
        return NULL;
    }
    rv_searcher *s = calloc(1, sizeof *s);
    if (!s)
        goto oom;
    s->o = *o;
    s->nctx = o->threads;
    s->ctx = calloc((size_t)s->nctx, sizeof *s->ctx);
    s->w = calloc(1, sizeof *s->w);
    if (!s->ctx || !s->w)
        goto oom;
    for (int i = 0; i < s->nctx; i++)
        if (!(s->ctx[i] = calloc(1, sizeof *s->ctx[i])))
            goto oom;
    if (o->algo == RV_ALGO_PVS && !(s->tt = gts_htt_create(o->tt_bytes ? o->tt_bytes : GTS_TT_DEFAULT_BYTES)))
        goto oom;
    if (s->nctx > 1 && !(s->pool = rv_pool_create(s)))
        goto oom;
    return s;
oom:
    snprintf(err, errlen, "out of memory for the search (table %zu MB, %d threads)", o->tt_bytes >> 20, o->threads);
    rv_searcher_free(s);
    return NULL;
}

void rv_searcher_clear(rv_searcher *s)
{
    if (s->tt)
        gts_htt_clear(s->tt);
    for (int i = 0; i < s->nctx; i++)
        memset(s->ctx[i]->history, 0, sizeof s->ctx[i]->history);
}

void rv_searcher_set_time(rv_searcher *s, long time_ms)
{
    s->o.time_ms = time_ms > 0 ? time_ms : 0;
}

void rv_searcher_set_depth(rv_searcher *s, int depth)
{
    s->o.depth = depth < 1 ? 1 : depth > RV_MAX_DEPTH ? RV_MAX_DEPTH : depth;
}

void rv_searcher_run(rv_searcher *s, const rvb *b, rv_result *r)
{
    const double t0 = gts_now_usec();
    *r = (rv_result){ .move = RVB_NO_MOVE };
    if (s->w->width != b->width || s->w->height != b->height)
        rv_weights_init(s->w, b->width, b->height, s->o.wpc, s->o.mobility_weight);
    if (s->tt)
        s->tt->generation++;
    atomic_store(&s->abort, 0);
    for (int i = 0; i < s->nctx; i++) {
        rv_ctx *c = s->ctx[i];
        c->searcher = s;
        c->w = s->w;
        c->tt = s->tt;
        c->algo = s->o.algo;
        c->nodes = 0;
        c->next_check = GTS_CHECK_NODES;
        c->abort = &s->abort;
        c->pool = s->pool;
        c->sp = NULL;
        c->vary = s->o.parallel == RV_PAR_LAZY ? (unsigned)i : 0;
        c->stopped = false;
        c->deadline = 0;   /* depth 1 always finishes: there is a move to play */
    }
    rv_ctx *c = s->ctx[0];
    rvb_copy(&c->b[0], b);
    c->wpc[0] = rv_wpc_value(s->w, b);
    if (s->pool)
        rv_pool_begin(s->pool);
    if (rvb_game_over(b)) {
        r->score = rv_final_value(b);
    } else {
        const bool deepen = s->o.algo == RV_ALGO_PVS || s->o.time_ms > 0;
        for (int depth = deepen ? 1 : s->o.depth;
             depth <= s->o.depth && !gts_stop_raised(s->o.stop); depth++) {
            const int32_t v = s->pool ? rv_pool_root(c, depth) : rv_node(c, 0, depth, -RV_INF, RV_INF, true);
            if (c->stopped)
                break;
            r->move = c->root_move;
            r->score = v;
            r->depth = depth;
            if (s->o.on_depth) {
                rv_result now = *r;
                for (int i = 0; i < s->nctx; i++)
                    now.nodes += s->ctx[i]->nodes;
                now.usec = gts_now_usec() - t0;
                s->o.on_depth(&now, s->o.on_depth_arg);
            }
            if (s->o.time_ms > 0)
                for (int i = 0; i < s->nctx; i++)
                    s->ctx[i]->deadline = gts_deadline_after(t0, s->o.time_ms);
        }
        if (!r->depth) {
            /* Stopped from outside before depth 1 ended: a legal move. */
            int moves[RVB_MAX_SQUARES];
            r->move = rvb_move_list(b, moves) ? moves[0] : RVB_PASS;
            r->score = rv_leaf_value(s->w, b);
        }
    }
    if (s->pool)
        rv_pool_end(s->pool);
    for (int i = 0; i < s->nctx; i++)
        r->nodes += s->ctx[i]->nodes;
    r->usec = gts_now_usec() - t0;
}

int rv_search(const rvb *b, const rv_search_options *o, rv_result *r, char *err, size_t errlen)
{
    rv_searcher *s = rv_searcher_create(o, err, errlen);
    if (!s)
        return -1;
    rv_searcher_run(s, b, r);
    rv_searcher_free(s);
    return 0;
}
