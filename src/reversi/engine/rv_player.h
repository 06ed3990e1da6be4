/*
 * The players of the report's matches (gts reversi play, gts reversi
 * bench table): a search, written as a spec, and its running totals.
 *
 * A player is written ALGO[:KEY=VALUE,...]:
 *   ALGO       minimax | alphabeta | pvs
 *   depth=D    plies (1..60); play's --depth when left out; bench sets it
 *   backend=B  serial (one thread), threads (the CPU threads' search) or
 *              gpu (the report's PV-split, a thread block per sibling:
 *              src/reversi/wxh/gpu/rv_wxh_gpu.h; pvs or alphabeta, same value);
 *              the default is serial for one thread and threads for more
 *   threads=N  threads of the threads backend (1..256, default 1)
 *   parallel=P ybwc (default), pvsplit or lazy: how the threads share the
 *              search (64x64 at depth 3-4 on 16 cores: lazy fastest, 8.2 vs
 *              14.7 ms, docs/benchmarks/reversi.md)
 *   tt-mb=MB   table size (default: the search's)
 *   wpc=W      ctdl (default, the report's weights) or standard
 *   mobility=M hundredths per move of mobility difference (default: the search's)
 * and with backend=gpu:
 *   executor=E gpu (default) or cpu (the device code on one CPU thread)
 *   layout=L   bytes (the report's byte per square, default) or rows (a
 *              64-bit word per row, moves by shifts)
 *   block=N    threads per block, a multiple of 32 up to 1024 (default:
 *              the layout's for the board, rvg_default_threads; 128 with
 *              unit=warp)
 *   unit=U     block (default): a thread block searches a node, the
 *              report's; warp: each warp of a block its own node
 *   split=S    1 (default): a block per sibling, the report's; 2: a block
 *              per child of a sibling, to fill a large GPU
 * e.g. "alphabeta:depth=6", "pvs:depth=6,threads=16", "pvs:backend=gpu".
 */
#ifndef GTS_RV_PLAYER_H
#define GTS_RV_PLAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gts/reversi_board.h"
#include "gts/reversi_search.h"
#include "reversi/wxh/gpu/rv_wxh_gpu.h"

typedef enum { RVP_SERIAL, RVP_THREADS, RVP_GPU } rvp_backend;

typedef struct rvp_spec {
    char text[128];          /* as given */
    rvp_backend backend;
    bool has_depth;          /* depth= was given */
    bool has_tt;             /* tt-mb= was given */
    bool has_gpu_key;        /* executor=, layout=, block=, unit= or split= was given */
    rv_search_options o;
    rvg_options gpu;         /* backend=gpu: executor, layout, block (wpc, mobility from o) */
} rvp_spec;

/* Parses a player; 0, or -1 with a one-line reason. */
int rvp_parse(const char *text, rvp_spec *spec, char *err, size_t errlen);

/* "pvs, threads backend, 16 threads, ctdl weights": what a spec plays. */
void rvp_describe(const rvp_spec *spec, char *out, size_t len);

typedef struct rvp_player {
    rvp_spec spec;
    rv_searcher *searcher;   /* the CPU backends' */
    rvg_searcher *gpu;       /* backend=gpu's */
    rvg_stats gpu_stats;     /* its kernels' time and launches since made */
    double usec;             /* wall time of its searches since made */
    long searches;
    uint64_t nodes;
} rvp_player;

/* A player of spec searching to depth, stopped when stop is raised (may
 * be NULL).  0, or -1 with a reason. */
int rvp_create(rvp_player *p, const rvp_spec *spec, int depth, gts_stop *stop, char *err, size_t errlen);
/* Frees its searcher; spec and the counts (gpu_stats included) stay. */
void rvp_free(rvp_player *p);

/* Forgets what the player learnt (its table): a new game. */
void rvp_clear(rvp_player *p);

/* The player's search of b: 0 (r void if the stop token was raised), or
 * -1 with a reason (a device failure). */
int rvp_search(rvp_player *p, const rvb *b, rv_result *r, char *err, size_t errlen);

#endif
