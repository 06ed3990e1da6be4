/* The Gomoku GPU designs' host side (gts/gomoku_gpu.h): the game as the
 * shared host walks see it (core/gpu/gsp_seqpar.h, core/gpu/gpv_pvsplit.h),
 * on the device's own positions, and the two executors. */
#include "gts/gomoku_gpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/stop_word.h"
#include "core/gpu/gpv_pvsplit.h"
#include "core/gpu/gsp_seqpar.h"
#include "gomoku/gm_search_internal.h"
#include "gomoku/gpu/gmg_device.h"
#include "gomoku/gpu/gmg_dynamic.h"

_Static_assert(GMG_THREATS == GM_THREATS && GMG_WIN == GM_WIN, "the device's five points and wins as the CPU's");

struct gmg_searcher {
    gmg_options o;
    gmg_device *dev;           /* the GPU executor's */
    gmg_dynamic *dyn;          /* the dynamic design's, on the GPU executor */
    gmg_bgame b;               /* the board's geometry and the PVS blocks' layout */
    gmg_pos *root;             /* the position searched, whole */
    gmg_pos *scratch;          /* the CPU executor's thread position */
    uint8_t *stack;            /* the CPU executor's block stack */
    gmg_stats *st;
};

gmg_options gmg_with_search(const gmg_options *g, const gm_search_options *o)
{
    gmg_options with = *g;
    with.depth = o->depth;
    with.algo = o->algo;
    with.eval = o->eval;
    with.stop = o->stop;
    return with;
}

static const char *const design_names[] = { "naive", "seqpar", "batch", "pvs", "dynamic" };

const char *gmg_design_name(gmg_design d)
{
    return d >= GMG_NAIVE && d <= GMG_DYNAMIC ? design_names[d] : "?";
}


void gmg_geom_init(gmg_geom *g, const gm_board *b, bool potential)
{
    memset(g, 0, sizeof *g);
    g->width = b->width;
    g->height = b->height;
    g->cells = b->cells;
    g->rule = b->rule;
    g->near = b->near;
    for (int d = 0; d < 4; d++) {
        g->base[d] = g->lines;
        for (int id = 0; id < gm_lines_in(b->width, b->height, d); id++)
            g->len[g->lines++] = (uint8_t)__builtin_popcountll(~gm_line_wall(b->width, b->height, d, id));
    }
    g->potential = potential;
}

static void set_geometry(gmg_bgame *bg, const gm_board *b, gm_eval_kind eval)
{
    gmg_geom_init(&bg->g, b, eval != GM_EVAL_SHAPES);
    gmg_bgame_layout(bg);
    bg->root_stones = b->stones;
}

/* b as the device's position (its five points found again). */
static void to_pos(const gmg_geom *g, const gm_board *b, gmg_pos *p)
{
    memset(p, 0, sizeof *p);
    for (int c = 0; c < 2; c++)
        for (int d = 0; d < 4; d++)
            for (int id = 0; id < gm_lines_in(b->width, b->height, d); id++)
                p->line[c * g->lines + g->base[d] + id] = b->line[c][d][id];
    p->h.value[0] = b->value[0];
    p->h.value[1] = b->value[1];
    p->h.stones = (int16_t)b->stones;
    p->h.side = (int16_t)b->side;
    p->h.winner = (int16_t)b->winner;
    gmg_threats_scan(g, p);
}

static void host_play(void *ctx, void *child, const void *pos, int move)
{
    const gmg_searcher *s = ctx;
    memcpy(child, pos, (size_t)s->b.pos_bytes);
    gmg_play(&s->b.g, child, move);
}

/* The moves of a node in the device's order; 0 with its value when it is
 * decided or has none. */
static int node_moves(const gmg_searcher *s, const gmg_pos *p, int ply, int *list, int32_t *value)
{
    if (gmg_decided(&s->b.g, p, ply, value))
        return 0;
    gmg_iter it;
    gmg_iter_begin(&it);
    int n = 0;
    for (int m = gmg_iter_next(&s->b.g, p, &it); m >= 0; m = gmg_iter_next(&s->b.g, p, &it))
        list[n++] = m;
    *value = -GMG_INF;
    return n;
}

