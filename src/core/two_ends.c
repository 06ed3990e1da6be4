/* The two ends of a batch: one queue for CPU threads and GPU lanes
 * (two_ends.h). */
#include "core/two_ends.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/gpu_devices.h"

/* What has become of an item: bits of its state word. */
enum {
    CPU_HAS = 1,        /* a CPU thread took it (end, steal or given back) */
    CPU_ONLY = 2,       /* the lanes skip it */
    GIVEN_UP = 4,       /* a lane gave it up: never stolen */
    ANSWERED = 8,       /* claimed by its first solver */
    PUBLISHED = 16,     /* its answer written */
};

typedef struct share {
    pthread_mutex_t lock;
    size_t top;         /* the CPU threads have [top, size) */
    size_t claimed;     /* the lanes have [0, claimed), as last read */
    size_t size;
    size_t steal;       /* steal has looked at [steal, top) */
    bool closed;        /* the launch is over */
} share;

struct gts_ends {
    size_t n, margin;
    int shares;
    size_t *order;              /* place -> item; NULL: the same */
    atomic_uchar *state;
    /* Items for the CPU threads before the dear end: given up or the
     * CPU's alone. */
    pthread_mutex_t back_lock;
    size_t *back, nback;
    /* The output in input order. */
    pthread_mutex_t out_lock;
    size_t next_out;
    gts_ends_out_fn *out;
    void *out_ctx;
    atomic_size_t solved[2], twice;
    share s[];
};

gts_ends *gts_ends_create(size_t n, int shares, const size_t *order, size_t margin, gts_ends_out_fn *out,
                          void *out_ctx)
{
    gts_ends *q = calloc(1, sizeof *q + (size_t)shares * sizeof *q->s);
    if (!q)
        return NULL;
    const size_t k = n ? n : 1;
    q->state = calloc(k, sizeof *q->state);
    q->back = malloc(k * sizeof *q->back);
    q->order = order ? malloc(k * sizeof *q->order) : NULL;
    if (!q->state || !q->back || (order && !q->order)) {
        free(q->state), free(q->back), free(q->order), free(q);
        return NULL;
    }
    if (order)
        memcpy(q->order, order, n * sizeof *order);
    q->n = n, q->margin = margin, q->shares = shares, q->out = out, q->out_ctx = out_ctx;
    pthread_mutex_init(&q->back_lock, NULL);
    pthread_mutex_init(&q->out_lock, NULL);
    for (int d = 0; d < shares; d++) {
        share *s = &q->s[d];
        pthread_mutex_init(&s->lock, NULL);
        s->size = s->top = s->steal = gpu_share_count(n, shares, d);
    }
    return q;
}

void gts_ends_free(gts_ends *q)
{
    if (!q)
        return;
    for (int d = 0; d < q->shares; d++)
        pthread_mutex_destroy(&q->s[d].lock);
    pthread_mutex_destroy(&q->back_lock);
    pthread_mutex_destroy(&q->out_lock);
    free(q->state), free(q->back), free(q->order), free(q);
}

size_t gts_ends_item(const gts_ends *q, int s, size_t j)
{
    const size_t place = (size_t)s + j * (size_t)q->shares;
    return q->order ? q->order[place] : place;
}

/* Sets bits in item i's state; the state before. */
static unsigned mark(gts_ends *q, size_t i, unsigned bits)
{
    return atomic_fetch_or(&q->state[i], (unsigned char)bits);
}

static void push_back(gts_ends *q, size_t i)
{
    pthread_mutex_lock(&q->back_lock);
    q->back[q->nback++] = i;
    pthread_mutex_unlock(&q->back_lock);
}

void gts_ends_cpu_only(gts_ends *q, size_t i)
{
    if (!(mark(q, i, CPU_ONLY) & CPU_ONLY))
        push_back(q, i);
}

void gts_ends_give_up(gts_ends *q, size_t i)
{
    if (!(mark(q, i, GIVEN_UP) & (CPU_HAS | GIVEN_UP | ANSWERED)))
        push_back(q, i);
}

/* An item given back, marked the CPU's; -1 if none. */
static long take_back(gts_ends *q)
{
    long i = -1;
    pthread_mutex_lock(&q->back_lock);
    if (q->nback)
        i = (long)q->back[--q->nback];
    pthread_mutex_unlock(&q->back_lock);
    if (i >= 0)
        mark(q, (size_t)i, CPU_HAS);
    return i;
}

/* What share s has left for the CPU threads (its lock held). */
static size_t left(const gts_ends *q, const share *s)
{
    return s->closed || s->top < s->claimed + q->margin ? 0 : s->top - s->claimed - q->margin;
}

