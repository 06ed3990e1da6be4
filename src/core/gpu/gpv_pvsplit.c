/* The PV-split search's walk down the principal variation (gpv_pvsplit.h). */
#include "core/gpu/gpv_pvsplit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct walk {
    const gpv_game *g;
    gpv_result *r;
    char *err;
    size_t errlen;
} walk;

/* split = 2: the n siblings' children (depth - 1 plies each) in one
 * launch, each played on the device from its sibling, the window (alpha,
 * beta) of the siblings' parent; values[i] the i-th sibling's fail-soft
 * value, the best of its children's negated (or a finished game's score).
 * 0, 1 or -1. */
static int grandchildren(walk *w, const unsigned char *siblings, int n, int depth, int32_t alpha, int32_t beta,
                         int32_t *values)
{
    const gpv_game *g = w->g;
    int *list = malloc((size_t)g->max_moves * sizeof *list);
    gpv_job *jobs = NULL;
    int total = 0, cap = 0, rc = -1;
    int32_t *got = NULL;
    if (!list)
        goto oom;
    for (int i = 0; i < n; i++) {
        const unsigned char *s = siblings + (size_t)i * g->pos_bytes;
        const int m = g->moves(g->ctx, s, list);
        values[i] = m ? -2147483647 : g->final(g->ctx, s);
        if (total + m > cap) {
            cap = 2 * (total + m);
            gpv_job *j = realloc(jobs, (size_t)cap * sizeof *jobs);
            if (!j)
                goto oom;
            jobs = j;
        }
        for (int k = 0; k < m; k++, total++)
            jobs[total] = (gpv_job){ i, list[k] };
    }
    rc = 0;
    if (total) {
        if (!(got = malloc((size_t)total * sizeof *got)))
            goto oom;
        w->r->launches++;
        w->r->siblings += total;
        rc = g->launch(g->ctx, siblings, jobs, total, depth - 1, alpha, beta, got, w->err, w->errlen);
        for (int k = 0; k < total && rc == 0; k++)
            if (-got[k] > values[jobs[k].parent])
                values[jobs[k].parent] = -got[k];
    }
    goto done;
oom:
    snprintf(w->err, w->errlen, "out of memory");
    rc = -1;
done:
    free(list);
    free(jobs);
    free(got);
    return rc;
}

/* The n jobs over parents, depth plies each with (alpha, beta), in one
 * launch. */
static int run_jobs(walk *w, const void *parents, const gpv_job *jobs, int n, int depth, int32_t alpha, int32_t beta,
                    int32_t *values)
{
    w->r->launches++;
    w->r->siblings += n;
    return w->g->launch(w->g->ctx, parents, jobs, n, depth, alpha, beta, values, w->err, w->errlen);
}

/* PVS: the n sibling jobs with the null window (alpha, alpha + 1) of
 * their parent, then those that failed high with (alpha, beta). */
static int scout(walk *w, const void *parents, const gpv_job *jobs, int n, int depth, int32_t alpha, int32_t beta,
                 int32_t *values)
{
    int rc = run_jobs(w, parents, jobs, n, depth, -alpha - 1, -alpha, values);
    if (rc != 0 || alpha + 1 >= beta)
        return rc;
    int *again = malloc((size_t)n * sizeof *again);
    gpv_job *high = malloc((size_t)n * sizeof *high);
    int32_t *exact = malloc((size_t)n * sizeof *exact);
    int m = 0;
    rc = -1;
    if (!again || !high || !exact) {
        snprintf(w->err, w->errlen, "out of memory");
        goto done;
    }
    for (int i = 0; i < n; i++)
        if (-values[i] > alpha) {
            high[m] = jobs[i];
            again[m++] = i;
        }
    rc = m ? run_jobs(w, parents, high, m, depth, -beta, -alpha, exact) : 0;
    for (int k = 0; k < m && rc == 0; k++)
        values[again[k]] = exact[k];
done:
    free(again);
    free(high);
    free(exact);
    return rc;
}

/* The siblings list[1..n-1] of pos's first child, depth plies each: a
 * block per sibling (the report's design), each the position the host
 * played (child, room for n - 1) or, where the game plays moves on the
 * device, pos and the sibling's move; or a block per sibling's child
 * (split 2).  values[i - 1]: sibling i's fail-soft value in its window. */
static int siblings(walk *w, const void *pos, const int *list, int n, unsigned char *child, int depth, int32_t alpha,
                    int32_t beta, int32_t *values)
{
    const gpv_game *g = w->g;
    const bool on_device = g->plays_moves && g->split <= 1;
    gpv_job *jobs = malloc((size_t)n * sizeof *jobs);
    if (!jobs) {
        snprintf(w->err, w->errlen, "out of memory");
        return -1;
    }
    for (int i = 1; i < n; i++) {
        jobs[i - 1] = on_device ? (gpv_job){ 0, list[i] } : (gpv_job){ i - 1, GPV_SELF };
        if (!on_device)
            g->play(g->ctx, child + (size_t)(i - 1) * g->pos_bytes, pos, list[i]);
    }
    const void *parents = on_device ? pos : (const void *)child;
    int rc;
    if (g->split > 1 && depth > 1)
        rc = grandchildren(w, child, n - 1, depth - 1, alpha, beta, values);
    else if (g->null_window)
        rc = scout(w, parents, jobs, n - 1, depth - 1, alpha, beta, values);
    else
        rc = run_jobs(w, parents, jobs, n - 1, depth - 1, -beta, -alpha, values);
    free(jobs);
    return rc;
}

/* The value of pos at depth in (alpha, beta); *move its best move at the
 * root.  0, 1 (stopped) or -1. */
static int pv_node(walk *w, const void *pos, int depth, int32_t alpha, int32_t beta, int32_t *value, int *move)
{
    const gpv_game *g = w->g;
    w->r->host_nodes++;
    *move = -1;
    if (depth == 0) {
        *value = g->leaf(g->ctx, pos);
        return 0;
    }
    int *list = malloc((size_t)g->max_moves * sizeof *list);
    const int n = list ? g->moves(g->ctx, pos, list) : 0;
    /* A 64x64 board's children are 1 KB each: room for this node's only. */
    unsigned char *child = malloc((size_t)(n ? n : 1) * g->pos_bytes);
    int32_t *values = malloc((size_t)(n ? n : 1) * sizeof *values);
    int rc = -1;
    if (!list || !child || !values) {
        snprintf(w->err, w->errlen, "out of memory");
        goto done;
    }
    if (n == 0) {
        *value = g->final(g->ctx, pos);
        rc = 0;
        goto done;
    }
    g->play(g->ctx, child, pos, list[0]);
    int32_t v;
    int ignored;
    if ((rc = pv_node(w, child, depth - 1, -beta, -alpha, &v, &ignored)) != 0)
        goto done;
    int32_t best = -v;
    *move = list[0];
    if (best > alpha)
        alpha = best;
    if (alpha < beta && n > 1) {
        if ((rc = siblings(w, pos, list, n, child, depth, alpha, beta, values)) != 0)
            goto done;
        for (int i = 1; i < n; i++)
            if (-values[i - 1] > best) {
                best = -values[i - 1];
                *move = list[i];
            }
    }
    *value = best;
    rc = 0;
done:
    free(list);
    free(child);
    free(values);
    return rc;
}

int gts_gpv_search(const gpv_game *g, const void *root, int depth, gpv_result *r, char *err, size_t errlen)
{
    walk w = { g, r, err, errlen };
    *r = (gpv_result){ 0, -1, 0, 0, 0 };
    return pv_node(&w, root, depth, -2147483647, 2147483647, &r->value, &r->move);
}
