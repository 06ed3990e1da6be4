/* Opening books: building, writing, loading and lookup. */
#include "gts/c4_book.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gts/c4_solver.h"

static const char magic[8] = { 'G', 'T', 'S', 'C', '4', 'B', 'K', '1' };

struct c4_book {
    int width, height, depth;
    size_t count;
    uint64_t *keys;     /* sorted */
    int8_t *scores;
};

static void put_u32(unsigned char *b, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_le(const unsigned char *b, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | b[i];
    return v;
}

c4_book *c4_book_load(const char *path, const c4_geom *g, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open book %s: %s", path, strerror(errno));
        return NULL;
    }
    unsigned char head[28];
    c4_book *b = calloc(1, sizeof *b);
    if (!b || fread(head, 1, sizeof head, f) != sizeof head || memcmp(head, magic, 8) != 0) {
        snprintf(err, errlen, "%s is not a gts Connect 4 book", path);
        goto fail;
    }
    b->width = (int)get_le(head + 8, 4);
    b->height = (int)get_le(head + 12, 4);
    b->depth = (int)get_le(head + 16, 4);
    b->count = (size_t)get_le(head + 20, 8);
    if (b->width != g->width || b->height != g->height) {
        snprintf(err, errlen, "book %s is for %dx%d, not %dx%d", path, b->width, b->height, g->width, g->height);
        goto fail;
    }
    if (b->count > ((size_t)1 << 36) || b->depth < 0 || b->depth > g->cells) {
        snprintf(err, errlen, "book %s has a corrupt header", path);
        goto fail;
    }
    b->keys = malloc((b->count + 1) * sizeof *b->keys);
    b->scores = malloc(b->count + 1);
    if (!b->keys || !b->scores) {
        snprintf(err, errlen, "out of memory for book %s", path);
        goto fail;
    }
    for (size_t i = 0; i < b->count; i++) {
        unsigned char k[8];
        if (fread(k, 1, 8, f) != 8) {
            snprintf(err, errlen, "book %s is truncated", path);
            goto fail;
        }
        b->keys[i] = get_le(k, 8);
        if (i > 0 && b->keys[i] <= b->keys[i - 1]) {
            snprintf(err, errlen, "book %s is not sorted at entry %zu", path, i);
            goto fail;
        }
    }
    if (fread(b->scores, 1, b->count, f) != b->count) {
        snprintf(err, errlen, "book %s is truncated", path);
        goto fail;
    }
    fclose(f);
    return b;
fail:
    fclose(f);
    c4_book_free(b);
    return NULL;
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

/* Positions to solve, gathered depth first and made unique by key. */
typedef struct entry {
    uint64_t key;
    c4_pos pos;
    int score;
} entry;

typedef struct list {
    entry *e;
    size_t n, cap;
} list;

static int gather(const c4_geom *g, const c4_pos *p, int depth, list *l)
{
    int dummy;
    if (c4_final_score(g, p, &dummy) || c4_can_win_next(g, p))
        return 0;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        entry *e = realloc(l->e, l->cap * sizeof *e);
        if (!e)
            return -1;
        l->e = e;
    }
    l->e[l->n++] = (entry){ .key = c4_symmetric_key(g, p), .pos = *p };
    if (p->moves >= depth)
        return 0;
    for (int col = 0; col < g->width; col++) {
        if (!c4_can_play(g, p, col))
            continue;
        c4_pos q = *p;
        c4_play(g, &q, col);
        if (gather(g, &q, depth, l) != 0)
            return -1;
    }
    return 0;
}

static int by_key(const void *a, const void *b)
{
    const uint64_t x = ((const entry *)a)->key, y = ((const entry *)b)->key;
    return (x > y) - (x < y);
}

static int deepest_first(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    if (x->pos.moves != y->pos.moves)
        return y->pos.moves - x->pos.moves;
    return by_key(a, b);
}

/* Writes the book into f, open on the temporary name tmp, and renames it
 * to path: a book is never half written.  f is closed. */
