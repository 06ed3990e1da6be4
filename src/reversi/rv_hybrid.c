/*
 * The 8x8 endgame solver on CPU threads and the GPU's lanes together
 * (rv_solve_options.gpu): each root window of rv_eg_root is a split
 * search (core/split.h) whose frontier, the first positions of at most
 * `frontier` empties, are the tasks of core/hybrid.h.  The CPU threads
 * search theirs with the solver's own table and ordering; the lanes
 * search theirs without a table (reversi/gpu/rv8_solve.c), so a task the
 * table already settles is answered before a launch, and what the lanes
 * find goes into the table, for the next probe of the root and for the
 * CPU threads.
 */
#include "reversi/rv_hybrid.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hybrid.h"
#include "gts/gpu.h"
#include "reversi/gpu/rv8_solve.h"

/* The most tasks of one launch. */
#define LANES_MOST ((size_t)1 << 17)

struct rv_hybrid {
    gts_hybrid *h;
    rv_eg_thread *cpu;          /* the CPU threads' states, on the solver's tables */
    int cpu_threads;
    rv_eg_thread table;         /* the lanes' side's view of the table */
    int frontier;
    rv_batch_options lanes;
    gts_split_memory *memory;
    rv_pos *launch;             /* the lanes' positions the table does not settle */
    size_t *launch_at;
    rv_batch_answer *answers;
    size_t launch_cap;
    gts_stop failed;            /* a split failed: the root stops */
    rv_pos root;                /* the split's, and its moves as listed */
    int root_moves[RV_MAX_MOVES];
};

static int cpu_window(void *ctx, int thread, const gts_stop *abort, const void *pos, int alpha, int beta, int *value,
                      uint64_t *nodes)
{
    rv_hybrid *x = ctx;
    rv_eg_thread *t = &x->cpu[thread];
    const rv_pos *p = pos;
    const uint64_t before = t->nodes;
    int best;
    t->abort = abort;
    *value = rv_eg_search(t, p->me, p->opp, alpha, beta, &best);
    *nodes = t->nodes - before;
    return rv_eg_stopped(t) ? -1 : 0;
}

/* Room for n positions of a launch. */
static bool launch_room(rv_hybrid *x, size_t n)
{
    if (n <= x->launch_cap)
        return true;
    free(x->launch), free(x->launch_at), free(x->answers);
    x->launch = malloc(n * sizeof *x->launch);
    x->launch_at = malloc(n * sizeof *x->launch_at);
    x->answers = malloc(n * sizeof *x->answers);
    x->launch_cap = x->launch && x->launch_at && x->answers ? n : 0;
    return x->launch_cap != 0;
}

static int gpu_windows(void *ctx, const void *pos, size_t n, int alpha, int beta, int *values, uint64_t *nodes,
                       bool *gave_up, char *err, size_t errlen)
{
    rv_hybrid *x = ctx;
    const rv_pos *p = pos;
    if (!launch_room(x, n)) {
        snprintf(err, errlen, "out of memory for a launch of %zu positions", n);
        return -1;
    }
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        nodes[i] = 0, gave_up[i] = false;
        if (!rv_eg_table_settles(&x->table, p[i].me, p[i].opp, alpha, beta, &values[i]))
            x->launch[m] = p[i], x->launch_at[m++] = i;
    }
    rv_batch_stats stats;
    if (m && rv8s_solve_window(x->launch, m, alpha, beta, &x->lanes, NULL, x->answers, &stats, err, errlen) != 0)
        return -1;
    for (size_t k = 0; k < m; k++) {
        const rv_batch_answer *a = &x->answers[k];
        const size_t i = x->launch_at[k];
        if (a->move == RV_NOT_SOLVED) {
            snprintf(err, errlen, "stopped");
            return -1;
        }
        nodes[i] = a->nodes;
        gave_up[i] = a->move == RV8S_HANDED_BACK;
        if (!gave_up[i]) {
            values[i] = a->score;
            rv_eg_table_put(&x->table, x->launch[k].me, x->launch[k].opp, alpha, beta, a->score);
        }
    }
    return 0;
}

static bool gpu_takes(void *ctx, const void *pos)
{
    (void)ctx;
    return rv_empties(pos) <= RV_GPU_MAX_EMPTIES;
}

/* The split's children: none at the frontier; the moves in the order the
 * CPU's search would try them (the root's kept, for its best move). */
static int children(void *ctx, const void *pos, void *kids)
{
    rv_hybrid *x = ctx;
    const rv_pos *p = pos;
    rv_pos *k = kids;
    int moves[RV_MAX_MOVES];
    if (rv_empties(p) <= x->frontier)
        return 0;
    int n;
    if (!rv_moves(p->me, p->opp)) {
        n = rv_split_children(p, k, moves);   /* a pass, or the end */
    } else {
        n = rv_eg_order(&x->table, p->me, p->opp, moves);
        for (int i = 0; i < n; i++) {
            k[i] = *p;
            rv_play(&k[i], moves[i], rv_flips(p->me, p->opp, moves[i]));
        }
    }
    if (p->me == x->root.me && p->opp == x->root.opp)
        memcpy(x->root_moves, moves, (size_t)n * sizeof *moves);
    return n;
}

