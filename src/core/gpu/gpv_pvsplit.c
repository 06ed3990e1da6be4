/* The PV-split search's walk down the principal variation (gpv_pvsplit.h). */
#include "core/gpu/gpv_pvsplit.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct walk {
    const gpv_game *g;
    gpv_result *r;
    char *err;
    size_t errlen;
} walk;

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
        for (int i = 1; i < n; i++)
            g->play(g->ctx, child + (size_t)(i - 1) * g->pos_bytes, pos, list[i]);
        w->r->launches++;
        w->r->siblings += n - 1;
        if ((rc = g->siblings(g->ctx, child, n - 1, depth - 1, -beta, -alpha, values, w->err, w->errlen)) != 0)
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

int gpv_search(const gpv_game *g, const void *root, int depth, gpv_result *r, char *err, size_t errlen)
{
    walk w = { g, r, err, errlen };
    *r = (gpv_result){ 0, -1, 0, 0, 0 };
    return pv_node(&w, root, depth, -2147483647, 2147483647, &r->value, &r->move);
}