long gts_ends_take(gts_ends *q)
{
    const long back = take_back(q);
    if (back >= 0)
        return back;
    for (;;) {
        int best = -1;
        size_t most = 0;
        for (int d = 0; d < q->shares; d++) {
            pthread_mutex_lock(&q->s[d].lock);
            const size_t k = left(q, &q->s[d]);
            pthread_mutex_unlock(&q->s[d].lock);
            if (k > most)
                most = k, best = d;
        }
        if (best < 0)
            return -1;
        share *s = &q->s[best];
        long item = -1;
        pthread_mutex_lock(&s->lock);
        while (item < 0 && left(q, s) > 0) {
            const size_t i = gts_ends_item(q, best, --s->top);
            if (!(mark(q, i, CPU_HAS) & CPU_ONLY))
                item = (long)i;
        }
        if (s->steal > s->top)
            s->steal = s->top;
        pthread_mutex_unlock(&s->lock);
        if (item >= 0)
            return item;
    }
}

long gts_ends_steal(gts_ends *q)
{
    /* The share whose next place to look at is the dearest: places are
     * dealt in turn, so slot j of share d is place d + j * shares. */
    for (;;) {
        int best = -1;
        size_t dearest = 0;
        for (int d = 0; d < q->shares; d++) {
            share *s = &q->s[d];
            pthread_mutex_lock(&s->lock);
            const size_t place = s->steal ? (size_t)d + (s->steal - 1) * (size_t)q->shares + 1 : 0;
            if (!s->closed && place > dearest)
                dearest = place, best = d;
            pthread_mutex_unlock(&s->lock);
        }
        if (best < 0)
            return -1;
        share *s = &q->s[best];
        long item = -1;
        pthread_mutex_lock(&s->lock);
        while (item < 0 && s->steal > 0 && !s->closed) {
            const size_t i = gts_ends_item(q, best, --s->steal);
            unsigned char st = atomic_load(&q->state[i]);
            while (!(st & (CPU_HAS | CPU_ONLY | GIVEN_UP | ANSWERED)) &&
                   !atomic_compare_exchange_weak(&q->state[i], &st, (unsigned char)(st | CPU_HAS)))
                ;
            if (!(st & (CPU_HAS | CPU_ONLY | GIVEN_UP | ANSWERED)))
                item = (long)i;
        }
        pthread_mutex_unlock(&s->lock);
        if (item >= 0)
            return item;
    }
}

size_t gts_ends_lanes_take(gts_ends *q, int d, size_t most, size_t *items)
{
    share *s = &q->s[d];
    size_t k = 0;
    pthread_mutex_lock(&s->lock);
    while (k < most && !s->closed && s->claimed < s->top) {
        const size_t i = gts_ends_item(q, d, s->claimed++);
        if (!(atomic_load(&q->state[i]) & CPU_ONLY))
            items[k++] = i;
    }
    pthread_mutex_unlock(&s->lock);
    return k;
}

size_t gts_ends_between(gts_ends *q, int d)
{
    share *s = &q->s[d];
    pthread_mutex_lock(&s->lock);
    const size_t k = s->closed || s->top < s->claimed ? 0 : s->top - s->claimed;
    pthread_mutex_unlock(&s->lock);
    return k;
}

size_t gts_ends_meet(void *ctx, size_t claimed)
{
    share *s = ctx;
    pthread_mutex_lock(&s->lock);
    if (claimed > s->claimed)
        s->claimed = claimed;
    const size_t top = s->top;
    pthread_mutex_unlock(&s->lock);
    return top;
}

void *gts_ends_share(gts_ends *q, int d)
{
    return &q->s[d];
}

size_t gts_ends_close(gts_ends *q, int d, size_t share_size)
{
    if (!q)
        return share_size;
    share *s = &q->s[d];
    pthread_mutex_lock(&s->lock);
    s->closed = true;
    const size_t top = s->top;
    pthread_mutex_unlock(&s->lock);
    return top;
}

bool gts_ends_answered(const gts_ends *q, size_t i)
{
    return atomic_load(&q->state[i]) & ANSWERED;
}

bool gts_ends_claim(gts_ends *q, size_t i, int side)
{
    const bool first = !(mark(q, i, ANSWERED) & ANSWERED);
    atomic_fetch_add(first ? &q->solved[side] : &q->twice, 1);
    return first;
}

void gts_ends_publish(gts_ends *q, size_t i)
{
    mark(q, i, PUBLISHED);
    /* Blocking, not a try: a thread that found the lock taken could leave
     * its item unprinted if the holder had looked at it just before. */
    pthread_mutex_lock(&q->out_lock);
    while (q->next_out < q->n && (atomic_load(&q->state[q->next_out]) & PUBLISHED)) {
        if (q->out)
            q->out(q->out_ctx, q->next_out);
        q->next_out++;
    }
    pthread_mutex_unlock(&q->out_lock);
}

gts_ends_counts gts_ends_tally(const gts_ends *q)
{
    return (gts_ends_counts){ atomic_load(&q->solved[GTS_ENDS_LANES]), atomic_load(&q->solved[GTS_ENDS_CPU]),
                              atomic_load(&q->twice) };
}