static int seqpar_moves(void *ctx, const void *pos, int ply, int *list, int32_t *value)
{
    return node_moves(ctx, pos, ply, list, value);
}

/* The parents' children one after another on this thread. */
static int threads_cpu(gmg_searcher *s, const int16_t *paths, const int32_t *first, int n, int plies, int depth,
                       int32_t *values, int32_t *children, uint64_t *nodes)
{
    const bool prune = s->o.algo != GM_ALGO_MINIMAX;
    for (int i = 0; i < n; i++) {
        values[i] = -GMG_INF - 1;
        for (int k = 0; k < first[i + 1] - first[i]; k++) {
            if (gts_stop_raised(s->o.stop))
                return 1;
            const gmg_out o = gmg_thread_job(&s->b.g, s->root, paths + (size_t)i * (size_t)plies, plies, k, depth,
                                             prune, gts_stop_word(s->o.stop), s->scratch);
            values[i] = -o.value > values[i] ? -o.value : values[i];
            if (children)
                children[first[i] + k] = o.value;
            *nodes += o.nodes;
        }
    }
    return 0;
}

static int seqpar_launch(void *ctx, const int16_t *paths, const int32_t *first, int n, int plies, int depth,
                         int32_t *values, int32_t *children, uint64_t *nodes, char *err, size_t errlen)
{
    gmg_searcher *s = ctx;
    double us = 0;
    const int rc = s->o.executor == GMG_EXEC_CPU
                       ? threads_cpu(s, paths, first, n, plies, depth, values, children, nodes)
                       : gmg_device_threads(s->dev, &s->b.g, s->root, paths, first, n, plies, depth,
                                            s->o.algo != GM_ALGO_MINIMAX, gts_stop_word(s->o.stop), values, children,
                                            nodes, &us, err, errlen);
    s->st->kernel_us += us;
    s->st->jobs += first[n];
    return rc == 0 && gts_stop_raised(s->o.stop) ? 1 : rc;
}

static int run_seqpar(gmg_searcher *s, int split, int depth, gm_result *r, char *err, size_t errlen)
{
    const gsp_game game = { s, (size_t)s->b.pos_bytes, s->b.g.cells, seqpar_moves, host_play, seqpar_launch };
    gsp_result g;
    const int rc = gts_gsp_search(&game, s->root, split, depth, s->o.chunk ? s->o.chunk : GMG_CHUNK_DEFAULT, &g, err,
                              errlen);
    s->st->launches += g.launches;
    s->st->host_nodes += g.host_nodes;
    s->st->device_nodes += g.device_nodes;
    r->move = g.move;
    r->score = g.value;
    r->nodes = g.host_nodes + g.device_nodes;
    return rc;
}

/* PVS: the host's first child is the move that makes and blocks the most
 * (gm_order_moves' key, without the history the device does not keep). */
static int pvs_moves(void *ctx, const void *pos, int *list)
{
    const gmg_searcher *s = ctx;
    const gmg_pos *p = pos;
    int32_t value;
    const int n = node_moves(s, p, p->h.stones - s->b.root_stones, list, &value);
    int best = 0;
    int32_t best_key = 0;
    for (int i = 0; i < n; i++) {
        int32_t mine[2], theirs[2];
        bool five;
        gmg_move_delta(&s->b.g, p, list[i], p->h.side, mine, &five);
        gmg_move_delta(&s->b.g, p, list[i], p->h.side ^ 1, theirs, &five);
        const int32_t key = mine[0] - mine[1] + theirs[0];
        if (i == 0 || key > best_key) {
            best = i;
            best_key = key;
        }
    }
    if (best) {
        const int m = list[best];
        memmove(list + 1, list, (size_t)best * sizeof *list);
        list[0] = m;
    }
    return n;
}

static int32_t pvs_final(void *ctx, const void *pos)
{
    int64_t scratch[GB_SCRATCH_WORDS];
    return gmg_bfinal(&((const gmg_searcher *)ctx)->b, pos, scratch);
}

static int32_t pvs_leaf(void *ctx, const void *pos)
{
    int64_t scratch[GB_SCRATCH_WORDS];
    return gmg_beval(&((const gmg_searcher *)ctx)->b, pos, scratch);
}

/* The node a job searches, in stack[0] (and stack[1] when the block
 * plays the job's move): the stack to search from. */
