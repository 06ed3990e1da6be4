/* The ranks of an MPI job as a team of workers (mpi/team.h). */
#include "mpi/team.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

#ifdef GTS_MPI
#include <mpi.h>
#include <time.h>

#include "mpi/runner.h"

enum { TAG_TASK = 1, TAG_RESULT = 2, TAG_CANCEL = 3, TAG_STOP = 4 };

static void nap(void)
{
    const struct timespec t = { 0, POLL_USEC * 1000L };
    nanosleep(&t, NULL);
}

/* A message waiting from source with tag (MPI_ANY_*: any), taken whole;
 * NULL if none. */
static char *take_message(int source, int tag, MPI_Status *st, size_t *len)
{
    int flag, size;
    MPI_Iprobe(source, tag, MPI_COMM_WORLD, &flag, st);
    if (!flag)
        return NULL;
    MPI_Get_count(st, MPI_BYTE, &size);
    char *msg = malloc((size_t)size + 1);
    if (!msg) {
        cli_error("out of memory for a message of %d bytes", size);
        MPI_Abort(MPI_COMM_WORLD, EXIT_FAIL);
    }
    MPI_Recv(msg, size, MPI_BYTE, st->MPI_SOURCE, st->MPI_TAG, MPI_COMM_WORLD, st);
    *len = (size_t)size;
    return msg;
}

/* Sends head (n longs) then body as one message. */
static void send_parts(int rank, int tag, const long *head, int n, const char *body, size_t len)
{
    const size_t size = (size_t)n * sizeof *head + len;
    char *msg = malloc(size ? size : 1);
    if (!msg) {
        cli_error("out of memory for a message of %zu bytes", size);
        MPI_Abort(MPI_COMM_WORLD, EXIT_FAIL);
    }
    memcpy(msg, head, (size_t)n * sizeof *head);
    if (len)
        memcpy(msg + (size_t)n * sizeof *head, body, len);
    MPI_Send(msg, (int)size, MPI_BYTE, rank, tag, MPI_COMM_WORLD);
    free(msg);
}

/* A copy of msg from byte `from` on: a task's input or a result. */
static char *tail_copy(const char *msg, size_t len, size_t from, size_t *tail_len)
{
    *tail_len = len - from;
    char *tail = malloc(*tail_len + 1);
    if (!tail) {
        cli_error("out of memory for a message of %zu bytes", len);
        MPI_Abort(MPI_COMM_WORLD, EXIT_FAIL);
    }
    memcpy(tail, msg + from, *tail_len);
    return tail;
}

bool mpi_available(void)
{
    return true;
}

void mpi_start(int *rank, int *ranks)
{
    int provided;
    MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, ranks);
    /* After MPI_Init, which sets handlers of its own: mpirun's SIGTERM,
     * when a rank died, goes the way of Ctrl-C. */
    cli_interrupt_on(SIGINT);
    cli_interrupt_on(SIGTERM);
    /* mpirun hands the ranks a terminal for stdout, so it would be line
     * buffered: a write a line, 12 s of 16 on 200,000 short lines.  The
     * farm flushes where it must. */
    setvbuf(stdout, NULL, _IOFBF, (size_t)1 << 16);
}

void mpi_finish(void)
{
    MPI_Finalize();
}

void mpi_serve(const mpi_work *w)
{
    runner r;
    if (runner_init(&r, w) != 0) {
        cli_error("cannot start a worker thread");
        MPI_Abort(MPI_COMM_WORLD, EXIT_FAIL);
    }
    for (;;) {
        MPI_Status st;
        size_t len;
        char *msg = take_message(0, MPI_ANY_TAG, &st, &len);
        long head[2];
        if (msg && st.MPI_TAG == TAG_STOP) {
            free(msg);
            break;
        }
        if (msg) {
            memcpy(head, msg, sizeof(long));
            if (st.MPI_TAG == TAG_CANCEL)
                runner_cancel(&r, head[0]);
            else {
                size_t in_len;
                char *in = tail_copy(msg, len, sizeof(long), &in_len);
                runner_start(&r, head[0], in, in_len);
            }
            free(msg);
            continue;
        }
        if (!runner_busy(&r)) {
            nap();
            continue;
        }
        char *out;
        size_t out_len;
        int status;
        if (runner_take(&r, &head[0], &status, &out, &out_len)) {
            head[1] = status;
            send_parts(0, TAG_RESULT, head, 2, out, out_len);
            free(out);
        }
    }
    runner_end(&r);
}

typedef struct queued {
    long id;
    int prefer;
    char *in;
    size_t len;
} queued;

/* How far into the queue a free rank looks for a task that prefers it. */
#define PREFER_LOOK 256

struct mpi_team {
    int ranks;
    runner local;           /* rank 0's own worker */
    long *holds;            /* per rank: the task it runs, or -1 */
    bool *dropped;          /* per rank: that task was cancelled */
    queued *queue;
    long head, tail, cap;
    bool told_interrupt;    /* mpi_next said -1 */
};

mpi_team *mpi_team_create(int ranks, const mpi_work *w)
{
    mpi_team *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->ranks = ranks;
    t->holds = malloc((size_t)ranks * sizeof *t->holds);
    t->dropped = calloc((size_t)ranks, sizeof *t->dropped);
    if (!t->holds || !t->dropped || runner_init(&t->local, w) != 0) {
        free(t->holds);
        free(t->dropped);
        free(t);
        return NULL;
    }
    for (int r = 0; r < ranks; r++)
        t->holds[r] = -1;
    return t;
}

int mpi_ranks(const mpi_team *t)
{
    return t->ranks;
}

