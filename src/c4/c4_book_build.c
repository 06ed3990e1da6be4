/* Opening books: the positions gathered, solved and written whole. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "c4/c4_book_format.h"
#include "core/replace_file.h"
#include "gts/c4_book.h"
#include "gts/c4_solver.h"

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

/* The distinct positions of the book, deepest first: 0, or -1 out of
 * memory. */
static int list_positions(const c4_geom *g, int depth, list *l)
{
    c4_pos root;
    c4_init(&root);
    if (gather(g, &root, depth, l) != 0)
        return -1;
    qsort(l->e, l->n, sizeof *l->e, by_key);
    size_t n = 0;
    for (size_t i = 0; i < l->n; i++)
        if (n == 0 || l->e[i].key != l->e[n - 1].key)
            l->e[n++] = l->e[i];
    l->n = n;
    qsort(l->e, l->n, sizeof *l->e, deepest_first);
    for (size_t i = 0; i < l->n; i++)
        l->e[i].score = INT8_MIN;
    return 0;
}

/* Solves l's positions in batches until the end or the solver stops:
 * out->solved and out->complete.  -1 out of memory. */
static int solve_all(c4_book_solve_fn solve, void *solve_ctx, size_t batch, list *l, c4_book_progress progress,
                     void *ctx, c4_book_outcome *out)
{
    c4_pos *ps = malloc(batch * sizeof *ps);
    int *scores = malloc(batch * sizeof *scores);
    if (!ps || !scores) {
        free(ps), free(scores);
        return -1;
    }
    out->complete = true;
    for (size_t i = 0; i < l->n; i += batch) {
        const size_t m = l->n - i < batch ? l->n - i : batch;
        for (size_t j = 0; j < m; j++)
            ps[j] = l->e[i + j].pos;
        if (solve(solve_ctx, ps, m, scores) != 0) {
            out->complete = false;
            break;
        }
        for (size_t j = 0; j < m; j++)
            l->e[i + j].score = scores[j];
        out->solved += m;
        if (progress)
            progress(out->solved, l->n, ctx);
    }
    free(ps);
    free(scores);
    return 0;
}

/* The header and the solved entries, in key order, into f. */
static int write_book(FILE *f, const c4_geom *g, int depth, list *l, size_t solved)
{
    qsort(l->e, l->n, sizeof *l->e, by_key);
    unsigned char head[C4_BOOK_HEAD];
    memcpy(head, C4_BOOK_MAGIC, 8);
    c4_book_put_le(head + C4_BOOK_AT_WIDTH, (uint64_t)g->width, 4);
    c4_book_put_le(head + C4_BOOK_AT_HEIGHT, (uint64_t)g->height, 4);
    c4_book_put_le(head + C4_BOOK_AT_DEPTH, (uint64_t)depth, 4);
    c4_book_put_le(head + C4_BOOK_AT_COUNT, solved, 8);
    int ok = fwrite(head, 1, sizeof head, f) == sizeof head;
    for (size_t i = 0; ok && i < l->n; i++) {
        unsigned char k[8];
        c4_book_put_le(k, l->e[i].key, 8);
        ok = l->e[i].score == INT8_MIN || fwrite(k, 1, 8, f) == 8;
    }
    for (size_t i = 0; ok && i < l->n; i++)
        ok = l->e[i].score == INT8_MIN || fputc((signed char)l->e[i].score, f) != EOF;
    return ok ? 0 : -1;
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

int c4_book_build(c4_solver *s, const c4_geom *g, int depth, const char *path, c4_book_progress progress,
                  void *ctx, c4_book_outcome *out, char *err, size_t errlen)
{
    return c4_book_build_with(c4_book_solve_each, s, 1, g, depth, path, progress, ctx, out, err, errlen);
}

int c4_book_build_with(c4_book_solve_fn solve, void *solve_ctx, size_t batch, const c4_geom *g, int depth,
                       const char *path, c4_book_progress progress, void *ctx, c4_book_outcome *out, char *err,
                       size_t errlen)
{
    *out = (c4_book_outcome){ 0 };
    if (depth < 0 || depth > g->cells) {
        snprintf(err, errlen, "book depth %d out of range 0..%d", depth, g->cells);
        return -1;
    }
    /* The file is opened before the solving, which may take hours, so that
     * a book that cannot be written is said at once. */
    gts_replace file;
    if (!gts_replace_open(&file, path, err, errlen))
        return -1;
    list l = { 0 };
    if (list_positions(g, depth, &l) != 0 ||
        solve_all(solve, solve_ctx, batch < 1 ? 1 : batch, &l, progress, ctx, out) != 0) {
        snprintf(err, errlen, "out of memory for the book's %zu positions", l.n);
        free(l.e);
        gts_replace_abort(&file);
        return -1;
    }
    out->total = l.n;
    int rc = 0;
    if (!out->complete && access(path, F_OK) == 0) {
        gts_replace_abort(&file);
    } else if (write_book(file.f, g, depth, &l, out->solved) != 0) {
        snprintf(err, errlen, "cannot write book %s: %s", path, strerror(errno));
        gts_replace_abort(&file);
        rc = -1;
    } else {
        rc = gts_replace_finish(&file, err, errlen);
        out->written = rc == 0;
    }
    free(l.e);
    return rc;
}
