/*
 * The scheduler that splits long work items without losing their windows:
 * the young-brothers-wait idea of parallel alpha-beta, run as rounds of
 * launches.
 *
 * Every item of the batch is a root with its own null-window probe loop on
 * the host (c4_next_probe, as the CPU solver's root).  A probe is a task: a
 * position with a null window, sent to the device with a node budget.  A
 * task that runs out of budget is expanded one ply: its eldest child (in
 * the solver's move order) goes out first with the negated window, and only
 * if it does not cut off do its younger brothers go, all in one launch.  A
 * task is done when a child cuts off or all children are done, and its
 * value goes up as in fail-soft negamax.  The device table is kept across
 * the launches, so what an aborted search finished is found again.
 *
 * Splitting with exact windows instead (every child solved exactly) was
 * measured first and multiplied the nodes by 7 to 4000
 * (docs/notes/c4_gpu.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c4/gpu/c4_gpu_internal.h"

typedef struct task {
    c4_pos pos;
    int alpha;              /* the null window (alpha, alpha + 1) */
    int parent;             /* a task, or -1 for a root's probe */
    int root;               /* the item it belongs to */
    int best;               /* best child value so far */
    int nkids, next_kid;    /* children to send; the next one */
    int open;               /* children sent and not done */
    bool done;
    c4_pos kids[C4_MAX_WIDTH];
} task;

typedef struct root_state {
    int min, max;           /* score range (weak: -1..1) */
    int med;                /* the probe in flight */
} root_state;

typedef struct sched {
    c4_gpu *gpu;
    bool weak;
    task *tasks;
    size_t ntasks, cap;
    root_state *roots;
    int *pending, *next;    /* tasks to send this round and the next */
    size_t npending, nnext, pcap;
    bool oom;
} sched;

static int new_task(sched *s, const c4_pos *p, int alpha, int parent, int root)
{
    if (s->ntasks == s->cap) {
        const size_t cap = s->cap ? 2 * s->cap : 1024;
        task *t = realloc(s->tasks, cap * sizeof *t);
        if (!t) {
            s->oom = true;
            return -1;
        }
        s->tasks = t;
        s->cap = cap;
    }
    if (s->nnext == s->pcap) {
        const size_t cap = s->pcap ? 2 * s->pcap : 1024;
        int *a = realloc(s->pending, cap * sizeof *a), *b = a ? realloc(s->next, cap * sizeof *b) : NULL;
        if (a)
            s->pending = a;
        if (!a || !b) {
            s->oom = true;
            return -1;
        }
        s->next = b;
        s->pcap = cap;
    }
    const int i = (int)s->ntasks++;
    s->tasks[i] = (task){ .pos = *p, .alpha = alpha, .parent = parent, .root = root, .best = -64 };
    s->next[s->nnext++] = i;
    return i;
}

static bool slow_probe(int med)
{
    return med >= -C4_SLOW_PROBE && med <= C4_SLOW_PROBE;
}

/* The next probe of a root, or its score once the range is one value. */
static void next_probe(sched *s, int root)
{
    root_state *r = &s->roots[root];
    c4_gpu *gpu = s->gpu;
    if (r->min >= r->max) {
        gpu->results[root].score = r->min;
        return;
    }
    const c4g_item *it = &gpu->items[root];
    r->med = s->weak ? (r->max == 1 ? 0 : -1) : c4_next_probe(&gpu->g, r->min, r->max, it->moves);
    const c4_pos p = { it->cur, it->mask, it->moves };
    new_task(s, &p, r->med, -1, root);
}

static void child_done(sched *s, int parent, int v);

/* Task t's fail-soft value v for its window. */
static void resolve(sched *s, int t, int v)
{
    task *k = &s->tasks[t];
    k->done = true;
    if (k->parent >= 0) {
        child_done(s, k->parent, -v);
        return;
    }
    root_state *r = &s->roots[k->root];
    if (s->weak) {
        if (v > r->med)
            r->min = r->med + 1;
        else
            r->max = r->med;
    } else if (v <= r->med) {
        r->max = v;
    } else {
        r->min = v;
    }
    next_probe(s, k->root);
}

static void child_done(sched *s, int parent, int v)
{
    task *p = &s->tasks[parent];
    if (p->done)
        return;
    if (v > p->best)
        p->best = v;
    p->open--;
    if (v > p->alpha) {                 /* a cutoff: the window is null */
        resolve(s, parent, p->best);
        return;
    }
    if (p->open > 0)
        return;
    if (p->next_kid < p->nkids) {       /* the eldest did not cut: the rest */
        const int first = p->next_kid, n = p->nkids, alpha = -p->alpha - 1, root = p->root;
        p->next_kid = n;
        p->open = n - first;
        for (int i = first; i < n; i++) {
            const c4_pos kid = s->tasks[parent].kids[i];    /* new_task may move the tasks */
            new_task(s, &kid, alpha, parent, root);
        }
        return;
    }
    resolve(s, parent, p->best);
}

