/*
 * The split search (core/split.h) against the serial solvers, without MPI:
 * its tasks go to a stand-in for the ranks that solves them one at a time
 * with a serial solver, first in, first out or last in, first out (the
 * answers come back in other orders, and cutoffs cancel tasks still
 * queued).  Connect 4: the exact scores of test-set positions (the file's
 * scores) through the solver root's probes (c4_solve_by_windows), split 1
 * to 4 plies down.  Reversi: the scores and moves of rv_solver_run through
 * its MTD(f) root (rv_solver_run_with).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/split.h"
#include "gts/c4_solver.h"
#include "gts/reversi.h"

/* The stand-in for the ranks: queued tasks, one solved per call of next. */
typedef struct task {
    long id;
    unsigned char pos[32];
    int alpha, beta;
} task;

typedef struct ranks {
    task q[4096];
    int n;
    bool lifo;
    long sent, cancelled;
    int (*solve)(void *ctx, const void *pos, int alpha, int beta, int *value, uint64_t *nodes);
    void *ctx;
    size_t pos_size;
} ranks;

static int send_task(void *ctx, long id, const void *pos, int alpha, int beta)
{
    ranks *r = ctx;
    if (r->n == 4096)
        return -1;
    task *t = &r->q[r->n++];
    t->id = id, t->alpha = alpha, t->beta = beta;
    memcpy(t->pos, pos, r->pos_size);
    r->sent++;
    return 0;
}

static int next_answer(void *ctx, long *id, int *value, uint64_t *nodes)
{
    ranks *r = ctx;
    if (r->n == 0)
        return -1;
    const int i = r->lifo ? r->n - 1 : 0;
    const task t = r->q[i];
    memmove(r->q + i, r->q + i + 1, (size_t)(r->n - i - 1) * sizeof *r->q);
    r->n--;
    *id = t.id;
    return r->solve(r->ctx, t.pos, t.alpha, t.beta, value, nodes) == 0 ? 1 : -1;
}

static void cancel_task(void *ctx, long id)
{
    ranks *r = ctx;
    for (int i = 0; i < r->n; i++) {
        if (r->q[i].id != id)
            continue;
        memmove(r->q + i, r->q + i + 1, (size_t)(r->n - i - 1) * sizeof *r->q);
        r->n--;
        r->cancelled++;
        return;
    }
}

static const gts_split_workers stand_in = { send_task, next_answer, cancel_task };

/* --- Connect 4 --- */

typedef struct c4_split_ctx {
    c4_geom g;
    c4_solver *s;
    ranks *r;
    int depth;
    gts_split_memory *memory;
} c4_split_ctx;

static int c4_rank(void *ctx, const void *pos, int alpha, int beta, int *value, uint64_t *nodes)
{
    c4_split_ctx *c = ctx;
    c4_result res;
    if (c4_solve_window(c->s, pos, alpha, beta, &res) != 0)
        return -1;
    *value = res.score, *nodes = res.nodes;
    return 0;
}

static int c4_kids(void *ctx, const void *pos, void *kids)
{
    const c4_split_ctx *c = ctx;
    return c4_split_children(&c->g, pos, kids);
}

static int c4_split_window(void *arg, const c4_pos *p, int alpha, int beta, int *value)
{
    c4_split_ctx *c = arg;
    static const gts_split_game game = { .pos_size = sizeof(c4_pos), .max_kids = C4_MAX_WIDTH, .children = c4_kids };
    gts_split_result r;
    if (gts_split_search(&game, c, &stand_in, c->r, c->memory, p, c->depth, alpha, beta, &r) != 0)
        return -1;
    *value = r.value;
    return 0;
}