static bool probe(void *ctx, const void *pos, int alpha, int beta, int *value)
{
    const rv_hybrid *x = ctx;
    const rv_pos *p = pos;
    return rv_eg_table_settles(&x->table, p->me, p->opp, alpha, beta, value);
}

static void store(void *ctx, const void *pos, int alpha, int beta, int value)
{
    rv_hybrid *x = ctx;
    const rv_pos *p = pos;
    rv_eg_table_put(&x->table, p->me, p->opp, alpha, beta, value);
}

rv_hybrid *rv_hybrid_create(const rv_solve_options *o, htt *tt, htt *order_tt, char *err, size_t errlen)
{
    static const gts_hybrid_game game = { sizeof(rv_pos), cpu_window, gpu_windows, gpu_takes };
    if (!o->cpu_executor && gts_gpu_available(err, errlen) != 0)
        return NULL;
    rv_hybrid *x = calloc(1, sizeof *x);
    const int threads = o->threads > 2 ? o->threads - 1 : 1;   /* one core for the GPU's host thread */
    if (!x || !(x->cpu = calloc((size_t)threads, sizeof *x->cpu)) || !(x->memory = gts_split_memory_create())) {
        snprintf(err, errlen, "out of memory");
        rv_hybrid_free(x);
        return NULL;
    }
    x->cpu_threads = threads;
    x->frontier = o->gpu_frontier > 0 ? o->gpu_frontier : RV_GPU_FRONTIER_DEFAULT;
    for (int i = 0; i < threads; i++)
        x->cpu[i] = (rv_eg_thread){ .tt = tt, .order_tt = order_tt, .stop = o->stop };
    x->table = (rv_eg_thread){ .tt = tt, .order_tt = order_tt, .stop = o->stop };
    x->lanes = (rv_batch_options){ .gpu = true, .cpu_executor = o->cpu_executor, .threads = 1,
                                   .gpu_budget = o->gpu_budget ? o->gpu_budget : RV_GPU_BUDGET_DEFAULT, .devices = o->gpus, .stop = o->stop };
    const gts_hybrid_options ho = { .cpu_threads = threads, .gpu = true, .gpu_least = o->gpu_least > 0 ? (size_t)o->gpu_least : RV_GPU_LEAST_DEFAULT,
                                    .gpu_most = LANES_MOST, .stop = o->stop };
    if (!(x->h = gts_hybrid_create(&game, x, &ho, err, errlen))) {
        rv_hybrid_free(x);
        return NULL;
    }
    return x;
}

void rv_hybrid_free(rv_hybrid *x)
{
    if (!x)
        return;
    gts_hybrid_free(x->h);
    gts_split_memory_free(x->memory);
    free(x->cpu), free(x->launch), free(x->launch_at), free(x->answers);
    free(x);
}

int rv_hybrid_frontier(const rv_hybrid *x)
{
    return x->frontier;
}

/* A root window of rv_eg_root: split over the CPU threads and the lanes. */
static int split_window(void *arg, rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, int *best)
{
    static const gts_split_game game = { sizeof(rv_pos), RV_MAX_MOVES, children, probe, store };
    rv_hybrid *x = arg;
    const rv_pos p = { me, opp };
    gts_split_result r;
    *best = RV_NO_MOVE;
    x->root = p;
    gts_hybrid_begin(x->h);
    if (gts_split_search(&game, x, &gts_hybrid_workers, x->h, x->memory, &p, 64, alpha, beta, &r) != 0) {
        gts_stop_raise(&x->failed);
        return alpha;
    }
    t->nodes += r.nodes;
    if (r.best_kid >= 0)
        *best = x->root_moves[r.best_kid];
    return r.value;
}

int rv_hybrid_root(rv_hybrid *x, rv_eg_thread *t, uint64_t me, uint64_t opp, bool wld, int *best)
{
    gts_stop_reset(&x->failed);
    t->abort = &x->failed;
    const int v = rv_eg_root(t, me, opp, wld, best, split_window, x);
    t->abort = NULL;
    return v;
}

bool rv_hybrid_failed(const rv_hybrid *x, char *err, size_t errlen)
{
    if (!gts_stop_raised(&x->failed))
        return false;
    const char *why = gts_hybrid_error(x->h);
    snprintf(err, errlen, "%s", *why ? why : "stopped");
    return true;
}

gts_hybrid_stats rv_hybrid_stats(rv_hybrid *x)
{
    return gts_hybrid_stats_of(x->h);
}
