/* One position's split search on CPU threads and GPU lanes (hybrid.h). */
#include "core/hybrid.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/cond.h"
#include "core/threads.h"

enum { WAITING, ON_CPU, ON_GPU, ANSWERED, DROPPED };

typedef struct task {
    long id;                /* the split's */
    int alpha, beta;
    unsigned char state;
    bool cancelled;         /* while it ran: its answer is dropped */
    bool cpu_only;          /* the lanes do not take it, or gave it up */
    bool stolen;            /* on the lanes, and taken by a CPU thread too */
    int thread;             /* on a CPU thread: which */
} task;

typedef struct answer {
    long id;
    int value;
    uint64_t nodes;
} answer;

struct gts_hybrid {
    gts_hybrid_game game;
    void *ctx;
    gts_hybrid_options o;
    pthread_mutex_t lock;
    pthread_cond_t cpu_work, gpu_work, answered, idle;
    task *tasks;            /* this search's, in the order sent */
    unsigned char *pos;     /* task i's position at i * pos_size */
    long ntasks, tasks_cap, pos_cap;
    long *slot_of;          /* a split id's task + 1 (0: none) */
    long ids_cap;
    long front;             /* no task before it waits */
    long steal_front;       /* no task before it can be stolen */
    long waiting, gpu_waiting, running, out;
    answer *answers;        /* answered, not yet read by next */
    long nanswers, read, answers_cap;
    bool quit, failed;
    char err[256];
    gts_pool *pool;
    gts_stop *abort;        /* a CPU thread's: its task was cancelled */
    gts_hybrid_stats stats;
};

/* Doubles *cap (from `first`) until it holds `need` items of `size` at *p. */
static bool grow(void **p, long *cap, long need, size_t size, long first)
{
    if (need <= *cap)
        return true;
    long c = *cap ? *cap : first;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, (size_t)c * size);
    if (!q)
        return false;
    *p = q;
    *cap = c;
    return true;
}

/* Task slot's answer to the host, unless it has one already (a stolen
 * task, the other side first) or was cancelled while it ran (lock held). */
static void deliver(gts_hybrid *h, long slot, int value, uint64_t nodes, bool gpu)
{
    task *t = &h->tasks[slot];
    if (t->cancelled || t->state == ANSWERED) {
        h->stats.wasted_tasks++;
        h->stats.wasted_nodes += nodes;
        return;
    }
    if (gpu && t->stolen)
        gts_stop_raise(&h->abort[t->thread]);   /* the CPU thread's copy */
    t->state = ANSWERED;
    h->out--;
    if (gpu)
        h->stats.gpu_tasks++, h->stats.gpu_nodes += nodes;
    else
        h->stats.cpu_tasks++, h->stats.cpu_nodes += nodes;
    if (!grow((void **)&h->answers, &h->answers_cap, h->nanswers + 1, sizeof *h->answers, 256)) {
        h->failed = true;
        snprintf(h->err, sizeof h->err, "out of memory for the answers");
    } else {
        h->answers[h->nanswers++] = (answer){ t->id, value, nodes };
    }
    pthread_cond_signal(&h->answered);
}

/* A task on the lanes, the oldest no CPU thread has taken (lock held): a
 * lane takes a thousand times a CPU thread's time over a task (15,000
 * nodes a second against 15 M on the H200 host), so a CPU thread with
 * nothing waiting does it too, and the first answer counts.  -1 if none. */
static long steal(gts_hybrid *h)
{
    for (; h->steal_front < h->ntasks; h->steal_front++) {
        const task *t = &h->tasks[h->steal_front];
        if (t->state == ON_GPU && !t->stolen && !t->cancelled)
            return h->steal_front++;
    }
    return -1;
}

/* The oldest waiting task, else one to steal, taken by CPU thread
 * `thread` (lock held); -1 if none. */
static long take_oldest(gts_hybrid *h, int thread)
{
    while (h->front < h->ntasks && h->tasks[h->front].state != WAITING)
        h->front++;
    long slot = h->front < h->ntasks ? h->front++ : -1;
    if (slot >= 0) {
        h->tasks[slot].state = ON_CPU;
        h->waiting--;
        if (!h->tasks[slot].cpu_only)
            h->gpu_waiting--;
    } else if ((slot = steal(h)) >= 0) {
        h->tasks[slot].stolen = true;
        h->stats.stolen++;
    } else {
        return -1;
    }
    h->tasks[slot].thread = thread;
    gts_stop_reset(&h->abort[thread]);
    h->running++;
    return slot;
}

