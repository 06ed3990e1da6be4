/* One deep position over the ranks of an MPI job (mpi/split_transport.h). */
#include "mpi/split_transport.h"

#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "mpi/team.h"

#ifdef GTS_MPI

struct mpi_split {
    const gts_split_game *game;
    void *game_ctx;
    mpi_split_solve_fn *solve;
    void *solve_ctx;
    mpi_work work;
    mpi_team *team;
    char *task;             /* a task's bytes: the position, alpha, beta */
    /* The team's ids run on from one search to the next (base + the
     * split's task), so that a late answer of an earlier one is known. */
    long base, used;
    gts_split_memory *memory;
};

typedef struct answer {
    int value;
    uint64_t nodes;
} answer;

/* A rank's task: the window search, its value and nodes back. */
static int work(void *ctx, const char *in, size_t in_len, char **out, size_t *out_len)
{
    mpi_split *s = ctx;
    const size_t size = s->game->pos_size;
    int window[2];
    answer *a = malloc(sizeof *a);
    if (!a || in_len != size + sizeof window) {
        free(a);
        return -1;
    }
    memcpy(window, in + size, sizeof window);
    *out = (char *)a, *out_len = sizeof *a;
    return s->solve(s->solve_ctx, in, window[0], window[1], &a->value, &a->nodes) ? -1 : 0;
}

static int send_task(void *ctx, long task, const void *pos, int alpha, int beta)
{
    mpi_split *s = ctx;
    const size_t size = s->game->pos_size;
    const int window[2] = { alpha, beta };
    memcpy(s->task, pos, size);
    memcpy(s->task + size, window, sizeof window);
    if (task + 1 > s->used)
        s->used = task + 1;
    /* A position goes to the same rank each time it comes (the root's
     * probes walk the same nodes): that rank's table has it. */
    const int prefer = (int)(gts_split_hash(pos, size) % (uint64_t)mpi_ranks(s->team));
    return mpi_submit(s->team, s->base + task, prefer, s->task, size + sizeof window);
}

static int next_answer(void *ctx, long *task, int *value, uint64_t *nodes)
{
    mpi_split *s = ctx;
    int status;
    char *out;
    size_t len;
    const int got = mpi_next(s->team, task, &status, &out, &len);
    *task -= s->base;
    if (got > 0 && status == 0 && len == sizeof(answer)) {
        answer a;
        memcpy(&a, out, sizeof a);
        *value = a.value, *nodes = a.nodes;
    }
    free(got > 0 ? out : NULL);
    return got > 0 && status == 0 && len == sizeof(answer) ? 1 : -1;
}

static void cancel_task(void *ctx, long task)
{
    mpi_split *s = ctx;
    mpi_cancel(s->team, s->base + task);
}

static const gts_split_workers ranks = { send_task, next_answer, cancel_task };

mpi_split *mpi_split_start(const gts_split_game *game, void *game_ctx, mpi_split_solve_fn *solve, void *solve_ctx,
                           gts_stop *stop, bool *is_root)
{
    int rank, size;
    mpi_start(&rank, &size);
    mpi_split *s = calloc(1, sizeof *s);
    char *task = malloc(game->pos_size + 2 * sizeof(int));
    *is_root = rank == 0;
    if (s && task) {
        *s = (mpi_split){ game, game_ctx, solve, solve_ctx, { work, NULL, stop }, NULL, task, 0, 0, NULL };
        s->work.ctx = s;
        if (rank != 0) {
            mpi_serve(&s->work);
        } else if ((s->memory = gts_split_memory_create()) && (s->team = mpi_team_create(size, &s->work))) {
            return s;
        }
    }
    if (rank == 0) {
        cli_error("out of memory for the split");
        mpi_dismiss(size);
    }
    if (s)
        gts_split_memory_free(s->memory);
    free(s), free(task);
    mpi_finish();
    return NULL;
}

int mpi_split_window(mpi_split *s, const void *pos, int depth, int alpha, int beta, gts_split_result *r)
{
    const int rc = gts_split_search(s->game, s->game_ctx, &ranks, s, s->memory, pos, depth, alpha, beta, r);
    s->base += s->used;
    s->used = 0;
    return rc;
}

void mpi_split_end(mpi_split *s)
{
    mpi_team_free(s->team);
    gts_split_memory_free(s->memory);
    free(s->task);
    free(s);
    mpi_finish();
}

#else

mpi_split *mpi_split_start(const gts_split_game *game, void *game_ctx, mpi_split_solve_fn *solve, void *solve_ctx,
                           gts_stop *stop, bool *is_root)
{
    (void)game, (void)game_ctx, (void)solve, (void)solve_ctx, (void)stop;
    *is_root = true;
    cli_error("--mpi-split: this gts was built without MPI (install libopenmpi-dev and build again)");
    return NULL;
}

int mpi_split_window(mpi_split *s, const void *pos, int depth, int alpha, int beta, gts_split_result *r)
{
    (void)s, (void)pos, (void)depth, (void)alpha, (void)beta, (void)r;
    return -1;
}

void mpi_split_end(mpi_split *s)
{
    (void)s;
}

#endif
