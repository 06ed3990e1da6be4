/*
 * The Gomoku searcher, what a call enters: options checked, the table and
 * the threads made, the threat searches (--vcf, --vct) first, then the
 * shape search (gm_negamax.c, on threads: gm_threads.c) or the pattern
 * search (gm_pattern_search.c), and a legal move whatever they found.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gomoku/pattern/gm_pattern_search.h"
#include "gomoku/gm_renju.h"
#include "gomoku/gm_search_internal.h"
#include "core/clock.h"
#include "core/deadline.h"
#include "core/threads.h"

const char *const gm_algo_names[] = { "minimax", "alphabeta", "pvs", "pattern", NULL };

void gm_search_defaults(gm_search_options *o)
{
    memset(o, 0, sizeof *o);
    o->algo = GM_ALGO_PVS;
    o->depth = 4;
    o->threads = 1;
    o->split_depth = 1;
    o->schedule = GM_SCHED_DYNAMIC;
    o->eval = GM_EVAL_SHAPES;
}


static int check_options(const gm_search_options *o, char *err, size_t errlen)
{
    if (o->depth < 1 || o->depth > GM_MAX_DEPTH)
        snprintf(err, errlen, "depth %d out of range (1..%d)", o->depth, GM_MAX_DEPTH);
    else if (o->threads < 1 || o->threads > 256)
        snprintf(err, errlen, "threads %d out of range (1..256)", o->threads);
    else if (o->split_depth < 1 || o->split_depth > GM_MAX_DEPTH)
        snprintf(err, errlen, "split depth %d out of range (1..%d)", o->split_depth, GM_MAX_DEPTH);
    else if (o->time_ms < 0)
        snprintf(err, errlen, "time limit %ld ms is negative", o->time_ms);
    else
        return 0;
    return -1;
}

gm_searcher *gm_searcher_create(const gm_search_options *o, char *err, size_t errlen)
{
    if (check_options(o, err, errlen) != 0)
        return NULL;
    gm_searcher *s = calloc(1, sizeof *s);
    if (!s)
        goto oom;
    s->o = *o;
    s->nctx = o->threads > 1 ? o->threads + 1 : 1;
    s->ctx = calloc((size_t)s->nctx, sizeof *s->ctx);
    if (!s->ctx)
        goto oom;
    for (int i = 0; i < s->nctx; i++) {
        if (!(s->ctx[i] = malloc(sizeof *s->ctx[i])))
            goto oom;
        s->ctx[i]->searcher = s;
    }
    const bool table = o->algo == GM_ALGO_PVS || o->algo == GM_ALGO_PATTERN;
    if (table && !(s->tt = gts_htt_create(o->tt_bytes ? o->tt_bytes : GTS_TT_DEFAULT_BYTES)))
        goto oom;
    if (o->algo == GM_ALGO_PATTERN) {
        if (!(s->pctx = calloc((size_t)o->threads, sizeof *s->pctx)))
            goto oom;
        for (int i = 0; i < o->threads; i++)
            if (!(s->pctx[i] = gm_pctx_create()))
                goto oom;
    }
    if (o->threads > 1 && !(s->pool = gts_pool_create(o->threads - 1)))
        goto oom;
    return s;
oom:
    gm_searcher_free(s);
    snprintf(err, errlen, "out of memory for the search");
    return NULL;
}

/* Stack a search thread touches at most: about 8 KB a ply of the negamax
 * searches' and VCT's move lists on the stack, 20-25 plies, doubled. */
#define STACK_BYTES (384u << 10)

size_t gm_searcher_bytes(const gm_search_options *o)
{
    const size_t threads = o->threads > 1 ? (size_t)o->threads : 1, nctx = threads > 1 ? threads + 1 : 1;
    size_t bytes = sizeof(gm_searcher) + nctx * (sizeof(gm_ctx *) + sizeof(gm_ctx)) + threads * STACK_BYTES +
                   GM_PATTERN_TABLES_BYTES;
    if (o->algo == GM_ALGO_PATTERN)
        bytes += threads * (sizeof(gm_pctx *) + sizeof(gm_pctx));
    return bytes;
}

void gm_searcher_free(gm_searcher *s)
{
    if (!s)
        return;
    gts_pool_free(s->pool);
    for (int i = 0; s->ctx && i < s->nctx; i++)
        free(s->ctx[i]);
    free(s->ctx);
    gts_htt_free(s->tt);
    for (int i = 0; s->pctx && i < s->o.threads; i++)
        free(s->pctx[i]);
    free(s->pctx);
    free(s);
}

void gm_searcher_clear(gm_searcher *s)
{
    if (s->tt)
        gts_htt_clear(s->tt);
}

void gm_searcher_set_time(gm_searcher *s, long time_ms)
{
    s->o.time_ms = time_ms > 0 ? time_ms : 0;
}

