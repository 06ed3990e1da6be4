/* The Reversi PV-split player's host side (rv_wxh_gpu.h): the game as the
 * PV walk sees it (rvb boards, the CPU search's evaluation), the
 * conversion to the device layouts, and the two executors. */
#include "reversi/wxh/gpu/rv_wxh_gpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/stop_word.h"
#include "core/gpu/gpv_pvsplit.h"
#include "reversi/wxh/gpu/rv_wxh_gpu_device.h"
#include "reversi/rv_search_internal.h"

struct rvg_searcher {
    rvg_options o;
    rvg_device *dev;            /* the GPU executor's */
    rv_weights *w;              /* of the board last searched */
    rvg_game g;
    int threads;
    rvg_stats *st;
};

_Static_assert(RVG_WIN == RV_WIN && RVG_MAX_SQUARES == RVB_MAX_SQUARES, "the device's board as the CPU's");

int rvg_default_threads(rvg_layout layout, bool per_warp, int width, int height)
{
    if (per_warp)
        return 128;
    if (layout == RVG_ROWS)
        return height > 32 ? 64 : 32;
    return width * height <= 1024 ? width * height : 512;
}

static int round16(int n)
{
    return (n + 15) & ~15;
}

/* The device game of a width x height board (weights set up by the caller). */
static void set_geometry(rvg_game *g, rvg_layout layout, int width, int height)
{
    g->width = width;
    g->height = height;
    g->squares = width * height;
    g->rows = layout == RVG_ROWS;
    if (g->rows) {
        g->pos_bytes = 16 * height + 16;    /* the rows, then the WPC word, 16-byte aligned */
        g->mask_words = 2 * height;
    } else {
        g->pos_bytes = round16(g->squares);
        g->mask_words = g->squares / 32;
    }
    g->mask_off = g->pos_bytes;
    g->stride = round16(g->mask_off + 4 * g->mask_words);
}

/* b in the device layout of g. */
static void to_layout(const rvg_game *g, const rvb *b, uint8_t *out)
{
    if (g->rows) {
        uint64_t *me = (uint64_t *)out, *opp = me + g->height;
        const uint64_t full = rvg_full(g->width);
        int32_t wpc = 0;
        for (int y = 0; y < g->height; y++) {
            const int sq = y * g->width;
            me[y] = (b->me[sq >> 6] >> (sq & 63)) & full;
            opp[y] = (b->opp[sq >> 6] >> (sq & 63)) & full;
            for (int x = 0; x < g->width; x++)
                wpc += (int32_t)(((me[y] >> x) & 1) - ((opp[y] >> x) & 1)) * g->weight[sq + x];
        }
        *rvg_rows_wpc(g, out) = wpc;
        return;
    }
    for (int sq = 0; sq < g->squares; sq++)
        out[sq] = (uint8_t)((b->me[sq >> 6] >> (sq & 63)) & 1 ? 1 : (b->opp[sq >> 6] >> (sq & 63)) & 1 ? 2 : 0);
}

/* The PV walk's game: the report's order, the square of the highest weight
 * first (the lowest such square on a tie, as the serial alpha-beta's PV
 * nodes), then the others in square order. */
static int host_moves(void *ctx, const void *pos, int *list)
{
    const rvg_searcher *s = ctx;
    const rvb *b = pos;
    int n = rvb_move_list(b, list);
    if (!n) {
        list[0] = RVB_PASS;
        return rvb_mobility(b, true) ? 1 : 0;
    }
    int first = 0;
    for (int i = 1; i < n; i++)
        if (s->w->square[list[i]] > s->w->square[list[first]])
            first = i;
    const int sq = list[first];
    memmove(list + 1, list, (size_t)first * sizeof *list);
    list[0] = sq;
    return n;
}

static void host_play(void *ctx, void *child, const void *pos, int move)
{
    (void)ctx;
    rvb_copy(child, pos);
    if (move == RVB_PASS)
        rvb_pass(child);
    else
        rvb_play(child, move);
}

static int32_t host_leaf(void *ctx, const void *pos)
{
    const rvg_searcher *s = ctx;
    return rv_leaf_value(s->w, pos);
}

static int32_t host_final(void *ctx, const void *pos)
{
    (void)ctx;
    return rv_final_value(pos);
}

/* The blocks one after another on this thread. */
static int run_cpu(rvg_searcher *s, const uint8_t *parents, const gpv_job *jobs, int n, int depth, int32_t alpha,
                   int32_t beta, gpv_out *out, char *err, size_t errlen)
{
    uint8_t *stack = malloc((size_t)(depth + 2) * (size_t)s->g.stride);
    if (!stack) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int64_t scratch[RVG_SCRATCH_WORDS];
    for (int i = 0; i < n && !gts_stop_raised(s->o.stop); i++) {
        memcpy(stack, parents + (size_t)jobs[i].parent * (size_t)s->g.pos_bytes, (size_t)s->g.pos_bytes);
        uint8_t *node = rvg_job_node(&s->g, stack, jobs[i].move, scratch);
        out[i] = rvg_block_search(&s->g, node, depth, alpha, beta, gts_stop_word(s->o.stop), scratch);
    }
    free(stack);
    return 0;
}