static void cpu_loop(gts_hybrid *h, int thread)
{
    unsigned char *pos = malloc(h->game.pos_size);
    pthread_mutex_lock(&h->lock);
    while (pos && !h->quit) {
        const long slot = take_oldest(h, thread);
        if (slot < 0) {
            pthread_cond_wait(&h->cpu_work, &h->lock);
            continue;
        }
        const task t = h->tasks[slot];
        memcpy(pos, h->pos + (size_t)slot * h->game.pos_size, h->game.pos_size);
        pthread_mutex_unlock(&h->lock);
        int value = 0;
        uint64_t nodes = 0;
        const int rc = h->game.cpu_window(h->ctx, thread, &h->abort[thread], pos, t.alpha, t.beta, &value, &nodes);
        pthread_mutex_lock(&h->lock);
        h->running--;
        task *done = &h->tasks[slot];
        if (rc != 0 && !done->cancelled && done->state != ANSWERED) {
            h->failed = true;   /* stopped */
            pthread_cond_signal(&h->answered);
        } else {
            deliver(h, slot, value, nodes, false);
        }
        if (h->running == 0)
            pthread_cond_broadcast(&h->idle);
    }
    pthread_mutex_unlock(&h->lock);
    free(pos);
}

/* The GPU's launch: the newest waiting tasks the lanes take, all of the
 * newest one's window (lock held), their slots into *slots and positions
 * into *pos (grown as needed); how many. */
static long take_launch(gts_hybrid *h, long **slots, long *slots_cap, unsigned char **pos, long *pos_cap)
{
    const size_t size = h->game.pos_size;
    long n = 0;
    int alpha = 0, beta = 0;
    for (long i = h->ntasks - 1; i >= h->front && (size_t)n < h->o.gpu_most; i--) {
        task *t = &h->tasks[i];
        if (t->state != WAITING || t->cpu_only || (n > 0 && (t->alpha != alpha || t->beta != beta)))
            continue;
        if (!grow((void **)slots, slots_cap, n + 1, sizeof **slots, 1024) ||
            !grow((void **)pos, pos_cap, n + 1, size, 1024))
            break;
        alpha = t->alpha, beta = t->beta;
        t->state = ON_GPU;
        (*slots)[n] = i;
        memcpy(*pos + (size_t)n * size, h->pos + (size_t)i * size, size);
        n++;
    }
    h->waiting -= n;
    h->gpu_waiting -= n;
    h->running += n;
    return n;
}

/* The lanes' answers (lock held): a given-up task waits again, for the
 * CPU threads only. */
static void gpu_answers(gts_hybrid *h, const long *slots, long n, const int *values, const uint64_t *nodes,
                        const bool *gave_up)
{
    for (long k = 0; k < n; k++) {
        task *t = &h->tasks[slots[k]];
        if (!gave_up[k]) {
            deliver(h, slots[k], values[k], nodes[k], true);
            continue;
        }
        h->stats.gave_up++;
        h->stats.gpu_nodes += nodes[k];
        if (t->cancelled || t->stolen) {
            t->state = t->stolen ? ON_CPU : DROPPED;   /* a stolen one: the CPU thread's */
            continue;
        }
        t->state = WAITING;
        t->cpu_only = true;
        h->waiting++;
        if (slots[k] < h->front)
            h->front = slots[k];
        pthread_cond_signal(&h->cpu_work);
    }
}

