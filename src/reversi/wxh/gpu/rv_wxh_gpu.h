/*
 * The report's GPU player for W x H Reversi: PV-split (core/gpu/gpv_pvsplit.h)
 * with a thread block per sibling (core/gpu/gpv_block_search.h) over
 * Reversi's block-cooperative node functions (rv_wxh_gpu_core.h).
 *
 * Its value at depth D is the serial alpha-beta's (rv_search) at depth D
 * with the same weights and mobility; its move is one of that value.  The
 * CPU executor runs the device code on the calling thread, one block after
 * another, for tests and machines without a GPU.
 */
#ifndef GTS_RV_WXH_GPU_H
#define GTS_RV_WXH_GPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gts/reversi_board.h"
#include "gts/reversi_search.h"
#include "gts/stop.h"

typedef enum { RVG_EXEC_GPU, RVG_EXEC_CPU } rvg_executor;
typedef enum { RVG_BYTES, RVG_ROWS } rvg_layout;

typedef struct rvg_options {
    rvg_executor executor;
    rvg_layout layout;
    int block_threads;          /* 0: the layout's default for the board (rvg_default_threads) */
    int split;                  /* 0 or 1: a block per sibling (the report's); 2: per sibling's child
                                   (core/gpu/gpv_pvsplit.h) */
    rv_wpc wpc;
    int mobility;               /* hundredths per move of mobility difference */
    gts_stop *stop;             /* may be NULL */
    bool per_warp;              /* a warp per node (blocks of block_threads / 32 nodes, default 4), not a block */
} rvg_options;

/* Threads per block: bytes, the board's squares up to 1024 (the report's
 * block of the board's size), 512 on 64x32 and 64x64 (4 and 8 squares a
 * thread); rows, a warp per 32 rows; a warp per node, 128 (4 nodes). */
int rvg_default_threads(rvg_layout layout, bool per_warp, int width, int height);

typedef struct rvg_stats {
    uint64_t device_nodes;       /* the blocks' (the PV's host nodes are in rv_result.nodes only) */
    int launches;               /* kernel launches (blocks searched in each: the siblings) */
    long siblings;
    double kernel_us;           /* the kernels' time by CUDA events (0 on the CPU executor) */
} rvg_stats;

typedef struct rvg_searcher rvg_searcher;

/* NULL with a reason (no device for the GPU executor, bad threads). */
rvg_searcher *rvg_create(const rvg_options *o, char *err, size_t errlen);
void rvg_free(rvg_searcher *s);

/* Searches b to depth (1..GPV_MAX_PLY + 1): r->move, score, depth, nodes,
 * usec; stats added to *st (may be NULL).  0, 1 when the stop token ended
 * it (r void), -1 with a reason. */
int rvg_search(rvg_searcher *s, const rvb *b, int depth, rv_result *r, rvg_stats *st, char *err, size_t errlen);

#endif
