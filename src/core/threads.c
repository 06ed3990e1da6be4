/* One-shot thread teams and pools of sleeping helpers (threads.h). */
#include "core/threads.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct team_member {
    gts_thread_fn *fn;
    void *arg;
    int index;
} team_member;

static void *run_member(void *arg)
{
    const team_member *m = arg;
    m->fn(m->arg, m->index);
    return NULL;
}

int gts_run_threads(int n, gts_thread_fn *fn, void *arg)
{
    pthread_t *tid = n > 1 ? malloc((size_t)(n - 1) * sizeof *tid) : NULL;
    team_member *m = tid ? malloc((size_t)(n - 1) * sizeof *m) : NULL;
    int started = 0;
    for (; m && started < n - 1; started++) {
        m[started] = (team_member){ fn, arg, started + 1 };
        if (pthread_create(&tid[started], NULL, run_member, &m[started]) != 0)
            break;
    }
    fn(arg, 0);
    for (int i = started + 1; i < n; i++)
        fn(arg, i);
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    free(m);
    free(tid);
    return started + 1;
}

typedef struct pool_helper {
    struct gts_pool *pool;
    int index;
    pthread_t thread;
} pool_helper;

struct gts_pool {
    pthread_mutex_t lock;           /* guards everything below */
    pthread_cond_t wake;            /* a job started, or quit */
    pthread_cond_t done;            /* the last helper left the job */
    pool_helper *helper;
    int helpers;
    int running;                    /* helpers not yet back from the job */
    unsigned long job;              /* bumped by each start */
    gts_thread_fn *fn;
    void *arg;
    bool quit;
};

static void *helper_main(void *arg)
{
    const pool_helper *h = arg;
    gts_pool *p = h->pool;
    unsigned long seen = 0;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->quit && p->job == seen)
            pthread_cond_wait(&p->wake, &p->lock);
        if (p->quit)
            break;
        seen = p->job;
        gts_thread_fn *fn = p->fn;
        void *job_arg = p->arg;
        pthread_mutex_unlock(&p->lock);
        fn(job_arg, h->index);
        pthread_mutex_lock(&p->lock);
        if (--p->running == 0)
            pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

gts_pool *gts_pool_create(int helpers)
{
    gts_pool *p = calloc(1, sizeof *p);
    if (p && helpers > 0)
        p->helper = calloc((size_t)helpers, sizeof *p->helper);
    if (!p || (helpers > 0 && !p->helper) || pthread_mutex_init(&p->lock, NULL) != 0) {
        if (p)
            free(p->helper);
        free(p);
        return NULL;
    }
    pthread_cond_init(&p->wake, NULL);
    pthread_cond_init(&p->done, NULL);
    for (; p->helpers < helpers; p->helpers++) {
        pool_helper *h = &p->helper[p->helpers];
        h->pool = p;
        h->index = p->helpers;
        if (pthread_create(&h->thread, NULL, helper_main, h) != 0)
            break;
    }
    return p;
}

void gts_pool_free(gts_pool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->quit = true;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->helpers; i++)
        pthread_join(p->helper[i].thread, NULL);
    pthread_cond_destroy(&p->wake);
    pthread_cond_destroy(&p->done);
    pthread_mutex_destroy(&p->lock);
    free(p->helper);
    free(p);
}

int gts_pool_helpers(const gts_pool *p)
{
    return p ? p->helpers : 0;
}

void gts_pool_start(gts_pool *p, gts_thread_fn *fn, void *arg)
{
    if (!p || !p->helpers)
        return;
    pthread_mutex_lock(&p->lock);
    p->fn = fn;
    p->arg = arg;
    p->running = p->helpers;
    p->job++;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
}

void gts_pool_wait(gts_pool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    while (p->running > 0)
        pthread_cond_wait(&p->done, &p->lock);
    pthread_mutex_unlock(&p->lock);
}

void gts_threads_oom(char *err, size_t errlen, int threads, int failed, size_t each, const char *what)
{
    const double mb = 1024.0 * 1024.0;
    snprintf(err, errlen, "out of memory for %d threads: thread %d could not have its own %.0f MB %s (%.0f MB for all %d); "
             "use fewer threads", threads, failed + 1, each / mb, what, (double)each * threads / mb, threads);
}

void gts_threads_unstarted(char *err, size_t errlen, int threads, int started)
{
    snprintf(err, errlen, "cannot start %d threads: the system started %d (its limit on threads, or their stacks' "
             "memory); use fewer threads", threads, started);
}
