/* Reversi's part of `gts bench --signature`: the node count of fixed
 * searches, which changes only when a search's behaviour does. */
#ifndef GTS_RV_SIGNATURE_H
#define GTS_RV_SIGNATURE_H

#include <stddef.h>

/* Adds the nodes and time (microseconds) of the exact solver on three
 * fforum positions of 14 empties and of the depth-limited PVS on an 8x8
 * and a 16x16 board, serial with 16 MB tables, to *nodes and *usec.  0, or
 * -1 with a reason if one cannot be searched. */
int rv_signature(unsigned long long *nodes, double *usec, char *err, size_t errlen);

#endif