/* A task that ran out of budget: its children, settled ones counted at
 * once, the rest in the solver's order (most threats, centre first). */
static void expand(sched *s, int t)
{
    const c4_geom *g = &s->gpu->g;
    task *k = &s->tasks[t];
    const c4_pos p = k->pos;
    const bool slow = slow_probe(s->roots[k->root].med);
    const uint64_t possible = c4_possible(g, &p);
    int rank[C4_MAX_WIDTH], n = 0, best = -64;
    for (int i = 0; i < g->width; i++) {
        const int col = c4_centre_column(g, i);
        if (!c4_can_play(g, &p, col))
            continue;
        const uint64_t m = possible & c4_column_mask(g, col);
        c4_pos q = p;
        c4_play_cell(&q, m);
        int score;
        if (c4g_settled(g, &q, false, &score)) {
            if (-score > best)
                best = -score;
            continue;
        }
        const int r = c4_move_rank(g, slow, possible, m, c4_winning_cells(g, p.cur | m, p.mask | m));
        int j = n++;
        for (; j > 0 && rank[j - 1] < r; j--) {
            k->kids[j] = k->kids[j - 1];
            rank[j] = rank[j - 1];
        }
        k->kids[j] = q;
        rank[j] = r;
    }
    k->best = best;
    k->nkids = n;
    if (best > k->alpha || n == 0) {
        resolve(s, t, best);
        return;
    }
    k->next_kid = 1;
    k->open = 1;
    const c4_pos eldest = k->kids[0];       /* new_task may move the tasks */
    new_task(s, &eldest, -k->alpha - 1, t, k->root);
}

/* Whether t or an ancestor is done: its result is no longer needed. */
static bool dead(const sched *s, int t)
{
    for (; t >= 0; t = s->tasks[t].parent)
        if (s->tasks[t].done)
            return true;
    return false;
}

int c4g_run_tasks(c4_gpu *gpu, bool weak, uint64_t budget, c4_gpu_stats *st, char *err, size_t errlen)
{
    const size_t nroots = gpu->nitems;
    sched s = { .gpu = gpu, .weak = weak };
    s.roots = calloc(nroots, sizeof *s.roots);
    c4g_item *items = NULL;
    c4g_result *out = NULL;
    size_t icap = 0;
    int rc = -1;
    if (!s.roots)
        goto oom;
    for (size_t i = 0; i < nroots; i++) {
        const c4g_item *it = &gpu->items[i];
        gpu->results[i] = (c4g_result){ 0, 0, 0 };
        s.roots[i].min = weak ? -1 : -(gpu->g.cells - it->moves) / 2;
        s.roots[i].max = weak ? 1 : c4_win_score(&gpu->g, it->moves);
        next_probe(&s, (int)i);
    }
    for (bool first = true; s.nnext > 0 && !s.oom; first = false) {
        int *swap = s.pending;
        s.pending = s.next;
        s.next = swap;
        s.npending = 0;
        for (size_t i = 0; i < s.nnext; i++)
            if (!dead(&s, s.pending[i]))
                s.pending[s.npending++] = s.pending[i];
        s.nnext = 0;
        if (s.npending > icap) {
            icap = s.npending * 2;
            c4g_item *a = realloc(items, icap * sizeof *a);
            if (a)
                items = a;
            c4g_result *b = realloc(out, icap * sizeof *b);
            if (b)
                out = b;
            if (!a || !b)
                goto oom;
        }
        for (size_t i = 0; i < s.npending; i++) {
            const task *k = &s.tasks[s.pending[i]];
            items[i] = (c4g_item){ k->pos.cur, k->pos.mask, k->pos.moves, C4G_WINDOW, (int8_t)k->alpha,
                                   (int8_t)(k->alpha + 1), slow_probe(s.roots[k->root].med) };
        }
        if (s.npending && c4g_execute(gpu, items, s.npending, out, first, budget, st, err, errlen) != 0)
            goto done;
        for (size_t i = 0; i < s.npending; i++) {
            const int t = s.pending[i];
            gpu->results[s.tasks[t].root].nodes += out[i].nodes;
            gpu->results[s.tasks[t].root].tt_hits += out[i].tt_hits;
            if (dead(&s, t))
                continue;
            if (out[i].score == C4G_UNFINISHED)
                expand(&s, t);
            else
                resolve(&s, t, out[i].score);
        }
    }
    if (!s.oom) {
        rc = 0;
        goto done;
    }
oom:
    snprintf(err, errlen, "out of memory for the GPU scheduler");
done:
    free(s.roots);
    free(s.tasks);
    free(s.pending);
    free(s.next);
    free(items);
    free(out);
    return rc;
}
