/*
 * Memory for the transposition tables (tt.c, htt.c): zero-filled, from a
 * fresh anonymous mapping.  The kernel makes (and zeroes) a page only when
 * it is first touched, so a process that searches a little pays only for
 * the pages it uses: zeroing a 64 MB table up front took 0.02 to 0.25 s
 * of system time on the dev VM, most of the wall clock of 1000 End-Easy
 * positions (docs/notes/c4_solver.md).
 */
#ifndef GTS_CORE_TABLE_MEM_H
#define GTS_CORE_TABLE_MEM_H

#include <stdbool.h>
#include <stddef.h>

/* `bytes` of zeroed memory, or NULL.  With `huge`, tables of 2 MB or more
 * are aligned to 2 MB and advised to use huge pages: a probe is a random
 * access, and with 4 KB pages most would also miss the TLB. */
void *gts_table_alloc(size_t bytes, bool huge);

/* Gives back what gts_table_alloc(bytes, ...) returned (NULL: nothing). */
void gts_table_free(void *p, size_t bytes);

#endif
