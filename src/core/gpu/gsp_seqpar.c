/* The sequential-parallel search's two walks of the top of the tree
 * (gsp_seqpar.h). */
#include "core/gpu/gsp_seqpar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct walk {
    const gsp_game *g;
    int split, depth;
    long chunk;
    gsp_result *r;
    char *err;
    size_t errlen;
    unsigned char *pos;      /* a position per ply of the top, pos_bytes each */
    int *list;               /* the moves of each ply's node, max_moves each */
    int16_t *path;           /* the moves from the root to the node walked */
    int16_t *paths;          /* the parents not yet launched: their paths */
    int32_t *first;          /* and their first children (one more entry) */
    long pending, children;
    int32_t *values;         /* every parent's value, in walk order */
    long nvalues, cap;
    long next;               /* the second walk: the next value to read */
    int32_t *root_children;  /* split 1: the root's children's values */
} walk;

static void *pos_at(walk *w, int ply)
{
    return w->pos + (size_t)ply * w->g->pos_bytes;
}

/* Launches the pending parents; their values go after the earlier ones. */
static int flush(walk *w)
{
    if (!w->pending)
        return 0;
    if (w->nvalues + w->pending > w->cap) {
        const long cap = 2 * (w->nvalues + w->pending);
        int32_t *v = realloc(w->values, (size_t)cap * sizeof *v);
        if (!v) {
            snprintf(w->err, w->errlen, "out of memory for %ld values", cap);
            return -1;
        }
        w->values = v;
        w->cap = cap;
    }
    w->first[w->pending] = (int32_t)w->children;
    w->r->launches++;
    const int rc = w->g->launch(w->g->ctx, w->paths, w->first, (int)w->pending, w->split - 1, w->depth - w->split,
                                w->values + w->nvalues, w->root_children, &w->r->device_nodes, w->err, w->errlen);
    w->nvalues += w->pending;
    w->pending = 0;
    w->children = 0;
    return rc;
}

/* A parent with n moves joins the pending launch. */
static int add_parent(walk *w, int n)
{
    if (w->pending && w->children + n > w->chunk) {
        const int rc = flush(w);
        if (rc != 0)
            return rc;
    }
    const size_t plies = (size_t)w->split - 1;
    memcpy(w->paths + (size_t)w->pending * plies, w->path, plies * sizeof *w->path);
    w->first[w->pending++] = (int32_t)w->children;
    w->children += n;
    w->r->frontier += n;
    return 0;
}

/* The first walk: the parents below the node at ply, in order. */
static int collect(walk *w, int ply)
{
    const gsp_game *g = w->g;
    int *list = w->list + (size_t)ply * g->max_moves;
    int32_t value;
    w->r->host_nodes++;
    const int n = g->moves(g->ctx, pos_at(w, ply), ply, list, &value);
    if (ply == w->split - 1)
        return n ? add_parent(w, n) : 0;
    for (int i = 0; i < n; i++) {
        w->path[ply] = (int16_t)list[i];
        g->play(g->ctx, pos_at(w, ply + 1), pos_at(w, ply), list[i]);
        const int rc = collect(w, ply + 1);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* The second walk: the value of the node at ply from the parents'. */
static int32_t reduce(walk *w, int ply, int *best_move)
{
    const gsp_game *g = w->g;
    int *list = w->list + (size_t)ply * g->max_moves;
    int32_t value;
    const int n = g->moves(g->ctx, pos_at(w, ply), ply, list, &value);
    if (n == 0)
        return value;
    if (ply == w->split - 1 && ply > 0)
        return w->values[w->next++];
    int32_t best = -2147483647;
    for (int i = 0; i < n; i++) {
        int32_t v;
        if (ply == w->split - 1) {
            v = -w->root_children[i];
        } else {
            int ignored;
            g->play(g->ctx, pos_at(w, ply + 1), pos_at(w, ply), list[i]);
            v = -reduce(w, ply + 1, &ignored);
        }
        if (v > best) {
            best = v;
            *best_move = list[i];
        }
    }
    return best;
}

int gts_gsp_search(const gsp_game *g, const void *root, int split, int depth, long chunk, gsp_result *r, char *err,
               size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->move = -1;
    if (split < 1 || split > depth || chunk < 1) {
        snprintf(err, errlen, "split %d out of range (1..%d)", split, depth);
        return -1;
    }
    /* A launch holds whole parents: at least one parent's children. */
    if (chunk < g->max_moves)
        chunk = g->max_moves;
    walk w = { .g = g, .split = split, .depth = depth, .chunk = chunk, .r = r, .err = err, .errlen = errlen };
    w.pos = malloc((size_t)split * g->pos_bytes);
    w.list = malloc((size_t)split * (size_t)g->max_moves * sizeof *w.list);
    w.path = malloc((size_t)split * sizeof *w.path);
    w.paths = malloc((size_t)chunk * (size_t)split * sizeof *w.paths);
    w.first = malloc((size_t)(chunk + 1) * sizeof *w.first);
    w.root_children = split == 1 ? malloc((size_t)g->max_moves * sizeof *w.root_children) : NULL;
    int rc = -1;
    if (!w.pos || !w.list || !w.path || !w.paths || !w.first || (split == 1 && !w.root_children)) {
        snprintf(err, errlen, "out of memory for a chunk of %ld", chunk);
        goto done;
    }
    memcpy(w.pos, root, g->pos_bytes);
    if ((rc = collect(&w, 0)) != 0 || (rc = flush(&w)) != 0)
        goto done;
    r->value = reduce(&w, 0, &r->move);
done:
    free(w.pos);
    free(w.list);
    free(w.path);
    free(w.paths);
    free(w.first);
    free(w.values);
    free(w.root_children);
    return rc;
}
