/* Young-brothers-wait over workers, a few plies deep (split.h). */
#include "core/split.h"

#include <stdlib.h>
#include <string.h>

#include "core/fnv.h"

typedef struct node {
    long parent;            /* -1 for the root */
    int listed;             /* its index among its parent's children as
                               the game listed them */
    int depth;              /* plies left to split */
    int alpha, beta;        /* its window, its own side's view */
    int best, best_kid;
    int nkids, started;     /* children, and how many have gone out */
    int open;               /* children out and not done */
    long first_kid;         /* index of its first child's node, or -1 */
    bool task;              /* searched whole by a worker */
    bool settled;           /* by the game's table: not sent */
    bool done;
} node;

/* 2^16 entries of 16 bytes: 1 MB, far more than the nodes split. */
#define MEMORY_BITS 16

struct gts_split_memory {
    struct {
        uint64_t node, best;
    } e[1 << MEMORY_BITS];
};

gts_split_memory *gts_split_memory_create(void)
{
    return calloc(1, sizeof(gts_split_memory));
}

void gts_split_memory_free(gts_split_memory *m)
{
    free(m);
}

uint64_t gts_split_hash(const void *pos, size_t size)
{
    const uint64_t h = gts_fnv(GTS_FNV_START, pos, size);
    return h ^ (h >> 29);
}

typedef struct split {
    const gts_split_game *game;
    void *game_ctx;
    const gts_split_workers *w;
    void *w_ctx;
    node *nodes;
    unsigned char *pos;     /* node i's position at i * pos_size */
    long n, cap;
    gts_split_result *r;
    gts_split_memory *memory;
    long *settled;          /* nodes the game's table settled, to finish */
    int *settled_value;
    long nsettled, settled_cap;
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

/* The child that was best at node i last time, if any, first among the
 * nkids listed at s->n (the others keep their order): its index as
 * listed, or 0. */
static int remembered_first(split *s, long i, int nkids)
{
    const size_t size = s->game->pos_size;
    const uint64_t h = gts_split_hash(pos_of(s, i), size);
    const size_t slot = h & ((1u << MEMORY_BITS) - 1);
    if (s->memory->e[slot].node != h)
        return 0;
    for (int k = 1; k < nkids; k++) {
        unsigned char best[256];
        if (size > sizeof best || gts_split_hash(pos_of(s, s->n + k), size) != s->memory->e[slot].best)
            continue;
        memcpy(best, pos_of(s, s->n + k), size);
        memmove(pos_of(s, s->n + 1), pos_of(s, s->n), (size_t)k * size);
        memcpy(pos_of(s, s->n), best, size);
        return k;
    }
    return 0;
}

/* Node i's best child, for the next search. */
static void remember(split *s, long i)
{
    const node *nd = &s->nodes[i];
    if (!s->memory || nd->best_kid < 0)
        return;
    const size_t size = s->game->pos_size;
    const uint64_t h = gts_split_hash(pos_of(s, i), size);
    const size_t slot = h & ((1u << MEMORY_BITS) - 1);
    s->memory->e[slot].node = h;
    s->memory->e[slot].best = gts_split_hash(pos_of(s, nd->first_kid + nd->best_kid), size);
}

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

/* Node i (not the root, whose best child is wanted) settled by the
 * game's table: finished by the main loop, as a task answered at once
 * would be (not here, inside a finish). */
static bool settle(split *s, long i)
{
    int value;
    if (i == 0 || !s->game->probe || !s->game->probe(s->game_ctx, pos_of(s, i), s->nodes[i].alpha, s->nodes[i].beta, &value))
        return false;
    if (s->nsettled == s->settled_cap) {
        const long cap = s->settled_cap ? 2 * s->settled_cap : 64;
        long *at = realloc(s->settled, (size_t)cap * sizeof *at);
        if (at)
            s->settled = at;
        int *v = realloc(s->settled_value, (size_t)cap * sizeof *v);
        if (v)
            s->settled_value = v;
        if (!at || !v)
            return false;
        s->settled_cap = cap;
    }
    s->nodes[i].task = true;   /* cancel_below: nothing was sent */
    s->nodes[i].settled = true;
    s->settled[s->nsettled] = i;
    s->settled_value[s->nsettled++] = value;
    return true;
}

/* Node i: settled by the table, a task, or its children listed and the
 * eldest sent. */
static void start(split *s, long i)
{
    if (settle(s, i))
        return;
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
    const int moved = nkids > 1 && s->memory ? remembered_first(s, i, nkids) : 0;
    if (nkids == 0) {
        nd->task = true;
        s->r->tasks++;
        if (s->w->send(s->w_ctx, i, pos_of(s, i), nd->alpha, nd->beta) != 0)
            s->failed = true;
        return;
    }
    nd->nkids = nkids;
    nd->first_kid = s->n;
    for (int k = 0; k < nkids; k++) {
        const int listed = k == 0 ? moved : k <= moved ? k - 1 : k;
        s->nodes[s->n + k] = (node){ .parent = i, .listed = listed, .depth = nd->depth - 1, .first_kid = -1 };
    }
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
        if (c->task && !c->settled)
            s->w->cancel(s->w_ctx, nd->first_kid + k);
        else
            cancel_below(s, nd->first_kid + k);
    }
}

/* Node p's value to the game's table. */
static void keep(split *s, long p)
{
    const node *nd = &s->nodes[p];
    if (s->game->store)
        s->game->store(s->game_ctx, pos_of(s, p), nd->alpha, nd->beta, nd->best);
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
            parent->best = -value, parent->best_kid = (int)(i - parent->first_kid);
        if (parent->best >= parent->beta) {
            cancel_below(s, p);
            remember(s, p);
            keep(s, p);
        } else if (parent->started == 1 && parent->nkids > 1) {
            /* The eldest did not cut off: its brothers go together. */
            while (parent->started < parent->nkids && !s->failed)
                start_kid(s, p, parent->started), parent = &s->nodes[p];
            return;
        } else if (parent->open > 0 || parent->started < parent->nkids) {
            return;
        } else {
            remember(s, p);
            keep(s, p);
        }
        i = p;
        value = s->nodes[p].best;
    }
}

int gts_split_search(const gts_split_game *game, void *game_ctx, const gts_split_workers *w, void *w_ctx,
                     gts_split_memory *memory, const void *root, int depth, int alpha, int beta,
                     gts_split_result *r)
{
    split s = { .game = game, .game_ctx = game_ctx, .w = w, .w_ctx = w_ctx, .memory = memory };
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
        uint64_t nodes = 0;
        if (s.nsettled > 0) {
            task = s.settled[--s.nsettled];
            value = s.settled_value[s.nsettled];
            if (!s.nodes[task].done)
                finish(&s, task, value);
            continue;
        }
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
    got.best_kid = s.nodes[0].best_kid >= 0 ? s.nodes[s.nodes[0].first_kid + s.nodes[0].best_kid].listed : -1;
    const bool failed = s.failed;
    free(s.nodes), free(s.pos), free(s.settled), free(s.settled_value);
    if (failed)
        return -1;
    *r = got;
    return 0;
}
