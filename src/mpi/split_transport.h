/*
 * --mpi-split S: one deep position searched by every rank of an MPI job
 * together.  Rank 0 runs the game's root (its null-window probes) and
 * each probe's first S plies as young-brothers-wait (core/split.h); the
 * positions S plies down go to the ranks (itself included, mpi/team.h) as
 * window searches, each rank with its own table shared by its threads.
 */
#ifndef GTS_MPI_SPLIT_TRANSPORT_H
#define GTS_MPI_SPLIT_TRANSPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "core/split.h"
#include "gts/stop.h"

/* A rank's window search of pos in (alpha, beta): its fail-soft value and
 * nodes; non-zero if stopped. */
typedef int mpi_split_solve_fn(void *ctx, const void *pos, int alpha, int beta, int *value, uint64_t *nodes);

typedef struct mpi_split mpi_split;

/* Starts MPI.  Rank 0 gets the split to search with (NULL if out of
 * memory: said); the other ranks do the window searches rank 0 sends
 * until it ends the split, then get NULL with *is_root false.  stop: the
 * token solve's solver watches. */
mpi_split *mpi_split_start(const gts_split_game *game, void *game_ctx, mpi_split_solve_fn *solve, void *solve_ctx,
                           gts_stop *stop, bool *is_root);

/* Rank 0: searches pos in (alpha, beta) split `depth` plies down
 * (gts_split_search); -1 if stopped. */
int mpi_split_window(mpi_split *s, const void *pos, int depth, int alpha, int beta, gts_split_result *r);

/* Rank 0: ends the workers and MPI. */
void mpi_split_end(mpi_split *s);

#endif
