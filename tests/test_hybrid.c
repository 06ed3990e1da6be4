/*
 * One position's search on CPU threads and GPU lanes together
 * (core/hybrid.h over core/split.h):
 *   tree     - a made-up game tree whose tasks the "lanes" (a stand-in on
 *              the GPU's host thread) give up now and then: every window
 *              of the root, the value plain negamax gives, with every
 *              launch size (one task at a time up to all at once);
 *   reversi  - rv_solver with rv_solve_options.gpu on the CPU executor:
 *              the sample's exact scores and a move that reaches them, for
 *              frontiers from 8 empties to 12 and the lanes taking tasks
 *              at once or only in large launches.
 * Which side answers a task depends on timing; the values never do.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/hybrid.h"
#include "gts/reversi.h"

/* --- tree: positions are 64-bit paths; 2 to 5 children; leaves 5 plies
 * down valued -20..20 by their hash --- */

#define TREE_DEPTH 5

typedef struct tree_pos {
    uint64_t path;
    int depth;
} tree_pos;

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int tree_kids(const tree_pos *p, tree_pos *kids)
{
    if (p->depth == TREE_DEPTH)
        return 0;
    const int n = 2 + (int)(mix(p->path) % 4);
    for (int i = 0; i < n; i++)
        kids[i] = (tree_pos){ p->path * 8 + (uint64_t)i + 1, p->depth + 1 };
    return n;
}

static int negamax(const tree_pos *p, int alpha, int beta)
{
    tree_pos kids[8];
    const int n = tree_kids(p, kids);
    if (n == 0)
        return (int)(mix(p->path ^ 0x5555) % 41) - 20;
    int best = -1000;
    for (int i = 0; i < n && best < beta; i++) {
        const int v = -negamax(&kids[i], -beta, -(alpha > best ? alpha : best));
        best = v > best ? v : best;
    }
    return best;
}

typedef struct tree_ctx {
    int split_depth;
} tree_ctx;

static int tree_split_kids(void *ctx, const void *pos, void *kids)
{
    const tree_ctx *c = ctx;
    const tree_pos *p = pos;
    return p->depth >= c->split_depth ? 0 : tree_kids(p, kids);
}

static int tree_cpu(void *ctx, int thread, const gts_stop *abort, const void *pos, int alpha, int beta, int *value,
                    uint64_t *nodes)
{
    (void)ctx, (void)thread, (void)abort;
    *value = negamax(pos, alpha, beta);
    *nodes = 1;
    return 0;
}

/* The lanes give up one task in three. */
static int tree_gpu(void *ctx, const void *pos, size_t n, int alpha, int beta, int *values, uint64_t *nodes,
                    bool *gave_up, char *err, size_t errlen)
{
    (void)ctx, (void)err, (void)errlen;
    const tree_pos *p = pos;
    for (size_t i = 0; i < n; i++) {
        gave_up[i] = mix(p[i].path) % 3 == 0;
        values[i] = gave_up[i] ? 0 : negamax(&p[i], alpha, beta);
        nodes[i] = 1;
    }
    return 0;
}

static void part_tree(void)
{
    static const gts_hybrid_game game = { sizeof(tree_pos), tree_cpu, tree_gpu, NULL };
    tree_ctx c = { 0 };
    const gts_split_game split = { .pos_size = sizeof(tree_pos), .max_kids = 8, .children = tree_split_kids };
    const size_t least[] = { 1, 4, 1000 };
    for (size_t l = 0; l < sizeof least / sizeof *least; l++) {
        char err[256];
        const gts_hybrid_options o = { .cpu_threads = 3, .gpu = true, .gpu_least = least[l] };
        gts_hybrid *h = gts_hybrid_create(&game, &c, &o, err, sizeof err);
        if (!CHECK(h != NULL))
            return;
        for (uint64_t root = 1; root <= 6; root++) {
            const tree_pos p = { root, 0 };
            const int exact = negamax(&p, -1000, 1000);
            for (c.split_depth = 1; c.split_depth <= 4; c.split_depth++)
                for (int a = -21; a <= 21; a += 6) {
                    gts_split_result r;
                    gts_hybrid_begin(h);
                    if (!CHECK_EQ(gts_split_search(&split, &c, &gts_hybrid_workers, h, NULL, &p, 64, a, a + 1, &r),
                                  0))
                        break;
                    /* fail-soft: the bound is on the right side, and true */
                    CHECK(r.value <= a ? exact <= r.value : exact >= r.value);
                }
            gts_split_result r;
            gts_hybrid_begin(h);
            CHECK_EQ(gts_split_search(&split, &c, &gts_hybrid_workers, h, NULL, &p, 64, -1000, 1000, &r), 0);
            CHECK_EQ(r.value, exact);
        }
        const gts_hybrid_stats s = gts_hybrid_stats_of(h);
        CHECK(s.cpu_tasks + s.gpu_tasks > 0);
        gts_hybrid_free(h);
    }
}

/* --- reversi --- */

static void part_reversi(void)
{
    rv_solve_options serial_o;
    rv_solve_defaults(&serial_o);
    serial_o.tt_bytes = (size_t)16 << 20;
    char err[256];
    rv_solver *serial = rv_solver_create(&serial_o, err, sizeof err);
    FILE *f = fopen(GTS_SOURCE_DIR "/data/reversi/ffo-sample.obf", "r");
    if (!CHECK(f && serial))
        return;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        rv_pos p;
        bool black, has_score;
        int expected;
        if (rv_parse_obf(line, &p, &black, &has_score, &expected, err, sizeof err) != 0)
            continue;
        for (int frontier = 8; frontier <= 12; frontier += 2)
            for (int least = 1; least <= 1024; least *= 1024) {
                rv_solve_options o = serial_o;
                o.gpu = true, o.cpu_executor = true, o.threads = 3;
                o.gpu_frontier = frontier, o.gpu_least = least;
                rv_solver *s = rv_solver_create(&o, err, sizeof err);
                if (!CHECK(s != NULL))
                    break;
                rv_solve_result r;
                rv_solver_run(s, &p, &r);
                CHECK(!r.stopped);
                CHECK(has_score && r.score == expected);
                /* The move reaches the score. */
                rv_pos q = p;
                rv_play(&q, r.move, rv_flips(p.me, p.opp, r.move));
                rv_solve_result child;
                rv_solver_run(serial, &q, &child);
                CHECK_EQ(-child.score, expected);
                const gts_hybrid_stats st = rv_solver_hybrid_stats(s);
                CHECK(st.cpu_tasks + st.gpu_tasks > 0);
                rv_solver_free(s);
            }
    }
    fclose(f);
    rv_solver_free(serial);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = { { "tree", part_tree }, { "reversi", part_reversi } };
    return check_run_parts(argc, argv, "test_hybrid", parts, sizeof parts / sizeof *parts);
}
