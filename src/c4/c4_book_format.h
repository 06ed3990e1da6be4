/*
 * Internal: the opening book's file, as its reader (c4_book.c) and its
 * writer (c4_book_build.c) share it.  The layout is gts/c4_book.h's: a
 * 28-byte header ("GTSC4BK1", u32 width, u32 height, u32 depth, u64
 * count), the count keys (u64, ascending), the count scores (i8), all
 * little-endian.
 *
 * Every entry is a position the side to move cannot win at once (the
 * writer leaves those out: a search finds them itself), so its score,
 * counted as gts/c4.h counts it, lies in
 *   -(cells - moves) / 2  ..  (cells - 1 - moves) / 2:
 * at best the side to move wins with its next stone but one, at worst the
 * opponent wins with its next.  The reader refuses a book with a score
 * outside, which the solver would otherwise return as found.
 */
#ifndef GTS_C4_BOOK_FORMAT_H
#define GTS_C4_BOOK_FORMAT_H

#include <stdint.h>

#include "gts/c4.h"

#define C4_BOOK_MAGIC "GTSC4BK1"
#define C4_BOOK_HEAD 28

/* The header's fields: byte offsets. */
enum { C4_BOOK_AT_WIDTH = 8, C4_BOOK_AT_HEIGHT = 12, C4_BOOK_AT_DEPTH = 16, C4_BOOK_AT_COUNT = 20 };

static inline void c4_book_put_le(unsigned char *b, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        b[i] = (unsigned char)(v >> (8 * i));
}

static inline uint64_t c4_book_get_le(const unsigned char *b, int bytes)
{
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; i--)
        v = v << 8 | b[i];
    return v;
}

/* The lowest and highest score an entry with `moves` stones can have. */
static inline int c4_book_score_min(const c4_geom *g, int moves)
{
    return -((g->cells - moves) / 2);
}

static inline int c4_book_score_max(const c4_geom *g, int moves)
{
    return (g->cells - 1 - moves) / 2;
}

#endif