static uint8_t *job_node(const gmg_bgame *b, uint8_t *stack, const uint8_t *parents, gpv_job job, int64_t *scratch)
{
    memcpy(stack, parents + (size_t)job.parent * (size_t)b->pos_bytes, (size_t)b->pos_bytes);
    if (job.move == GPV_SELF)
        return stack;
    gmg_bplay(b, stack + b->stride, stack, job.move, scratch);
    return stack + b->stride;
}

/* The blocks one after another on this thread. */
static void blocks_cpu(gmg_searcher *s, const uint8_t *parents, const gpv_job *jobs, int n, int depth, int32_t alpha,
                       int32_t beta, gpv_out *out)
{
    int64_t scratch[GB_SCRATCH_WORDS];
    for (int i = 0; i < n && !gts_stop_raised(s->o.stop); i++)
        out[i] = gmg_block_block_search(&s->b, job_node(&s->b, s->stack, parents, jobs[i], scratch), depth, alpha,
                                        beta, gts_stop_word(s->o.stop), scratch);
}

static int pvs_launch(void *ctx, const void *parents, const gpv_job *jobs, int n, int depth, int32_t alpha,
                      int32_t beta, int32_t *values, char *err, size_t errlen)
{
    gmg_searcher *s = ctx;
    int n_parents = 0;
    for (int i = 0; i < n; i++)
        n_parents = jobs[i].parent >= n_parents ? jobs[i].parent + 1 : n_parents;
    gpv_out *out = calloc((size_t)n, sizeof *out);
    if (!out) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    double us = 0;
    int rc = 0;
    if (s->o.executor == GMG_EXEC_CPU)
        blocks_cpu(s, parents, jobs, n, depth, alpha, beta, out);
    else
        rc = gmg_device_blocks(s->dev, &s->b, parents, n_parents, jobs, n, depth, alpha, beta, s->o.block_threads,
                               gts_stop_word(s->o.stop), out, &us, err, errlen);
    s->st->kernel_us += us;
    s->st->jobs += n;
    for (int i = 0; i < n && rc == 0; i++) {
        values[i] = out[i].value;
        s->st->device_nodes += out[i].nodes;
    }
    free(out);
    return rc == 0 && gts_stop_raised(s->o.stop) ? 1 : rc;
}