int mpi_submit(mpi_team *t, long id, int prefer, const void *in, size_t in_len)
{
    if (t->tail == t->cap && t->head > 0) {
        /* Compacted first: the queue is used as a FIFO of tasks. */
        const long live = t->tail - t->head;
        memmove(t->queue, t->queue + t->head, (size_t)live * sizeof *t->queue);
        t->head = 0, t->tail = live;
    }
    if (t->tail == t->cap) {
        const long cap = t->cap ? 2 * t->cap : 256;
        queued *q = realloc(t->queue, (size_t)cap * sizeof *q);
        if (!q)
            return -1;
        t->queue = q, t->cap = cap;
    }
    char *copy = malloc(in_len + 1);
    if (!copy)
        return -1;
    memcpy(copy, in, in_len);
    t->queue[t->tail++] = (queued){ id, prefer, copy, in_len };
    return 0;
}

/* Hands queued tasks to the ranks that are free. */
static void dispatch(mpi_team *t)
{
    for (int r = 0; r < t->ranks && t->head < t->tail; r++) {
        if (t->holds[r] >= 0)
            continue;
        long k = t->head;
        for (long i = t->head; i < t->tail && i < t->head + PREFER_LOOK; i++) {
            if (t->queue[i].prefer == r) {
                k = i;
                break;
            }
        }
        queued q = t->queue[k];
        memmove(t->queue + t->head + 1, t->queue + t->head, (size_t)(k - t->head) * sizeof *t->queue);
        t->head++;
        t->holds[r] = q.id;
        t->dropped[r] = false;
        if (r == 0) {
            runner_start(&t->local, q.id, q.in, q.len);
        } else {
            send_parts(r, TAG_TASK, &q.id, 1, q.in, q.len);
            free(q.in);
        }
    }
}

long mpi_pending(const mpi_team *t)
{
    long n = t->tail - t->head;
    for (int r = 0; r < t->ranks; r++)
        n += t->holds[r] >= 0;
    return n;
}

int mpi_next(mpi_team *t, long *id, int *status, char **out, size_t *out_len)
{
    for (;;) {
        dispatch(t);
        if (mpi_pending(t) == 0)
            return 0;
        if (cli_interrupted() && !t->told_interrupt) {
            t->told_interrupt = true;
            return -1;
        }
        MPI_Status st;
        size_t len;
        char *msg = take_message(MPI_ANY_SOURCE, TAG_RESULT, &st, &len);
        int rank = -1;
        if (msg) {
            long head[2];
            memcpy(head, msg, sizeof head);
            rank = st.MPI_SOURCE;
            *id = head[0], *status = (int)head[1];
            *out = tail_copy(msg, len, sizeof head, out_len);
            free(msg);
        } else if (t->holds[0] < 0) {
            nap();
        } else if (runner_take(&t->local, id, status, out, out_len)) {
            rank = 0;
        }
        if (rank < 0)
            continue;
        t->holds[rank] = -1;
        if (!t->dropped[rank])
            return 1;
        free(*out);
    }
}

void mpi_cancel(mpi_team *t, long id)
{
    for (long i = t->head; i < t->tail; i++) {
        if (t->queue[i].id != id)
            continue;
        free(t->queue[i].in);
        memmove(t->queue + i, t->queue + i + 1, (size_t)(t->tail - i - 1) * sizeof *t->queue);
        t->tail--;
        return;
    }
    const int r = mpi_holder(t, id);
    if (r < 0 || t->dropped[r])
        return;
    t->dropped[r] = true;
    if (r == 0)
        runner_cancel(&t->local, id);
    else
        MPI_Send(&id, (int)sizeof id, MPI_BYTE, r, TAG_CANCEL, MPI_COMM_WORLD);
}

int mpi_holder(const mpi_team *t, long id)
{
    for (int r = 0; r < t->ranks; r++)
        if (t->holds[r] == id)
            return r;
    return -1;
}

void mpi_dismiss(int ranks)
{
    for (int r = 1; r < ranks; r++)
        MPI_Send(NULL, 0, MPI_BYTE, r, TAG_STOP, MPI_COMM_WORLD);
}

void mpi_team_free(mpi_team *t)
{
    if (!t)
        return;
    while (t->head < t->tail)
        mpi_cancel(t, t->queue[t->head].id);
    for (int r = 0; r < t->ranks; r++)
        if (t->holds[r] >= 0)
            mpi_cancel(t, t->holds[r]);
    long id;
    int status;
    char *out;
    size_t len;
    t->told_interrupt = true;
    while (mpi_next(t, &id, &status, &out, &len) > 0)
        free(out);
    mpi_dismiss(t->ranks);
    runner_end(&t->local);
    free(t->holds);
    free(t->dropped);
    free(t->queue);
    free(t);
}

#else

/* Without MPI the commands refuse --mpi before any of these: one rank,
 * no team, for the linker. */
bool mpi_available(void)
{
    return false;
}

void mpi_start(int *rank, int *ranks)
{
    *rank = 0, *ranks = 1;
}

void mpi_finish(void)
{
}

void mpi_serve(const mpi_work *w)
{
    (void)w;
}

mpi_team *mpi_team_create(int ranks, const mpi_work *w)
{
    (void)ranks, (void)w;
    return NULL;
}

void mpi_dismiss(int ranks)
{
    (void)ranks;
}

void mpi_team_free(mpi_team *t)
{
    (void)t;
}

int mpi_submit(mpi_team *t, long id, int prefer, const void *in, size_t in_len)
{
    (void)t, (void)id, (void)prefer, (void)in, (void)in_len;
    return -1;
}

int mpi_next(mpi_team *t, long *id, int *status, char **out, size_t *out_len)
{
    (void)t, (void)id, (void)status, (void)out, (void)out_len;
    return 0;
}

#endif
