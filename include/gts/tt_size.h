/*
 * gts - the default size of a search's transposition table.
 *
 * Every search that keeps a table (the Connect 4 solver, the Gomoku and
 * Reversi searches, the Reversi endgame solver) takes this size when its
 * options leave it at the default, and the command line says so in its
 * help.  64 MB: larger tables were measured and saved little (docs/notes:
 * the Connect 4 empty board 808 M nodes at 64 MB, 803 M at 512 MB; the
 * Reversi endgame 0.5-9 % fewer nodes at 512 MB and 2 GB, but slower for
 * the TLB misses).
 */
#ifndef GTS_TT_SIZE_H
#define GTS_TT_SIZE_H

#include <stddef.h>

/* A plain number, so that help texts can spell it (GTS_TT_DEFAULT_MB_TEXT). */
#define GTS_TT_DEFAULT_MB 64
#define GTS_TT_DEFAULT_BYTES ((size_t)GTS_TT_DEFAULT_MB << 20)

#define GTS_TT_STRINGIFY_(x) #x
#define GTS_TT_STRINGIFY(x) GTS_TT_STRINGIFY_(x)
/* "64": for help texts built at compile time. */
#define GTS_TT_DEFAULT_MB_TEXT GTS_TT_STRINGIFY(GTS_TT_DEFAULT_MB)

#endif
