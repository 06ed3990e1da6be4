/*
 * gts - Connect 4 perft: the number of move sequences of a given length
 * from a position (no move after a win or on a full board), and of the
 * distinct positions they reach.  From the empty 7x6 board: 7, 49, 343,
 * 2401, 16807, 117649, 823536 sequences and 7, 49, 238, 1120, 4263, 16422,
 * 54859 positions for depths 1..7.  A throughput check of the device code
 * against the CPU.
 */
#ifndef GTS_C4_PERFT_H
#define GTS_C4_PERFT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gts/c4.h"

typedef struct c4_perft_result {
    uint64_t sequences;
    uint64_t positions;     /* distinct, if asked for; else 0 */
    double usec;            /* end to end */
    double kernel_usec;     /* GPU: the kernels (CUDA events) */
} c4_perft_result;

/* Depth-first on `threads` CPU threads; distinct positions kept in a set of
 * set_bytes.  Returns 0, or -1 with a reason (the set full, memory). */
int c4_perft(const c4_geom *g, const c4_pos *p, int depth, int threads, bool distinct, size_t set_bytes,
             c4_perft_result *r, char *err, size_t errlen);

/* The same on the GPU: the host enumerates the first plies, then one
 * device thread per sequence of the last (up to 8) plies, named by its
 * block and thread index; cpu runs that code on one CPU thread instead. */
int c4_perft_gpu(const c4_geom *g, const c4_pos *p, int depth, bool cpu, bool distinct, size_t set_bytes,
                 c4_perft_result *r, char *err, size_t errlen);

#endif
