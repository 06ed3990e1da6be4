/*
 * The sequential-parallel GPU search's host side (Rocki and Suda's, as the
 * Gomoku report built it), written once for every game: the host walks
 * the top `split` plies of the tree, every node there at depth `split` (the
 * frontier) is searched by one GPU thread for the remaining plies, and
 * the host walks the top again to back the values up.  The frontier goes
 * to the device in chunks as it is made, so no cell of a table runs out of
 * memory (the report stored it whole: 11 M boards at 15x15, split 3), and
 * it goes as its parents (the nodes one ply above it): a GPU thread plays
 * its parent's path and then its own move, and the device backs the
 * children's values up into their parent's.  Sending every frontier node
 * and its value instead cost 170 ms of the 217 ms a 15x15 depth-4 minimax
 * took on an H200 (kernels 46 ms): the host's walks over 11 M nodes and
 * 110 MB of copies.
 *
 * split = 1 is the naive design (a thread per root move); split = depth
 * is batched leaf evaluation (the Connect-5 report's: every leaf of the
 * tree evaluated in one launch per chunk, the minimax reduced on the
 * host).  The value is the negamax value of the tree, as serial search's.
 */
#ifndef GTS_GSP_SEQPAR_H
#define GTS_GSP_SEQPAR_H

#include <stddef.h>
#include <stdint.h>

/* A game as the host walks it; positions pos_bytes each, moves ints. */
typedef struct gsp_game {
    void *ctx;
    size_t pos_bytes;
    int max_moves;
    /* The moves of pos, at ply `ply` from the root, into list; or 0 with
     * *value when the node's value needs no search (a finished game, a
     * win to play). */
    int (*moves)(void *ctx, const void *pos, int ply, int *list, int32_t *value);
    void (*play)(void *ctx, void *child, const void *pos, int move);
    /* Searches every child of the n parents (the nodes at ply split - 1
     * that need a search), given by their paths of `plies` moves from the
     * root (path i at paths[i * plies]), `depth` plies each, in one launch:
     * parent i's children are first[i] .. first[i + 1] - 1 in the order of
     * `moves`.  values[i]: parent i's negamax value, the best of its
     * children's negated (the device reduces them, so only the parents'
     * values come back); children (NULL: not wanted) each child's own
     * value.  nodes gets the device's node count added.  0, 1 when the
     * stop token ended it, -1 with a reason. */
    int (*launch)(void *ctx, const int16_t *paths, const int32_t *first, int n, int plies, int depth,
                  int32_t *values, int32_t *children, uint64_t *nodes, char *err, size_t errlen);
} gsp_game;

typedef struct gsp_result {
    int32_t value;
    int move;              /* the first root move of that value; -1 when the root needed no search */
    long frontier;         /* frontier nodes searched on the device */
    int launches;
    uint64_t host_nodes;   /* top nodes walked (each walk counted once) */
    uint64_t device_nodes;
} gsp_result;

/* The value of root searched depth plies, the top split (1..depth) on the
 * host, in launches of at most chunk frontier nodes.  0, 1 when stopped
 * (result void), -1 with a reason. */
int gts_gsp_search(const gsp_game *g, const void *root, int split, int depth, long chunk, gsp_result *r, char *err,
               size_t errlen);

#endif
