/* Opening books: reading, with every entry checked, and lookup. */
#include "gts/c4_book.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c4/c4_book_format.h"

struct c4_book {
    int width, height, depth;
    size_t count;
    uint64_t *keys;     /* sorted */
    int8_t *scores;
};

/* Reads count items of size bytes into *buf (to free), the buffer grown
 * as they come, so that a header's count past the file's end costs no
 * memory.  0; -1 if the file ends first; -2 out of memory. */
static int read_items(FILE *f, size_t count, size_t size, unsigned char **buf)
{
    size_t have = 0, cap = 0;
    unsigned char *p = NULL;
    int rc = 0;
    while (rc == 0 && have < count) {
        cap = cap ? 2 * cap : 4096;
        if (cap > count)
            cap = count;
        unsigned char *q = realloc(p, cap * size);
        if (!q) {
            rc = -2;
            break;
        }
        p = q;
        const size_t want = cap - have;
        have += fread(p + have * size, size, want, f);
        if (have < cap)
            rc = -1;
    }
    if (rc == 0 && !p && !(p = malloc(1)))
        rc = -2;
    if (rc != 0) {
        free(p);
        p = NULL;
    }
    *buf = p;
    return rc;
}

/* The stones of the position of key k, or -1 if k has bits past the
 * board: c4_key's column of h stones lies in 2^h - 1 .. 2^(h+1) - 2. */
static int key_moves(const c4_geom *g, uint64_t k)
{
    const int bits = g->height + 1;
    if (g->key_bits < 64 && k >> g->key_bits)
        return -1;
    int moves = 0;
    for (int col = 0; col < g->width; col++) {
        const uint64_t column = k >> (col * bits) & (((uint64_t)1 << bits) - 1);
        moves += 63 - __builtin_clzll(column + 1);
    }
    return moves;
}

/* Each key after the one before it, a position of the board no deeper
 * than the book, its score one that position can have. */
static int check_entries(const c4_book *b, const c4_geom *g, const char *name, char *err, size_t errlen)
{
    for (size_t i = 0; i < b->count; i++) {
        const int moves = key_moves(g, b->keys[i]);
        const int score = b->scores[i];
        if (i > 0 && b->keys[i] <= b->keys[i - 1]) {
            snprintf(err, errlen, "book %s is not sorted at entry %zu", name, i);
        } else if (moves < 0 || moves > b->depth) {
            snprintf(err, errlen, "book %s: entry %zu is not a position of at most %d moves on %dx%d", name, i,
                     b->depth, g->width, g->height);
        } else if (score < c4_book_score_min(g, moves) || score > c4_book_score_max(g, moves)) {
            snprintf(err, errlen, "book %s: entry %zu scores %d, impossible after %d moves on %dx%d (%d..%d)", name,
                     i, score, moves, g->width, g->height, c4_book_score_min(g, moves), c4_book_score_max(g, moves));
        } else {
            continue;
        }
        return -1;
    }
    return 0;
}

/* The header of a book for board g into b: 0, or -1 with a reason. */
static int read_head(c4_book *b, FILE *f, const char *name, const c4_geom *g, char *err, size_t errlen)
{
    unsigned char head[C4_BOOK_HEAD];
    if (fread(head, 1, sizeof head, f) != sizeof head || memcmp(head, C4_BOOK_MAGIC, 8) != 0) {
        snprintf(err, errlen, "%s is not a gts Connect 4 book", name);
        return -1;
    }
    const uint64_t width = c4_book_get_le(head + C4_BOOK_AT_WIDTH, 4);
    const uint64_t height = c4_book_get_le(head + C4_BOOK_AT_HEIGHT, 4);
    const uint64_t depth = c4_book_get_le(head + C4_BOOK_AT_DEPTH, 4);
    const uint64_t count = c4_book_get_le(head + C4_BOOK_AT_COUNT, 8);
    if (width != (uint64_t)g->width || height != (uint64_t)g->height) {
        snprintf(err, errlen, "book %s is for %llux%llu, not %dx%d", name, (unsigned long long)width,
                 (unsigned long long)height, g->width, g->height);
        return -1;
    }
    if (count > ((uint64_t)1 << 36) || depth > (uint64_t)g->cells) {
        snprintf(err, errlen, "book %s has a corrupt header", name);
        return -1;
    }
    b->width = g->width;
    b->height = g->height;
    b->depth = (int)depth;
    b->count = (size_t)count;
    return 0;
}

/* The keys and scores after the header, and nothing after them. */
static int read_entries(c4_book *b, FILE *f, const char *name, char *err, size_t errlen)
{
    unsigned char *keys = NULL, *scores = NULL;
    int rc = read_items(f, b->count, 8, &keys);
    if (rc == 0)
        rc = read_items(f, b->count, 1, &scores);
    if (rc == 0 && fgetc(f) != EOF)
        rc = -3;
    if (rc != 0) {
        snprintf(err, errlen, rc == -2 ? "out of memory for book %s"
                              : rc == -1 ? "book %s is truncated" : "book %s has bytes past its last score", name);
        free(keys);
        free(scores);
        return -1;
    }
    /* Each key decoded in place: the buffer becomes the array. */
    for (size_t i = 0; i < b->count; i++) {
        const uint64_t k = c4_book_get_le(keys + 8 * i, 8);
        memcpy(keys + 8 * i, &k, 8);
    }
    b->keys = (uint64_t *)(void *)keys;
    b->scores = (int8_t *)scores;
    return 0;
}

c4_book *c4_book_read(FILE *f, const char *name, const c4_geom *g, char *err, size_t errlen)
{
    c4_book *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, errlen, "out of memory for book %s", name);
        return NULL;
    }
    if (read_head(b, f, name, g, err, errlen) != 0 || read_entries(b, f, name, err, errlen) != 0 ||
        check_entries(b, g, name, err, errlen) != 0) {
        c4_book_free(b);
        return NULL;
    }
    return b;
}

c4_book *c4_book_load(const char *path, const c4_geom *g, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open book %s: %s", path, strerror(errno));
        return NULL;
    }
    c4_book *b = c4_book_read(f, path, g, err, errlen);
    fclose(f);
    return b;
}

void c4_book_free(c4_book *b)
{
    if (!b)
        return;
    free(b->keys);
    free(b->scores);
    free(b);
}

int c4_book_depth(const c4_book *b)
{
    return b->depth;
}

size_t c4_book_size(const c4_book *b)
{
    return b->count;
}

bool c4_book_lookup(const c4_book *b, const c4_geom *g, const c4_pos *p, int *score)
{
    const uint64_t key = c4_symmetric_key(g, p);
    size_t lo = 0, hi = b->count;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (b->keys[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < b->count && b->keys[lo] == key) {
        *score = b->scores[lo];
        return true;
    }
    return false;
}
