/*
 * Internal: one window search of a position split over workers a few
 * plies down, for any game (the MPI split of a deep position: mpi/split_transport.c).
 *
 * The host walks the first `depth` plies of the tree as young-brothers-
 * wait alpha-beta: at each node the eldest child (in the game's order)
 * goes first, and its younger brothers go together only once it has not
 * cut off.  A node `depth` plies down (or one the game will not expand) is
 * a task: its position and window, searched whole by a worker.  Values go
 * up as in fail-soft negamax; when a node cuts off, the tasks below it
 * that are still out are cancelled.  Windows are kept: a child is searched
 * in (-beta, -max(alpha, best)), never wider, so a null-window probe of
 * the root is null-window all the way down.  The positions are opaque
 * blobs of the game's size.
 */
#ifndef GTS_SPLIT_H
#define GTS_SPLIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct gts_split_game {
    size_t pos_size;
    int max_kids;
    /* The children of pos, in the order to search them, into kids (room
     * for max_kids); 0 where pos is to be searched whole (the game is
     * over, or decided at once). */
    int (*children)(void *ctx, const void *pos, void *kids);
    /* Optional (NULL: none), the game's table: true when what it knows of
     * pos settles a search in (alpha, beta), its fail-soft value in *value
     * (the node is then neither split nor sent); and a node's value once
     * the host has it, to keep. */
    bool (*probe)(void *ctx, const void *pos, int alpha, int beta, int *value);
    void (*store)(void *ctx, const void *pos, int alpha, int beta, int value);
} gts_split_game;

/* Where the tasks go. */
typedef struct gts_split_workers {
    /* Starts task `task`: pos searched in (alpha, beta).  -1 if it cannot. */
    int (*send)(void *ctx, long task, const void *pos, int alpha, int beta);
    /* The next result: 1 with the task, its fail-soft value and nodes;
     * -1 if the search must stop (interrupted, or a worker failed). */
    int (*next)(void *ctx, long *task, int *value, uint64_t *nodes);
    /* The task's result is no longer wanted. */
    void (*cancel)(void *ctx, long task);
} gts_split_workers;

typedef struct gts_split_result {
    int value;          /* fail-soft: <= alpha an upper bound, >= beta a lower one */
    int best_kid;       /* the root's child that gave it, its index as the
                           game listed them (-1: none, or a task) */
    uint64_t nodes;     /* the workers' nodes, cancelled tasks' not counted */
    long tasks;         /* tasks sent */
} gts_split_result;

/* What the host remembers from one search to the next (a root's probes,
 * say): at each node it split, the child that cut off or was best, which
 * goes first the next time.  A small table of position hashes. */
typedef struct gts_split_memory gts_split_memory;
gts_split_memory *gts_split_memory_create(void);   /* NULL if out of memory */
void gts_split_memory_free(gts_split_memory *m);

/* A position's hash, the same for the same bytes (the key of the memory;
 * also what the MPI split deals a task to a rank by). */
uint64_t gts_split_hash(const void *pos, size_t size);

/* Searches root in (alpha, beta), split `depth` plies down, the memory
 * read and written (NULL: none).  Returns 0, or -1 if stopped or out of
 * memory (r is then unset). */
int gts_split_search(const gts_split_game *game, void *game_ctx, const gts_split_workers *w, void *w_ctx,
                     gts_split_memory *memory, const void *root, int depth, int alpha, int beta,
                     gts_split_result *r);

#endif
