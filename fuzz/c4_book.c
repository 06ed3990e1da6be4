/*
 * Connect 4 opening books (c4_book_read, issue 38's #21): the input as a
 * book file, read for the board its header names when that is a legal
 * size (7x6 otherwise).  A book taken is exactly the input (a 28-byte
 * header and 9 bytes an entry), its keys ascending, each the key of a
 * position of the board no deeper than the book's depth, scored where a
 * position whose side to move cannot win at once can score (from the
 * opponent winning with its next stone to the side to move winning with
 * its next but one, c4_win_score), and found by lookup with that score.
 * A book refused has a one-line reason that names it.
 */
#include "fuzz.h"

#include "gts/c4_book.h"

#define NAME "fuzz.book"

/* The position of key k (c4_key: a column of h stones is mask 2^h - 1
 * plus the side to move's stones in it). */
static c4_pos key_position(const c4_geom *g, uint64_t k)
{
    c4_pos p = { 0 };
    const int bits = g->height + 1;
    for (int col = 0; col < g->width; col++) {
        const uint64_t column = k >> (col * bits) & (((uint64_t)1 << bits) - 1);
        const int h = 63 - __builtin_clzll(column + 1);
        const uint64_t mask = ((uint64_t)1 << h) - 1;
        p.mask |= mask << (col * bits);
        p.cur |= (column - mask) << (col * bits);
        p.moves += h;
    }
    return p;
}

static uint64_t le(const uint8_t *b, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | b[i];
    return v;
}

static void check_book(const c4_book *b, const c4_geom *g, const uint8_t *data, size_t size)
{
    const size_t n = c4_book_size(b);
    FUZZ_CHECK(size == 28 + 9 * n, "c4_book_read: took %zu bytes for %zu entries", size, n);
    const int depth = c4_book_depth(b);
    for (size_t i = 0; i < n; i++) {
        const uint64_t key = le(data + 28 + 8 * i, 8);
        const int score = (int8_t)data[28 + 8 * n + i];
        FUZZ_CHECK(i == 0 || key > le(data + 28 + 8 * (i - 1), 8), "c4_book_read: entry %zu out of order", i);
        FUZZ_CHECK(g->key_bits >= 64 || key >> g->key_bits == 0, "c4_book_read: entry %zu off the board", i);
        const c4_pos p = key_position(g, key);
        FUZZ_CHECK(c4_key(&p) == key && p.moves <= depth, "c4_book_read: entry %zu, %d moves in a book of %d",
                   i, p.moves, depth);
        FUZZ_CHECK(score <= c4_win_score(g, p.moves + 2) && score >= -c4_win_score(g, p.moves + 1),
                   "c4_book_read: entry %zu scores %d after %d moves on %dx%d", i, score, p.moves, g->width,
                   g->height);
        int found;
        if (c4_symmetric_key(g, &p) == key)
            FUZZ_CHECK(c4_book_lookup(b, g, &p, &found) && found == score,
                       "c4_book_lookup: entry %zu not found with its score", i);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    c4_geom g = c4_standard;
    char err[256];
    if (size >= 16 && c4_geom_init(&g, (int)le(data + 8, 4), (int)le(data + 12, 4), err, sizeof err) != 0)
        g = c4_standard;
    FILE *f = fmemopen((void *)data, size, "rb");
    if (!f)
        return 0;
    c4_book *b = c4_book_read(f, NAME, &g, err, sizeof err);
    fclose(f);
    if (b) {
        check_book(b, &g, data, size);
        c4_book_free(b);
        return 0;
    }
    fuzz_check_reason(err, sizeof err, "c4_book_read");
    FUZZ_CHECK(strstr(err, NAME) && !strchr(err, '\n'), "c4_book_read: reason '%s' is not one line naming the book",
               err);
    return 0;
}