static void gpu_loop(gts_hybrid *h)
{
    long *slots = NULL, slots_cap = 0, pos_cap = 0, values_cap = 0, nodes_cap = 0, gave_up_cap = 0;
    unsigned char *pos = NULL;
    int *values = NULL;
    uint64_t *nodes = NULL;
    bool *gave_up = NULL;
    pthread_mutex_lock(&h->lock);
    while (!h->quit) {
        if (h->failed || h->gpu_waiting < (long)h->o.gpu_least || h->gpu_waiting == 0) {
            pthread_cond_wait(&h->gpu_work, &h->lock);
            continue;
        }
        const long n = take_launch(h, &slots, &slots_cap, &pos, &pos_cap);
        const int alpha = n ? h->tasks[slots[0]].alpha : 0, beta = n ? h->tasks[slots[0]].beta : 0;
        const bool room = n > 0 && grow((void **)&values, &values_cap, n, sizeof *values, 1024) &&
                          grow((void **)&nodes, &nodes_cap, n, sizeof *nodes, 1024) &&
                          grow((void **)&gave_up, &gave_up_cap, n, sizeof *gave_up, 1024);
        pthread_mutex_unlock(&h->lock);
        char err[256] = "out of memory for a launch";
        const double t0 = gts_now_usec();
        const int rc = room ? h->game.gpu_windows(h->ctx, pos, (size_t)n, alpha, beta, values, nodes, gave_up, err,
                                                  sizeof err)
                            : -1;
        pthread_mutex_lock(&h->lock);
        h->stats.gpu_usec += gts_now_usec() - t0;
        h->stats.launches++;
        h->running -= n;
        if (rc != 0) {
            h->failed = true;
            snprintf(h->err, sizeof h->err, "%s", err);
            pthread_cond_signal(&h->answered);
        } else {
            gpu_answers(h, slots, n, values, nodes, gave_up);
        }
        if (h->running == 0)
            pthread_cond_broadcast(&h->idle);
    }
    pthread_mutex_unlock(&h->lock);
    free(slots), free(pos), free(values), free(nodes), free(gave_up);
}

/* Helper 0 is the GPU's host thread where there is one. */
static void loop(void *arg, int index)
{
    gts_hybrid *h = arg;
    if (h->o.gpu && index == 0)
        gpu_loop(h);
    else
        cpu_loop(h, index - (h->o.gpu ? 1 : 0));
}

gts_hybrid *gts_hybrid_create(const gts_hybrid_game *game, void *ctx, const gts_hybrid_options *o, char *err,
                              size_t errlen)
{
    gts_hybrid *h = calloc(1, sizeof *h);
    if (!h) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    h->game = *game, h->ctx = ctx, h->o = *o;
    if (h->o.cpu_threads < 1)
        h->o.cpu_threads = 1;
    if (h->o.gpu_most == 0)
        h->o.gpu_most = (size_t)1 << 20;
    h->abort = calloc((size_t)h->o.cpu_threads, sizeof *h->abort);
    if (!h->abort) {
        snprintf(err, errlen, "out of memory");
        free(h);
        return NULL;
    }
    pthread_mutex_init(&h->lock, NULL);
    gts_cond_init(&h->cpu_work), gts_cond_init(&h->gpu_work), gts_cond_init(&h->answered), gts_cond_init(&h->idle);
    const int helpers = h->o.cpu_threads + (h->o.gpu ? 1 : 0);
    h->pool = gts_pool_create(helpers);
    if (!h->pool || gts_pool_helpers(h->pool) < helpers) {
        gts_threads_unstarted(err, errlen, helpers, gts_pool_helpers(h->pool));
        gts_pool_free(h->pool);
        h->pool = NULL;
        gts_hybrid_free(h);
        return NULL;
    }
    gts_pool_start(h->pool, loop, h);
    return h;
}

void gts_hybrid_free(gts_hybrid *h)
{
    if (!h)
        return;
    if (h->pool) {
        pthread_mutex_lock(&h->lock);
        h->quit = true;
        pthread_cond_broadcast(&h->cpu_work);
        pthread_cond_broadcast(&h->gpu_work);
        pthread_mutex_unlock(&h->lock);
        gts_pool_wait(h->pool);
        gts_pool_free(h->pool);
    }
    pthread_mutex_destroy(&h->lock);
    pthread_cond_destroy(&h->cpu_work), pthread_cond_destroy(&h->gpu_work);
    pthread_cond_destroy(&h->answered), pthread_cond_destroy(&h->idle);
    free(h->tasks), free(h->pos), free(h->slot_of), free(h->answers), free(h->abort);
    free(h);
}

