/*
 * Internal: a thing opened late, on a thread of its own: a CUDA device,
 * whose start-up (the driver, the context, the device's table: about
 * 370 ms on the H200 host) is longer than many a whole batch takes on the
 * CPU threads (Connect 4's End-Easy 1000 in 30 ms, Middle-Medium in
 * 190 ms; bench/hybrid.sh, issue 40).
 *
 * The open starts once `after` microseconds have passed since
 * gts_late_start, unless gts_late_end came first: a batch the CPU threads
 * finish in less never pays for the device, and a longer one has it join
 * when it is ready, the CPU threads working meanwhile.  The price is at
 * the end: an open under way when the work is done is waited for (a CUDA
 * start-up cannot be cut short, nor safely left running while the process
 * exits), so a batch that ends between `after` and `after` + the start-up
 * waits up to one start-up longer than the CPU alone.
 */
#ifndef GTS_CORE_LATE_H
#define GTS_CORE_LATE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct gts_late gts_late;

/* Opens the thing (NULL with err set on failure); closes it. */
typedef void *gts_late_open_fn(void *ctx, char *err, size_t errlen);
typedef void gts_late_close_fn(void *thing);

/* Starts the clock (and the opener's thread); after <= 0 opens at once on
 * that thread.  NULL when out of memory or threads. */
gts_late *gts_late_start(double after_usec, gts_late_open_fn *open, gts_late_close_fn *close, void *ctx);

/* The thing once open, waiting up to wait_usec for it (0: not at all; a
 * negative wait: until the open is over, starting it now if it has not
 * started).  NULL while it is not open yet, or if the open failed
 * (*failed then true and gts_late_error says why). */
void *gts_late_get(gts_late *l, double wait_usec, bool *failed);
const char *gts_late_error(const gts_late *l);

/* Whether the open has started (or is over): the thing was (being) paid for. */
bool gts_late_started(gts_late *l);

/* Ends it: an open not yet started never starts; one under way is waited
 * for; the thing is closed.  NULL: nothing. */
void gts_late_end(gts_late *l);

#endif