static int write_book(FILE *f, const char *tmp, const char *path, const c4_geom *g, int depth, const list *l,
                      size_t solved)
{
    unsigned char head[28];
    memcpy(head, magic, 8);
    put_u32(head + 8, (uint32_t)g->width);
    put_u32(head + 12, (uint32_t)g->height);
    put_u32(head + 16, (uint32_t)depth);
    put_u32(head + 20, (uint32_t)solved);
    put_u32(head + 24, (uint32_t)((uint64_t)solved >> 32));
    int ok = fwrite(head, 1, sizeof head, f) == sizeof head;
    for (size_t i = 0; ok && i < l->n; i++) {
        if (l->e[i].score == INT8_MIN)
            continue;
        unsigned char k[8];
        for (int j = 0; j < 8; j++)
            k[j] = (unsigned char)(l->e[i].key >> (8 * j));
        ok = fwrite(k, 1, 8, f) == 8;
    }
    for (size_t i = 0; ok && i < l->n; i++)
        if (l->e[i].score != INT8_MIN)
            ok = fputc((signed char)l->e[i].score, f) != EOF;
    if (fclose(f) != 0)
        ok = 0;
    if (!ok || rename(tmp, path) != 0) {
        remove(tmp);
        return -1;
    }
    return 0;
}

int c4_book_solve_each(void *solve_ctx, const c4_pos *ps, size_t n, int *scores)
{
    for (size_t i = 0; i < n; i++) {
        c4_result r;
        if (c4_solve(solve_ctx, &ps[i], false, &r) != 0)
            return -1;
        scores[i] = r.score;
    }
    return 0;
}

long c4_book_build(c4_solver *s, const c4_geom *g, int depth, const char *path, c4_book_progress progress,
                   void *ctx, bool *complete, char *err, size_t errlen)
{
    return c4_book_build_with(c4_book_solve_each, s, 1, g, depth, path, progress, ctx, complete, err, errlen);
}

long c4_book_build_with(c4_book_solve_fn solve, void *solve_ctx, size_t batch, const c4_geom *g, int depth,
                        const char *path, c4_book_progress progress, void *ctx, bool *complete, char *err,
                        size_t errlen)
{
    if (depth < 0 || depth > g->cells) {
        snprintf(err, errlen, "book depth %d out of range 0..%d", depth, g->cells);
        return -1;
    }
    /* The file is opened before the solving, which may take hours, so that
     * a book that cannot be written is said at once. */
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        snprintf(err, errlen, "cannot write book %s: %s", path, strerror(errno));
        return -1;
    }
    list l = { 0 };
    c4_pos root;
    c4_init(&root);
    if (gather(g, &root, depth, &l) != 0) {
        snprintf(err, errlen, "out of memory listing book positions");
        free(l.e);
        fclose(f);
        remove(tmp);
        return -1;
    }
    qsort(l.e, l.n, sizeof *l.e, by_key);
    size_t n = 0;
    for (size_t i = 0; i < l.n; i++)
        if (n == 0 || l.e[i].key != l.e[n - 1].key)
            l.e[n++] = l.e[i];
    l.n = n;
    qsort(l.e, l.n, sizeof *l.e, deepest_first);

    size_t solved = 0;
    *complete = true;
    if (batch < 1)
        batch = 1;
    c4_pos *ps = malloc(batch * sizeof *ps);
    int *scores = malloc(batch * sizeof *scores);
    if (!ps || !scores) {
        free(ps), free(scores), free(l.e);
        fclose(f);
        remove(tmp);
        snprintf(err, errlen, "out of memory for a batch of %zu positions", batch);
        return -1;
    }
    for (size_t i = 0; i < l.n; i++)
        l.e[i].score = INT8_MIN;
    for (size_t i = 0; i < l.n; i += batch) {
        const size_t m = l.n - i < batch ? l.n - i : batch;
        for (size_t j = 0; j < m; j++)
            ps[j] = l.e[i + j].pos;
        if (solve(solve_ctx, ps, m, scores) != 0) {
            *complete = false;
            break;
        }
        for (size_t j = 0; j < m; j++)
            l.e[i + j].score = scores[j];
        solved += m;
        if (progress)
            progress(solved, l.n, ctx);
    }
    free(ps);
    free(scores);
    qsort(l.e, l.n, sizeof *l.e, by_key);
    const int rc = write_book(f, tmp, path, g, depth, &l, solved);
    const int why = errno;
    free(l.e);
    if (rc != 0) {
        snprintf(err, errlen, "cannot write book %s: %s", path, strerror(why));
        return -1;
    }
    return (long)solved;
}
