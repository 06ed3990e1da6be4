/*
 * gts - Connect 4 opening books made by gts itself.
 *
 * A book holds the exact score of every distinct position (mirror images
 * counted once) up to a ply depth, as a sorted array of symmetric keys
 * searched by bisection.  File format, little-endian:
 *   "GTSC4BK1", u32 width, u32 height, u32 depth, u64 count,
 *   then count x (u64 key), then count x (i8 score).
 * Every entry is a position in which the side to move cannot win at once;
 * the reader refuses a book whose keys are out of order or off the board,
 * deeper than its depth, or whose scores such a position cannot have.
 */
#ifndef GTS_C4_BOOK_H
#define GTS_C4_BOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gts/c4.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct c4_book c4_book;

/* Loads a book for board g.  Returns NULL with a one-line reason in err,
 * naming the file (and the entry at fault), if the file cannot be read, is
 * not a book, is for another board size, is cut short or longer than its
 * entries, or holds an entry no book of g can hold. */
c4_book *c4_book_load(const char *path, const c4_geom *g, char *err, size_t errlen);

/* The same from an open stream, read to its end; `name` names it in err. */
c4_book *c4_book_read(FILE *f, const char *name, const c4_geom *g, char *err, size_t errlen);
void c4_book_free(c4_book *b);

/* The ply depth the book is complete to. */
int c4_book_depth(const c4_book *b);
size_t c4_book_size(const c4_book *b);

/* The exact score of p if the book has it. */
bool c4_book_lookup(const c4_book *b, const c4_geom *g, const c4_pos *p, int *score);

struct c4_solver;

/* Called after each solved position with the count done and the total. */
typedef void (*c4_book_progress)(size_t done, size_t total, void *ctx);

/* What a build did. */
typedef struct c4_book_outcome {
    size_t solved;  /* positions solved (all of them when complete) */
    size_t total;   /* positions the book holds when complete */
    bool complete;  /* false: stopped (the stop token, or the batch solver failing) */
    bool written;   /* the book is at path: false when a build stopped over an existing file */
} c4_book_outcome;

/* Solves every distinct position of board g from ply 0 to depth in which
 * the side to move cannot win at once, deepest first, and writes the book
 * to path.  The book is written beside path under a unique name and moved
 * over it only when whole (core/replace_file.h).  A build stopped before
 * the end (the solver's stop token raised) writes the positions solved so
 * far only where path is not a file yet: an existing file (a book that
 * took hours, say) is replaced by a complete book only.  Returns 0 with
 * *out filled in, or -1 with a reason in err (path untouched). */
int c4_book_build(struct c4_solver *s, const c4_geom *g, int depth, const char *path,
                  c4_book_progress progress, void *ctx, c4_book_outcome *out, char *err, size_t errlen);

/* A solver of batches for c4_book_build_with: exact scores of ps[0..n)
 * into scores; non-zero to stop (interrupted or failed: the book keeps
 * what was solved before). */
typedef int (*c4_book_solve_fn)(void *solve_ctx, const c4_pos *ps, size_t n, int *scores);

/* c4_book_build's batch solver: ps[0..n) one after the other on solver s
 * (a c4_solver), its table kept between them.  -1 if stopped. */
int c4_book_solve_each(void *s, const c4_pos *ps, size_t n, int *scores);

/* The same with any solver (the GPU's batches, say), given the positions
 * in batches of at most `batch`, deepest first. */
int c4_book_build_with(c4_book_solve_fn solve, void *solve_ctx, size_t batch, const c4_geom *g, int depth,
                       const char *path, c4_book_progress progress, void *ctx, c4_book_outcome *out, char *err,
                       size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
