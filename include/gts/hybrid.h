/*
 * gts - what a search of one position on CPU threads and GPU lanes
 * together did (src/core/hybrid.h): the figures every game's hybrid solve
 * reports (rv_solver_hybrid_stats in gts/reversi.h).
 *
 * The host walks the top of the tree; each node at the frontier is a task
 * for a CPU thread (with the game's table) or the lanes (without).
 */
#ifndef GTS_HYBRID_STATS_H
#define GTS_HYBRID_STATS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gts_hybrid_stats {
    uint64_t cpu_tasks, gpu_tasks;       /* tasks answered by each side */
    uint64_t gave_up;                    /* lanes' tasks over their budget,
                                            handed to the CPU threads */
    uint64_t cpu_nodes, gpu_nodes;       /* of the tasks answered (a given-up
                                            task's lane nodes in gpu_nodes) */
    uint64_t cancelled;                  /* tasks cancelled before they ran */
    uint64_t wasted_tasks, wasted_nodes; /* cancelled while they ran: their
                                            nodes spent for nothing */
    uint64_t stolen;                     /* lanes' tasks a CPU thread with
                                            nothing waiting took too */
    uint64_t launches;                   /* GPU launches */
    long most_waiting;                   /* tasks waiting at once, at most */
    long most_out;                       /* tasks sent and not answered, at most */
    double gpu_usec;                     /* the GPU's host thread in launches */
} gts_hybrid_stats;

#ifdef __cplusplus
}
#endif

#endif
