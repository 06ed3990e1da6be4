/*
 * gts - Connect 4 players for a limited depth, with a heuristic
 * evaluation: the brute-force GPU player of the report
 * ../shared/papers/004_fcb11358225163f1.txt and the depth-limited
 * alpha-beta it is measured against.
 */
#ifndef GTS_C4_PLAY_H
#define GTS_C4_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gts/c4.h"
#include "gts/stop.h"

#ifdef __cplusplus
extern "C" {
#endif

#define C4_BRUTE_MAX_DEPTH 10

typedef struct c4_brute_result {
    int col;                            /* the move chosen (0-based) */
    bool forced;                        /* an immediate win or the block of
                                           one, no enumeration */
    long long sums[C4_MAX_WIDTH];       /* utility per first move */
    uint64_t valid[C4_MAX_WIDTH];       /* valid sequences per first move */
    double usec;                        /* end to end */
    double kernel_usec;                 /* the enumeration alone (device
                                           kernel, or the CPU loop) */
} c4_brute_result;

/* The brute-force player's move at p (the game not over) for sequences of
 * `depth` moves (1..C4_BRUTE_MAX_DEPTH): on the GPU, or on the CPU running
 * the same code when cpu is set.  Returns 0, or -1 with a reason ("stopped"
 * once stop is raised: read before the launch, and on the CPU every few
 * thousand sequences; NULL: never). */
int c4_brute_best(const c4_geom *g, const c4_pos *p, int depth, bool cpu, gts_stop *stop, c4_brute_result *r,
                  char *err, size_t errlen);

/* Depth-limited negamax alpha-beta with the same evaluation (a win scores
 * C4_EVAL_WIN, more the sooner), centre columns first.  The move chosen
 * (0-based) and its value for the side to move; nodes counted.  A depth
 * of 1 or less looks one move ahead; -1, with *value -2 * C4_EVAL_WIN,
 * when no column is playable (a full board). */
int c4_heuristic_best(const c4_geom *g, const c4_pos *p, int depth, int *value, uint64_t *nodes);

#ifdef __cplusplus
}
#endif

#endif
