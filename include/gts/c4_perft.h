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
#include "gts/stop.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct c4_perft_options {
    int threads;            /* c4_perft: CPU threads (1..1024) */
    bool cpu;               /* c4_perft_gpu: the device's code on one CPU
                               thread instead of the device */
    bool distinct;          /* count the distinct positions too */
    size_t set_bytes;       /* their set; 0: c4_perft_set_bytes's for the
                               depth, at most half the machine's memory */
    gts_stop *stop;         /* raised: the count ends, "stopped" (NULL:
                               never) */
} c4_perft_options;

typedef struct c4_perft_result {
    uint64_t sequences;
    uint64_t positions;     /* distinct, if asked for; else 0 */
    double usec;            /* end to end */
    double kernel_usec;     /* GPU: the kernels (CUDA events) */
    bool set_full;          /* failed: more distinct positions than the set
                               holds */
} c4_perft_result;

/* A set size (bytes) that holds every distinct position `depth` plies
 * below p: from a bound on them (the ways to stack that many stones in
 * the columns' room, times the ways to colour them, at most the
 * sequences), so it may be larger than needed, never smaller. */
size_t c4_perft_set_bytes(const c4_geom *g, const c4_pos *p, int depth);

/* Depth-first on o->threads CPU threads.  Returns 0, or -1 with a reason
 * (the set full, memory, stopped). */
int c4_perft(const c4_geom *g, const c4_pos *p, int depth, const c4_perft_options *o, c4_perft_result *r,
             char *err, size_t errlen);

/* The same on the GPU: the host enumerates the first plies, then one
 * device thread per sequence of the last (up to 8) plies, named by its
 * block and thread index; o->cpu runs that code on one CPU thread
 * instead.  The stop token is read between launches, and on the CPU
 * every few thousand sequences. */
int c4_perft_gpu(const c4_geom *g, const c4_pos *p, int depth, const c4_perft_options *o, c4_perft_result *r,
                 char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