static void part_c4(void)
{
    static ranks r;
    c4_split_ctx c = { .r = &r, .memory = gts_split_memory_create() };
    char err[256];
    CHECK(c4_geom_init(&c.g, 7, 6, err, sizeof err) == 0);
    c4_options o = c4_default_options();
    o.tt_bytes = (size_t)16 << 20;
    c.s = c4_solver_create(&c.g, &o, err, sizeof err);
    r = (ranks){ .solve = c4_rank, .ctx = &c, .pos_size = sizeof(c4_pos) };
    FILE *f = fopen(GTS_SOURCE_DIR "/data/c4/Test_L2_R2", "r");
    CHECK(f && c.s);
    char line[256];
    for (int k = 0; f && c.s && k < (CHECK_ASAN ? 4 : 12) && fgets(line, sizeof line, f); k++) {
        char moves[128];
        int expected;
        c4_pos p;
        if (sscanf(line, "%127s %d", moves, &expected) != 2 || c4_parse(&c.g, &p, moves, err, sizeof err) != 0)
            continue;
        for (c.depth = 1; c.depth <= 4; c.depth++) {
            for (int lifo = 0; lifo < 2; lifo++) {
                r.lifo = lifo;
                c4_solver_clear(c.s);
                int score = -100;
                const int rc = c4_solve_by_windows(&c.g, &p, c4_split_window, &c, &score);
                if (!CHECK(rc == 0 && score == expected))
                    fprintf(stderr, "  %s split %d (%s): %d, expected %d\n", moves, c.depth, lifo ? "lifo" : "fifo",
                            score, expected);
                CHECK_EQ(r.n, 0);
            }
        }
    }
    CHECK(r.cancelled > 0);   /* cutoffs did cancel queued tasks */
    if (f)
        fclose(f);
    c4_solver_free(c.s);
    gts_split_memory_free(c.memory);
}

/* --- Reversi --- */

typedef struct rv_split_ctx {
    rv_solver *worker, *root;
    ranks *r;
    int depth;
    gts_split_memory *memory;
} rv_split_ctx;

static int rv_rank(void *ctx, const void *pos, int alpha, int beta, int *value, uint64_t *nodes)
{
    rv_split_ctx *c = ctx;
    rv_solve_result res;
    rv_solver_window(c->worker, pos, alpha, beta, &res);
    *value = res.score, *nodes = res.nodes;
    return res.stopped ? -1 : 0;
}

static int rv_kids(void *ctx, const void *pos, void *kids)
{
    (void)ctx;
    int moves[RV_MAX_MOVES];
    return rv_split_children(pos, kids, moves);
}

static int rv_split_window(void *arg, const rv_pos *p, int alpha, int beta, int *value, int *move)
{
    rv_split_ctx *c = arg;
    static const gts_split_game game = { .pos_size = sizeof(rv_pos), .max_kids = RV_MAX_MOVES, .children = rv_kids };
    gts_split_result r;
    if (gts_split_search(&game, c, &stand_in, c->r, c->memory, p, c->depth, alpha, beta, &r) != 0)
        return -1;
    rv_pos kids[RV_MAX_MOVES];
    int moves[RV_MAX_MOVES];
    const int n = rv_split_children(p, kids, moves);
    *value = r.value;
    *move = r.best_kid >= 0 && r.best_kid < n ? moves[r.best_kid] : RV_NO_MOVE;
    return 0;
}

static void part_reversi(void)
{
    static ranks r;
    rv_solve_options o;
    rv_solve_defaults(&o);
    o.tt_bytes = (size_t)16 << 20;
    char err[256];
    rv_split_ctx c = { rv_solver_create(&o, err, sizeof err), rv_solver_create(&o, err, sizeof err), &r, 0,
                       gts_split_memory_create() };
    r = (ranks){ .solve = rv_rank, .ctx = &c, .pos_size = sizeof(rv_pos) };
    FILE *f = fopen(GTS_SOURCE_DIR "/data/reversi/ffo-sample.obf", "r");
    CHECK(f && c.worker && c.root);
    char line[256];
    while (f && c.worker && c.root && fgets(line, sizeof line, f)) {
        rv_pos p;
        bool black, has_score;
        int expected;
        if (rv_parse_obf(line, &p, &black, &has_score, &expected, err, sizeof err) != 0)
            continue;
        rv_solve_result serial, split;
        rv_solver_run(c.worker, &p, &serial);
        CHECK(has_score && serial.score == expected);
        for (c.depth = 1; c.depth <= 3; c.depth++) {
            for (int lifo = 0; lifo < 2; lifo++) {
                r.lifo = lifo;
                rv_solver_run_with(c.root, &p, rv_split_window, &c, &split);
                CHECK(!split.stopped);
                CHECK_EQ(split.score, serial.score);
                /* The move reaches the score: its child scores -score. */
                rv_pos q = p;
                rv_play(&q, split.move, rv_flips(p.me, p.opp, split.move));
                rv_solve_result child;
                rv_solver_run(c.worker, &q, &child);
                CHECK_EQ(-child.score, serial.score);
                CHECK_EQ(r.n, 0);
            }
        }
    }
    if (f)
        fclose(f);
    rv_solver_free(c.worker);
    rv_solver_free(c.root);
    gts_split_memory_free(c.memory);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = { { "c4", part_c4 }, { "reversi", part_reversi } };
    return check_run_parts(argc, argv, "test_split", parts, sizeof parts / sizeof *parts);
}
