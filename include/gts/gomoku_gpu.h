/*
 * gts - the Gomoku report's GPU designs (and the Connect-5 report's batched
 * leaf evaluation) over gts's Gomoku rules, evaluation and move generation.
 *
 * Every design returns the value serial search (gomoku_search.h) returns
 * at the same depth with the same candidates and evaluation; its move is
 * one of that value (the first in the candidates' order for the designs
 * that value every root move exactly).
 *
 *   naive    a GPU thread per root move, each searching the rest of the
 *            depth alone (the sequential-parallel design with split 1)
 *   seqpar   the host walks the top `split` plies, a GPU thread searches
 *            each node below them, the host backs the values up
 *            (core/gpu/gsp_seqpar.h); the frontier goes in chunks
 *   batch    seqpar with split = depth: every leaf evaluated on the GPU in
 *            one launch per chunk, the minimax reduced on the host (the
 *            Connect-5 report's design; with the potential evaluation its
 *            scan-based form)
 *   pvs      the host searches the first child of each node of the
 *            principal variation; the other children go to the GPU, a
 *            thread block each with a thread per cell, with a null
 *            window, and those that fail high again with the full one
 *   dynamic  kernels that launch kernels (CUDA dynamic parallelism): a
 *            block on a node above the last two plies launches a grid of
 *            a block per child from the device; a block on the last
 *            levels searches its subtree with pvs's block search (the
 *            whole window); the host backs the values up at the end
 *
 * The CPU executor runs the same device code on the calling thread, for
 * tests and machines without a GPU.
 */
#ifndef GTS_GOMOKU_GPU_H
#define GTS_GOMOKU_GPU_H

#include <stdint.h>

#include "gts/gomoku.h"
#include "gts/gomoku_search.h"
#include "gts/stop.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { GMG_NAIVE, GMG_SEQPAR, GMG_BATCH, GMG_PVS, GMG_DYNAMIC } gmg_design;
typedef enum { GMG_EXEC_GPU, GMG_EXEC_CPU } gmg_executor;

#define GMG_CHUNK_DEFAULT (1L << 20)   /* frontier nodes per launch */

typedef struct gmg_options {
    gmg_design design;
    gmg_executor executor;
    gm_algo algo;          /* the threads' search (naive, seqpar, batch): GM_ALGO_MINIMAX, else alpha-beta */
    int depth;             /* plies, 1.. (pvs, dynamic: at most 16; a GPU thread's part at most 12) */
    int split;             /* seqpar: the host's plies, 1..depth (0: depth - 1, at least 1) */
    long chunk;            /* seqpar, batch: frontier nodes per launch (0: GMG_CHUNK_DEFAULT) */
    gm_eval_kind eval;     /* shapes; potential or scan (the same values, by gm_scan.h): naive, seqpar, batch */
    int block_threads;     /* pvs, dynamic: threads per block (0: the board's cells rounded up to a warp,
                              at most 1024) */
    gts_stop *stop;        /* may be NULL */
} gmg_options;

/* g with o's depth, algo, eval and stop token: the design searching as
 * the CPU search o does. */
gmg_options gmg_with_search(const gmg_options *g, const gm_search_options *o);

typedef struct gmg_stats {
    double kernel_us;      /* the kernels' time by CUDA events (0 on the CPU executor) */
    int launches;
    long jobs;             /* frontier nodes (threads) or siblings (blocks) searched on the device */
    uint64_t host_nodes, device_nodes;
} gmg_stats;

typedef struct gmg_searcher gmg_searcher;

/* NULL with a one-line reason (no device for the GPU executor, options
 * out of range). */
gmg_searcher *gmg_create(const gmg_options *o, char *err, size_t errlen);
void gmg_free(gmg_searcher *s);

/* Searches b: r->move, score, depth, nodes (host and device), usec; *st
 * (may be NULL) gets the launches.  0, 1 when the stop token ended it (r
 * void), -1 with a reason (a caro board among them: the designs answer a
 * five point only by taking it). */
int gmg_search(gmg_searcher *s, const gm_board *b, gm_result *r, gmg_stats *st, char *err, size_t errlen);

/* The designs' names ("naive", ...), for the command line. */
const char *gmg_design_name(gmg_design d);

#ifdef __cplusplus
}
#endif

#endif