static int run_pvs(gmg_searcher *s, int depth, gm_result *r, char *err, size_t errlen)
{
    free(s->stack);
    if (!(s->stack = malloc((size_t)(depth + 2) * (size_t)s->b.stride))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    const gpv_game game = { s, (size_t)s->b.pos_bytes, s->b.g.cells, pvs_moves, host_play, pvs_leaf, pvs_final,
                            pvs_launch, 1, true, true };
    gpv_result g;
    const uint64_t before = s->st->device_nodes;
    const int rc = gts_gpv_search(&game, s->root, depth, &g, err, errlen);
    s->st->launches += g.launches;
    s->st->host_nodes += g.host_nodes;
    r->move = g.move;
    r->score = g.value;
    r->nodes = g.host_nodes + (s->st->device_nodes - before);
    return rc;
}

/* The dynamic design on this thread: a node above the last level backs
 * its children's values up, one at the last level (or decided) is
 * searched by the block search, as gmg_dynamic.cu's blocks do.
 * children: the root's children's values (NULL below the root). */
static int32_t dynamic_cpu(gmg_searcher *s, const uint8_t *pos, int l, int levels, int depth, int32_t *children,
                           int *n_children)
{
    const gmg_bgame *b = &s->b;
    int64_t scratch[GB_SCRATCH_WORDS];
    uint8_t *stack = s->stack + (size_t)l * (size_t)b->stride;
    memcpy(stack, pos, (size_t)b->pos_bytes);
    uint32_t *mask = (uint32_t *)(stack + b->mask_off);
    const int n = l < levels && !gts_stop_raised(s->o.stop) ? gmg_bgen(b, stack, mask, scratch) : -1;
    if (n < 0) {
        uint8_t *search = s->stack + (size_t)b->stride * (size_t)(levels + 1);
        memcpy(search, pos, (size_t)b->pos_bytes);
        const gpv_out o = gmg_block_block_search(b, search, depth - l, -GMG_INF, GMG_INF, gts_stop_word(s->o.stop),
                                                 scratch);
        s->st->device_nodes += o.nodes;
        return o.value;
    }
    s->st->device_nodes++;
    s->st->jobs += n;
    uint8_t *child = malloc((size_t)b->pos_bytes);
    int32_t best = -GMG_INF - 1;
    int k = 0;
    for (int m = gmg_block_next_move(mask, b->mask_words, 0); m >= 0 && child;
         m = gmg_block_next_move(mask, b->mask_words, m + 1), k++) {
        gmg_bplay(b, child, stack, m, scratch);
        const int32_t v = dynamic_cpu(s, child, l + 1, levels, depth, NULL, NULL);
        if (children)
            children[k] = v;
        best = -v > best ? -v : best;
    }
    if (n_children)
        *n_children = k;
    free(child);
    return best;
}

/* The dynamic design: the levels launched from the device (the last
 * two plies searched by blocks, each level's nodes bounded by the
 * moves) and their arena within 4 GB; the root's value, its best move
 * the first of that value in move order. */
static int run_dynamic(gmg_searcher *s, int depth, gm_result *r, char *err, size_t errlen)
{
    const gmg_bgame *b = &s->b;
    int caps[GMG_DP_MAX_LEVELS + 1] = { 1 };
    int levels = depth >= 3 ? depth - 2 : 1;
    levels = levels > GMG_DP_MAX_LEVELS ? GMG_DP_MAX_LEVELS : levels;
    for (;; levels--) {
        double bytes = 0, nodes = 1;
        for (int l = 1; l <= levels; l++) {
            nodes *= b->g.cells - s->root->h.stones - (l - 1);
            caps[l] = nodes > 1e9 ? 1000000000 : (int)nodes;
            bytes += nodes * (b->pos_bytes + 12);
        }
        if (bytes <= 4e9 || levels == 1)
            break;
    }
    free(s->stack);
    int32_t *children = malloc((size_t)b->g.cells * sizeof *children);
    s->stack = malloc((size_t)(levels + depth + 2) * (size_t)b->stride);
    if (!children || !s->stack) {
        free(children);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int n = 0, rc = 0;
    double us = 0;
    uint64_t nodes = 0;
    if (s->o.executor == GMG_EXEC_CPU) {
        r->score = dynamic_cpu(s, (const uint8_t *)s->root, 0, levels, depth, children, &n);
        rc = gts_stop_raised(s->o.stop) ? 1 : 0;
    } else {
        const int threads = s->o.block_threads ? s->o.block_threads
                            : b->g.cells > 1024 ? 1024
                                                : (b->g.cells + 31) / 32 * 32;
        rc = gmg_dynamic_run(s->dyn, b, (const uint8_t *)s->root, depth, levels, caps, threads, gts_stop_word(s->o.stop),
                             &r->score, children, &n, &nodes, &us, err, errlen);
        s->st->device_nodes += nodes;
        s->st->launches++;
    }
    s->st->kernel_us += us;
    /* The root's moves in the order its children were made (the mask's). */
    int64_t scratch[GB_SCRATCH_WORDS];
    uint32_t *mask = (uint32_t *)(s->stack + b->mask_off);
    memcpy(s->stack, s->root, (size_t)b->pos_bytes);
    gmg_bgen(b, s->stack, mask, scratch);
    int32_t best = -GMG_INF - 1;
    for (int m = gmg_block_next_move(mask, b->mask_words, 0), k = 0; m >= 0 && k < n && rc == 0;
         m = gmg_block_next_move(mask, b->mask_words, m + 1), k++)
        if (-children[k] > best) {
            best = -children[k];
            r->move = m;
        }
    r->nodes = s->st->device_nodes;
    free(children);
    return rc;
}

/* The host's plies of the thread designs. */
static int host_plies(const gmg_options *o)
{
    switch (o->design) {
    case GMG_NAIVE: return 1;
    case GMG_BATCH: return o->depth;
    case GMG_SEQPAR: return o->split ? o->split : o->depth > 1 ? o->depth - 1 : 1;
    default: return 0;
    }
}

static int check_options(const gmg_options *o, char *err, size_t errlen)
{
    const int split = host_plies(o);
    const bool blocks = o->design == GMG_PVS || o->design == GMG_DYNAMIC;
    if (o->design < GMG_NAIVE || o->design > GMG_DYNAMIC)
        snprintf(err, errlen, "unknown GPU design %d", (int)o->design);
    else if (blocks && (o->depth < 1 || o->depth > GPV_MAX_PLY + 1))
        snprintf(err, errlen, "depth %d is out of the %s design's range 1..%d", o->depth, design_names[o->design],
                 GPV_MAX_PLY + 1);
    else if (!blocks && (o->depth < 1 || o->depth > GM_MAX_DEPTH))
        snprintf(err, errlen, "depth %d out of range (1..%d)", o->depth, GM_MAX_DEPTH);
    else if (!blocks && (split < 1 || split > o->depth))
        snprintf(err, errlen, "split %d out of range (1..%d, the depth)", split, o->depth);
    else if (!blocks && o->depth - split > GMG_THREAD_PLIES)
        snprintf(err, errlen, "a GPU thread searches at most %d plies: split %d leaves %d of depth %d",
                 GMG_THREAD_PLIES, split, o->depth - split, o->depth);
    else if (o->chunk < 0)
        snprintf(err, errlen, "chunk %ld is negative", o->chunk);
    else if (o->eval != GM_EVAL_SHAPES && blocks)
        snprintf(err, errlen, "the %s design evaluates by shapes only (--eval potential and scan: the thread designs)",
                 design_names[o->design]);
    else if (o->block_threads && (o->block_threads < 32 || o->block_threads > 1024 || o->block_threads % 32))
        snprintf(err, errlen, "threads per block %d is not a multiple of 32 in 32..1024", o->block_threads);
    else
        return 0;
    return -1;
}

gmg_searcher *gmg_create(const gmg_options *o, char *err, size_t errlen)
{
    if (check_options(o, err, errlen) != 0)
        return NULL;
    gmg_searcher *s = calloc(1, sizeof *s);
    if (!s || !(s->root = malloc(sizeof *s->root)) || !(s->scratch = malloc(sizeof *s->scratch))) {
        gmg_free(s);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->o = *o;
    if (o->executor == GMG_EXEC_GPU && o->design == GMG_DYNAMIC && !(s->dyn = gmg_dynamic_open(err, errlen))) {
        gmg_free(s);
        return NULL;
    }
    if (o->executor == GMG_EXEC_GPU && o->design != GMG_DYNAMIC && !(s->dev = gmg_device_open(err, errlen))) {
        gmg_free(s);
        return NULL;
    }
    return s;
}

void gmg_free(gmg_searcher *s)
{
    if (!s)
        return;
    gmg_device_close(s->dev);
    gmg_dynamic_close(s->dyn);
    free(s->root);
    free(s->scratch);
    free(s->stack);
    free(s);
}

int gmg_search(gmg_searcher *s, const gm_board *b, gm_result *r, gmg_stats *st, char *err, size_t errlen)
{
    const double t0 = gts_now_usec();
    gmg_stats local = { 0 };
    s->st = st ? st : &local;
    memset(r, 0, sizeof *r);
    r->move = GM_NO_MOVE;
    /* The device answers a five point by taking it; caro's other answer,
     * a stone that shuts the five, is the CPU searches' alone. */
    if (gm_rule_caro(b->rule)) {
        snprintf(err, errlen, "the GPU designs play freestyle or standard, not %s", gm_rule_names[b->rule]);
        return -1;
    }
    set_geometry(&s->b, b, s->o.eval);
    to_pos(&s->b.g, b, s->root);
    int rc = 0;
    if (gm_game_over(b)) {
        /* nothing to search */
    } else if (s->root->h.t.n[b->side]) {
        r->move = s->root->h.t.cell[b->side][0];
        r->score = GM_WIN - 1;
        r->depth = 1;
        r->nodes = 1;
    } else {
        if (s->o.design == GMG_PVS)
            rc = run_pvs(s, s->o.depth, r, err, errlen);
        else if (s->o.design == GMG_DYNAMIC)
            rc = run_dynamic(s, s->o.depth, r, err, errlen);
        else
            rc = run_seqpar(s, host_plies(&s->o), s->o.depth, r, err, errlen);
        r->depth = s->o.depth;
    }
    r->usec = gts_now_usec() - t0;
    return rc;
}
