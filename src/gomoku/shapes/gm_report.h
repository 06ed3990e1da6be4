/* Internal: the Gomoku report's tables (Y. Kawakami and H. Wang,
 * "Parallel Game Tree Search: Gomoku", University of Oregon) that the
 * shape search and the GPU designs reproduce, for `gts gomoku bench
 * table` to set beside its own: seconds to find white's best move after
 * one black stone, every empty cell a candidate, boards 6..24 by 3 and
 * depths 1..4, per design. */
#ifndef GTS_GM_REPORT_H
#define GTS_GM_REPORT_H

typedef enum {
    GM_REPORT_NONE,
    GM_REPORT_SERIAL,      /* Table 1: their serial alpha-beta (Opteron 6376) */
    GM_REPORT_OPENMP,      /* Table 2: 32 OpenMP threads, the root's moves shared out */
    GM_REPORT_NAIVE,       /* Table 3: naive CUDA (V100) */
    GM_REPORT_SEQPAR,      /* Table 4: sequential-parallel CUDA, (depth, split) */
    GM_REPORT_PVS,         /* Table 5: PVS CUDA */
    GM_REPORT_DYNAMIC,     /* Table 6: dynamic parallelism CUDA */
    GM_REPORT_PVS_GAME,    /* Table 8: a whole game (from the centre stone), PVS CUDA */
    GM_REPORT_DYNAMIC_GAME, /* Table 9: a whole game, dynamic parallelism CUDA */
} gm_report_table;

/* The report's seconds for the cell (split: Table 4's sequential depth),
 * or -1 where it has none ("-": too slow or out of memory). */
double gm_report_seconds(gm_report_table t, int size, int depth, int split);

#endif