/* Whether the side to move has a move to search (renju's black may
 * not). */
static bool has_move(gm_ctx *c, const gm_board *b, const gm_threats *t)
{
    int16_t moves[GM_MAX_CELLS];
    gm_copy(&c->b, b);
    return gm_node_moves(&c->b, t, moves) > 0;
}

/* move if black may play it, else (stopped before the first depth
 * ended, a root decided by its threats, renju's black lost or left with
 * forbidden points only) the first move the search would try, else the
 * first candidate, else any cell black may play; GM_NO_MOVE when there
 * is none.  The one place every search's move passes, so that none is
 * ever a forbidden point. */
static int legal_move(gm_ctx *c, const gm_board *b, const gm_threats *t, int move)
{
    if (gm_game_over(b))
        return GM_NO_MOVE;
    gm_copy(&c->b, b);
    if (move >= 0 && move < b->cells && b->cell[move] == GM_EMPTY && !gm_renju_forbidden(&c->b, move))
        return move;
    int16_t moves[GM_MAX_CELLS];
    if (gm_node_moves(&c->b, t, moves) || gm_renju_keep_legal(&c->b, moves, gm_candidates(b, moves)))
        return moves[0];
    for (int cell = 0; cell < b->cells; cell++)
        if (b->cell[cell] == GM_EMPTY && !gm_renju_forbidden(&c->b, cell))
            return cell;
    return GM_NO_MOVE;
}

void gm_searcher_run(gm_searcher *s, const gm_board *b, gm_result *r)
{
    const double t0 = gts_now_usec();
    memset(r, 0, sizeof *r);
    r->move = GM_NO_MOVE;
    if (gm_game_over(b)) {
        r->usec = gts_now_usec() - t0;
        return;
    }
    if (s->tt)
        s->tt->generation++;
    gm_threats t;
    gm_threats_scan(b, &t);
    if (t.n[b->side]) {
        /* A five to make: nothing to search. */
        r->move = t.cell[b->side][0];
        r->score = GM_WIN - 1;
        r->depth = 1;
        r->nodes = 1;
    } else if (b->rule == GM_RENJU && b->side == GM_BLACK && !has_move(s->ctx[0], b, &t)) {
        /* Only forbidden points, or white's five point is one: lost. */
        r->score = -(GM_WIN - 2);
        r->depth = 1;
    } else {
        gm_ctx *c = s->ctx[0];
        atomic_int abort = 0;
        const double deadline = gts_deadline_after(t0, s->o.time_ms);
        int plies = 0;
        uint64_t vcf_nodes = 0;
        int win = GM_NO_MOVE;
        /* Each at most a quarter of the time: the search must still run. */
        const long quarter = s->o.time_ms / 4 + (s->o.time_ms > 0);
        /* The threat searches do not know renju's forbidden points: black's
         * wins there could need one. */
        const bool threats = !(b->rule == GM_RENJU && b->side == GM_BLACK);
        if (s->o.vcf || s->o.vct)
            gm_copy(&c->b, b);
        if (s->o.vcf && threats)
            win = gm_vcf_until(&c->b, GM_VCF_PLIES, s->o.stop, gts_deadline_after(gts_now_usec(), quarter), &plies,
                               &vcf_nodes);
        if (s->o.vct && threats && win == GM_NO_MOVE) {
            win = gm_vct_until(&c->b, GM_VCT_PLIES, s->o.stop, gts_deadline_after(gts_now_usec(), quarter), &plies,
                               &vcf_nodes);
            r->vct = win != GM_NO_MOVE;
        }
        if (win != GM_NO_MOVE) {
            r->move = win;
            r->score = GM_WIN - plies;
            r->vcf = true;
            r->vcf_length = plies;
            r->depth = plies;
        } else if (s->o.algo == GM_ALGO_PATTERN) {
            if (s->o.threads > 1)
                gm_pattern_threads(s->pctx, s->pool, b, &s->o, s->tt, t0, deadline, r);
            else
                gm_pattern_serial(s->pctx[0], b, &s->o, s->tt, t0, deadline, r);
        } else if (s->o.threads > 1) {
            gm_search_parallel(s, b, &t, r, &abort, deadline);
        } else {
            gm_ctx_reset(c, b, &s->o, s->tt, &abort, deadline);
            gm_search_serial(c, &t, r);
            r->nodes = c->nodes;
        }
        r->nodes += vcf_nodes;
    }
    r->move = legal_move(s->ctx[0], b, &t, r->move);
    r->usec = gts_now_usec() - t0;
}

int gm_search(const gm_board *b, const gm_search_options *o, gm_result *r, char *err, size_t errlen)
{
    gm_searcher *s = gm_searcher_create(o, err, errlen);
    if (!s)
        return -1;
    gm_searcher_run(s, b, r);
    gm_searcher_free(s);
    return 0;
}
