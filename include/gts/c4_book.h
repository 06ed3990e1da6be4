/*
 * gts - Connect 4 opening books made by gts itself.
 *
 * A book holds the exact score of every distinct position (mirror images
 * counted once) up to a ply depth, as a sorted array of symmetric keys
 * searched by bisection.  File format, little-endian:
 *   "GTSC4BK1", u32 width, u32 height, u32 depth, u64 count,
 *   then count x (u64 key), then count x (i8 score).
 */
#ifndef GTS_C4_BOOK_H
#define GTS_C4_BOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gts/c4.h"

typedef struct c4_book c4_book;

/* Loads a book for board g.  Returns NULL with a reason in err if the file
 * cannot be read, is not a book, or is for another board size. */
c4_book *c4_book_load(const char *path, const c4_geom *g, char *err, size_t errlen);
void c4_book_free(c4_book *b);

/* The ply depth the book is complete to. */
int c4_book_depth(const c4_book *b);
size_t c4_book_size(const c4_book *b);

/* The exact score of p if the book has it. */
bool c4_book_lookup(const c4_book *b, const c4_geom *g, const c4_pos *p, int *score);

struct c4_solver;

/* Called after each solved position with the count done and the total. */
typedef void (*c4_book_progress)(size_t done, size_t total, void *ctx);

/* Solves every distinct position of board g from ply 0 to depth in which
 * the side to move cannot win at once, deepest first, and writes the book
 * to path.  If the solver's stop token is raised, the positions solved so
 * far are written and *complete is false.  Returns the number of positions written,
 * or -1 with a reason in err. */
long c4_book_build(struct c4_solver *s, const c4_geom *g, int depth, const char *path,
                   c4_book_progress progress, void *ctx, bool *complete, char *err, size_t errlen);

/* A solver of batches for c4_book_build_with: exact scores of ps[0..n)
 * into scores; non-zero to stop (interrupted or failed: the book keeps
 * what was solved before). */
typedef int (*c4_book_solve_fn)(void *solve_ctx, const c4_pos *ps, size_t n, int *scores);

/* c4_book_build's batch solver: ps[0..n) one after the other on solver s
 * (a c4_solver), its table kept between them.  -1 if stopped. */
int c4_book_solve_each(void *s, const c4_pos *ps, size_t n, int *scores);

/* The same with any solver (the GPU's batches, say), given the positions
 * in batches of at most `batch`, deepest first. */
long c4_book_build_with(c4_book_solve_fn solve, void *solve_ctx, size_t batch, const c4_geom *g, int depth,
                        const char *path, c4_book_progress progress, void *ctx, bool *complete, char *err,
                        size_t errlen);

#endif
