/* CPU threads beside the GPU's lanes: the two ends of each share's queue
 * (rv8_beside.h). */
#include "reversi/gpu/rv8_beside.h"

#include <pthread.h>
#include <stdlib.h>

#include "core/gpu_devices.h"

/* Positions the CPU threads leave between themselves and the lanes' count
 * as last read: at 50,000 positions a second on an H200, a read half a
 * millisecond late is 25 positions behind. */
#define RV8B_MARGIN 256

typedef struct share {
    pthread_mutex_t lock;
    size_t top;         /* the CPU threads have [top, size) */
    size_t claimed;     /* the lanes have [0, claimed), as last read */
    size_t size;
    bool closed;        /* the launch is over */
} share;

struct rv8b_batch {
    int devices;
    share shares[];
};

rv8b_batch *rv8b_create(size_t n, int devices)
{
    rv8b_batch *b = calloc(1, sizeof *b + (size_t)devices * sizeof *b->shares);
    if (!b)
        return NULL;
    b->devices = devices;
    for (int d = 0; d < devices; d++) {
        share *s = &b->shares[d];
        pthread_mutex_init(&s->lock, NULL);
        s->size = s->top = gpu_share_count(n, devices, d);
    }
    return b;
}

void rv8b_free(rv8b_batch *b)
{
    if (!b)
        return;
    for (int d = 0; d < b->devices; d++)
        pthread_mutex_destroy(&b->shares[d].lock);
    free(b);
}

/* What share s has left for the CPU threads (its lock held). */
static size_t left(const share *s)
{
    return s->closed || s->top < s->claimed + RV8B_MARGIN ? 0 : s->top - s->claimed - RV8B_MARGIN;
}

long rv8b_take(rv8b_batch *b)
{
    for (;;) {
        int best = -1;
        size_t most = 0;
        for (int d = 0; d < b->devices; d++) {
            pthread_mutex_lock(&b->shares[d].lock);
            const size_t k = left(&b->shares[d]);
            pthread_mutex_unlock(&b->shares[d].lock);
            if (k > most)
                most = k, best = d;
        }
        if (best < 0)
            return -1;
        share *s = &b->shares[best];
        pthread_mutex_lock(&s->lock);
        const bool took = left(s) > 0;
        const size_t j = took ? --s->top : 0;
        pthread_mutex_unlock(&s->lock);
        if (took)
            return (long)((size_t)best + j * (size_t)b->devices);
    }
}

size_t rv8b_meet(void *ctx, size_t claimed)
{
    share *s = ctx;
    pthread_mutex_lock(&s->lock);
    if (claimed > s->claimed)
        s->claimed = claimed;
    const size_t top = s->top;
    pthread_mutex_unlock(&s->lock);
    return top;
}

void *rv8b_share(rv8b_batch *b, int d)
{
    return &b->shares[d];
}

size_t rv8b_close(rv8b_batch *b, int d, size_t share_size)
{
    if (!b)
        return share_size;
    share *s = &b->shares[d];
    pthread_mutex_lock(&s->lock);
    s->closed = true;
    const size_t top = s->top;
    pthread_mutex_unlock(&s->lock);
    return top;
}