void gts_hybrid_begin(gts_hybrid *h)
{
    pthread_mutex_lock(&h->lock);
    for (long i = h->front; i < h->ntasks; i++)
        if (h->tasks[i].state == WAITING)
            h->tasks[i].state = DROPPED;
    h->waiting = h->gpu_waiting = 0;
    while (h->running > 0)
        pthread_cond_wait(&h->idle, &h->lock);
    if (h->slot_of)
        memset(h->slot_of, 0, (size_t)h->ids_cap * sizeof *h->slot_of);
    h->ntasks = h->front = h->steal_front = h->out = 0;
    h->nanswers = h->read = 0;
    h->failed = false;
    pthread_mutex_unlock(&h->lock);
}

static int hybrid_send(void *ctx, long id, const void *pos, int alpha, int beta)
{
    gts_hybrid *h = ctx;
    const size_t size = h->game.pos_size;
    pthread_mutex_lock(&h->lock);
    const long old_ids = h->ids_cap;
    const bool room = grow((void **)&h->tasks, &h->tasks_cap, h->ntasks + 1, sizeof *h->tasks, 1024) &&
                      grow((void **)&h->pos, &h->pos_cap, h->ntasks + 1, size, 1024) &&
                      grow((void **)&h->slot_of, &h->ids_cap, id + 1, sizeof *h->slot_of, 1024);
    if (!room) {
        pthread_mutex_unlock(&h->lock);
        return -1;
    }
    memset(h->slot_of + old_ids, 0, (size_t)(h->ids_cap - old_ids) * sizeof *h->slot_of);
    const long slot = h->ntasks++;
    const bool lanes = h->o.gpu && (!h->game.gpu_takes || h->game.gpu_takes(h->ctx, pos));
    h->tasks[slot] = (task){ .id = id, .alpha = alpha, .beta = beta, .state = WAITING, .cpu_only = !lanes };
    memcpy(h->pos + (size_t)slot * size, pos, size);
    h->slot_of[id] = slot + 1;
    h->waiting++, h->out++;
    if (h->waiting > h->stats.most_waiting)
        h->stats.most_waiting = h->waiting;
    if (h->out > h->stats.most_out)
        h->stats.most_out = h->out;
    pthread_cond_signal(&h->cpu_work);
    if (lanes && ++h->gpu_waiting >= (long)h->o.gpu_least)
        pthread_cond_signal(&h->gpu_work);
    pthread_mutex_unlock(&h->lock);
    return 0;
}

static int hybrid_next(void *ctx, long *id, int *value, uint64_t *nodes)
{
    gts_hybrid *h = ctx;
    pthread_mutex_lock(&h->lock);
    /* A stop raised from outside ends the CPU threads' searches, which
     * then fail; the wait is bounded for one raised while only lanes run. */
    while (h->read == h->nanswers && !h->failed && !gts_stop_raised(h->o.stop)) {
        const struct timespec until = gts_cond_after(20000);
        pthread_cond_timedwait(&h->answered, &h->lock, &until);
    }
    const bool got = h->read < h->nanswers;
    if (got) {
        const answer a = h->answers[h->read++];
        *id = a.id, *value = a.value, *nodes = a.nodes;
    }
    pthread_mutex_unlock(&h->lock);
    return got ? 1 : -1;
}

static void hybrid_cancel(void *ctx, long id)
{
    gts_hybrid *h = ctx;
    pthread_mutex_lock(&h->lock);
    const long slot = id < h->ids_cap ? h->slot_of[id] - 1 : -1;
    task *t = slot >= 0 ? &h->tasks[slot] : NULL;
    if (t && t->state == WAITING) {
        t->state = DROPPED;
        h->waiting--;
        if (!t->cpu_only)
            h->gpu_waiting--;
        h->out--;
        h->stats.cancelled++;
    } else if (t && (t->state == ON_CPU || t->state == ON_GPU) && !t->cancelled) {
        t->cancelled = true;
        h->out--;
        if (t->state == ON_CPU || t->stolen)
            gts_stop_raise(&h->abort[t->thread]);
    }
    pthread_mutex_unlock(&h->lock);
}

const gts_split_workers gts_hybrid_workers = { hybrid_send, hybrid_next, hybrid_cancel };

const char *gts_hybrid_error(const gts_hybrid *h)
{
    return h->err;
}

gts_hybrid_stats gts_hybrid_stats_of(gts_hybrid *h)
{
    pthread_mutex_lock(&h->lock);
    const gts_hybrid_stats s = h->stats;
    pthread_mutex_unlock(&h->lock);
    return s;
}