/* A job's move (an rvb square, RVB_PASS or GPV_SELF) in the device's numbering. */
static int device_move(const rvg_game *g, int move)
{
    if (move == GPV_SELF)
        return GPV_SELF;
    if (move == RVB_PASS)
        return RVG_PASS;
    return g->rows ? move / g->width * 64 + move % g->width : move;
}

static int host_launch(void *ctx, const void *parents, const gpv_job *jobs, int n, int depth, int32_t alpha,
                       int32_t beta, int32_t *values, char *err, size_t errlen)
{
    rvg_searcher *s = ctx;
    const rvb *boards = parents;
    int n_parents = 0;
    for (int i = 0; i < n; i++)
        n_parents = jobs[i].parent >= n_parents ? jobs[i].parent + 1 : n_parents;
    uint8_t *pos = calloc((size_t)n_parents, (size_t)s->g.pos_bytes);
    gpv_job *moves = malloc((size_t)n * sizeof *moves);
    gpv_out *out = calloc((size_t)n, sizeof *out);
    int rc = -1;
    if (!pos || !moves || !out) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    for (int i = 0; i < n_parents; i++)
        to_layout(&s->g, &boards[i], pos + (size_t)i * (size_t)s->g.pos_bytes);
    for (int i = 0; i < n; i++)
        moves[i] = (gpv_job){ jobs[i].parent, device_move(&s->g, jobs[i].move) };
    double us = 0;
    rc = s->o.executor == RVG_EXEC_CPU
             ? run_cpu(s, pos, moves, n, depth, alpha, beta, out, err, errlen)
             : rvg_device_run(s->dev, &s->g, pos, n_parents, moves, n, depth, alpha, beta, s->threads,
                              s->o.per_warp, gts_stop_word(s->o.stop), out, &us, err, errlen);
    s->st->kernel_us += us;
    for (int i = 0; i < n && rc == 0; i++) {
        values[i] = out[i].value;
        s->st->device_nodes += out[i].nodes;
    }
    if (rc == 0 && gts_stop_raised(s->o.stop))
        rc = 1;
done:
    free(pos);
    free(moves);
    free(out);
    return rc;
}

rvg_searcher *rvg_create(const rvg_options *o, char *err, size_t errlen)
{
    if (o->block_threads && (o->block_threads < 32 || o->block_threads > 1024 || o->block_threads % 32)) {
        snprintf(err, errlen, "threads per block %d is not a multiple of 32 in 32..1024", o->block_threads);
        return NULL;
    }
    if (o->split < 0 || o->split > 2) {
        snprintf(err, errlen, "split %d is not 1 or 2", o->split);
        return NULL;
    }
    rvg_searcher *s = calloc(1, sizeof *s);
    if (!s || !(s->w = malloc(sizeof *s->w))) {
        free(s);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->o = *o;
    if (o->executor == RVG_EXEC_GPU && !(s->dev = rvg_device_open(err, errlen))) {
        rvg_free(s);
        return NULL;
    }
    return s;
}

void rvg_free(rvg_searcher *s)
{
    if (!s)
        return;
    rvg_device_close(s->dev);
    free(s->w);
    free(s);
}

int rvg_search(rvg_searcher *s, const rvb *b, int depth, rv_result *r, rvg_stats *st, char *err, size_t errlen)
{
    if (depth < 1 || depth > GPV_MAX_PLY + 1) {
        snprintf(err, errlen, "depth %d is out of the GPU search's range 1..%d", depth, GPV_MAX_PLY + 1);
        return -1;
    }
    const double t0 = gts_now_usec();
    if (s->g.width != b->width || s->g.height != b->height) {
        rv_weights_init(s->w, b->width, b->height, s->o.wpc, s->o.mobility);
        set_geometry(&s->g, s->o.layout, b->width, b->height);
        s->g.mobility = s->o.mobility;
        s->g.weight = s->w->square;
    }
    s->threads = s->o.block_threads ? s->o.block_threads : rvg_default_threads(s->o.layout, s->o.per_warp, b->width, b->height);
    rvg_stats local = { 0 };
    s->st = st ? st : &local;
    const gpv_game game = { s, sizeof(rvb), b->width * b->height + 1, host_moves, host_play, host_leaf, host_final,
                            host_launch, s->o.split, false, false };
    gpv_result g;
    const uint64_t before = s->st->device_nodes;
    const int rc = gts_gpv_search(&game, b, depth, &g, err, errlen);
    s->st->launches += g.launches;
    s->st->siblings += g.siblings;
    if (rc != 0)
        return rc;
    r->move = g.move < 0 ? RVB_NO_MOVE : g.move;
    r->score = g.value;
    r->depth = depth;
    r->nodes = g.host_nodes + (s->st->device_nodes - before);
    r->usec = gts_now_usec() - t0;
    return 0;
}
