/* Young-brothers-wait over workers, a few plies deep (split.h). */
#include "core/split.h"

#include <stdlib.h>
#include <string.h>

typedef struct node {
    long parent;            /* -1 for the root */
    int kid;                /* its index among its parent's children */
    int depth;              /* plies left to split */
    int alpha, beta;        /* its window, its own side's view */
    int best, best_kid;
    int nkids, started;     /* children, and how many have gone out */
    int open;               /* children out and not done */
    long first_kid;         /* index of its first child's node, or -1 */
    bool task;              /* searched whole by a worker */
    bool done;
} node;

typedef struct split {
    const gts_split_game *game;
    void *game_ctx;
    const gts_split_workers *w;
    void *w_ctx;
    node *nodes;
    unsigned char *pos;     /* node i's position at i * pos_size */
    long n, cap;
    gts_split_result *r;
    bool failed;
} split;

enum { NO_VALUE = -1000000 };

static unsigned char *pos_of(split *s, long i)
{
    return s->pos + (size_t)i * s->game->pos_size;
}

/* Room for `more` nodes. */
static bool reserve(split *s, long more)
{
    if (s->n + more <= s->cap)
        return true;
    long cap = s->cap ? 2 * s->cap : 256;
    while (cap < s->n + more)
        cap *= 2;
    node *nodes = realloc(s->nodes, (size_t)cap * sizeof *nodes);
    if (nodes)
        s->nodes = nodes;
    unsigned char *pos = realloc(s->pos, (size_t)cap * s->game->pos_size);
    if (pos)
        s->pos = pos;
    if (!nodes || !pos)
        return false;
    s->cap = cap;
    return true;
}

static void start(split *s, long i);

/* Child k of node p goes out with p's window as it now stands. */
static void start_kid(split *s, long p, int k)
{
    node *parent = &s->nodes[p];
    const long c = parent->first_kid + k;
    const int alpha = parent->best > parent->alpha ? parent->best : parent->alpha;
    s->nodes[c].alpha = -parent->beta;
    s->nodes[c].beta = -alpha;
    parent->started++;
    parent->open++;
    start(s, c);
}

/* Node i: a task, or its children listed and the eldest sent. */
static void start(split *s, long i)
{
    int nkids = 0;
    if (s->nodes[i].depth > 0 && reserve(s, s->game->max_kids)) {
        /* reserve may have moved the arrays: read them only after it. */
        nkids = s->game->children(s->game_ctx, pos_of(s, i), pos_of(s, s->n));
    } else if (s->nodes[i].depth > 0) {
        s->failed = true;
        return;
    }
    node *nd = &s->nodes[i];
    nd->best = NO_VALUE, nd->best_kid = -1;
    if (nkids == 0) {
        nd->task = true;
        s->r->tasks++;
        if (s->w->send(s->w_ctx, i, pos_of(s, i), nd->alpha, nd->beta) != 0)
            s->failed = true;
        return;
    }
    nd->nkids = nkids;
    nd->first_kid = s->n;
    for (int k = 0; k < nkids; k++)
        s->nodes[s->n + k] = (node){ .parent = i, .kid = k, .depth = nd->depth - 1, .first_kid = -1 };
    s->n += nkids;
    start_kid(s, i, 0);
}

/* Cancels every task still out below node i. */
static void cancel_below(split *s, long i)
{
    const node *nd = &s->nodes[i];
    for (int k = 0; k < nd->started; k++) {
        node *c = &s->nodes[nd->first_kid + k];
        if (c->done)
            continue;
        c->done = true;
        if (c->task)
            s->w->cancel(s->w_ctx, nd->first_kid + k);
        else
            cancel_below(s, nd->first_kid + k);
    }
}

/* Node i has its value: up to its parent, which may now be done too. */
static void finish(split *s, long i, int value)
{
    for (;;) {
        node *nd = &s->nodes[i];
        nd->done = true;
        nd->best = value;
        const long p = nd->parent;
        if (p < 0)
            return;
        node *parent = &s->nodes[p];
        parent->open--;
        if (-value > parent->best)
            parent->best = -value, parent->best_kid = nd->kid;
        if (parent->best >= parent->beta) {
            cancel_below(s, p);
        } else if (parent->started == 1 && parent->nkids > 1) {
            /* The eldest did not cut off: its brothers go together. */
            while (parent->started < parent->nkids && !s->failed)
                start_kid(s, p, parent->started), parent = &s->nodes[p];
            return;
        } else if (parent->open > 0 || parent->started < parent->nkids) {
            return;
        }
        i = p;
        value = s->nodes[p].best;
    }
}

int gts_split_search(const gts_split_game *game, void *game_ctx, const gts_split_workers *w, void *w_ctx,
                     const void *root, int depth, int alpha, int beta, gts_split_result *r)
{
    split s = { .game = game, .game_ctx = game_ctx, .w = w, .w_ctx = w_ctx };
    gts_split_result got = { .best_kid = -1 };
    s.r = &got;
    if (!reserve(&s, 1)) {
        free(s.nodes), free(s.pos);
        return -1;
    }
    s.nodes[0] = (node){ .parent = -1, .depth = depth, .alpha = alpha, .beta = beta, .first_kid = -1 };
    memcpy(pos_of(&s, 0), root, game->pos_size);
    s.n = 1;
    start(&s, 0);
    while (!s.nodes[0].done && !s.failed) {
        long task;
        int value;
        uint64_t nodes;
        if (w->next(w_ctx, &task, &value, &nodes) != 1) {
            s.failed = true;
            break;
        }
        if (task < 0 || task >= s.n || s.nodes[task].done)
            continue;   /* cancelled while it ran */
        got.nodes += nodes;
        finish(&s, task, value);
    }
    if (s.failed)
        cancel_below(&s, 0);
    got.value = s.nodes[0].best;
    got.best_kid = s.nodes[0].best_kid;
    const bool failed = s.failed;
    free(s.nodes), free(s.pos);
    if (failed)
        return -1;
    *r = got;
    return 0;
}
