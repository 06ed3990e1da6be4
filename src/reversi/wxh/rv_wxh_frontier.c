/* Mobilities of a position's children from its own move generation
 * (rv_wxh_frontier.h says how). */
#include "reversi/wxh/rv_wxh_frontier.h"
#include "reversi/wxh/rv_wxh_gen.h"

static const runs NO_RUNS = { 0, 0, 0 };

INLINE runs load(const uint64_t r[3])
{
    return (runs){ r[0], r[1], r[2] };
}

INLINE bool same(runs r, const uint64_t s[3])
{
    return !((r.straight ^ s[0]) | (r.plus ^ s[1]) | (r.minus ^ s[2]));
}

/* One carried pass (hi: up, towards higher words) for both sides a and b
 * over words i0 to i1, entering i0 with runs ra, rb after my discs from_a
 * and from_b: the moves it finds into ma, mb; with in_a, in_b the runs
 * entering each word kept there; with ref_a, ref_b (the parent's), it
 * stops at the first word at least two past `changed` (its own discs and
 * the ones before it unchanged) that the parent's runs enter.  Returns the
 * last word done. */
INLINE int sweep(const uint64_t *a, const uint64_t *b, int i0, int i1, runs ra, runs rb, uint64_t from_a,
                 uint64_t from_b, uint64_t *ma, uint64_t *mb, uint64_t (*in_a)[3], uint64_t (*in_b)[3],
                 const uint64_t (*ref_a)[3], const uint64_t (*ref_b)[3], int changed, const int width, const bool hi)
{
    const int d = hi ? 1 : -1;
    int i = i0;
    for (; hi ? i <= i1 : i >= i1; i += d) {
        if (ref_a && (hi ? i > changed + 1 : i < changed - 1) && same(ra, ref_a[i]) && same(rb, ref_b[i]))
            break;
        if (in_a) {
            in_a[i][0] = ra.straight, in_a[i][1] = ra.plus, in_a[i][2] = ra.minus;
            in_b[i][0] = rb.straight, in_b[i][1] = rb.plus, in_b[i][2] = rb.minus;
        }
        const uint64_t empty = ~(a[i] | b[i]);
        ma[i] = cross_rows(a[i], from_a, b[i], empty, &ra, width, hi);
        mb[i] = cross_rows(b[i], from_b, a[i], empty, &rb, width, hi);
        from_a = a[i];
        from_b = b[i];
    }
    return i - d;
}

INLINE void prepare(rv_frontier *f, const uint64_t *a, const uint64_t *b, const int width)
{
    const int lo = f->lo, hi = f->hi;
    for (int i = lo; i <= hi; i++) {
        f->row[0][i] = along_row(a[i], b[i], width);
        f->row[1][i] = along_row(b[i], a[i], width);
    }
    sweep(a, b, lo, hi, NO_RUNS, NO_RUNS, 0, 0, f->up[0], f->up[1], f->up_in[0], f->up_in[1], NULL, NULL, 0, width,
          true);
    sweep(a, b, hi, lo, NO_RUNS, NO_RUNS, 0, 0, f->down[0], f->down[1], f->down_in[0], f->down_in[1], NULL, NULL, 0,
          width, false);
    f->count[0] = f->count[1] = 0;
    for (int i = lo; i <= hi; i++)
        for (int s = 0; s < 2; s++)
            f->count[s] += __builtin_popcountll(f->row[s][i] | f->up[s][i] | f->down[s][i]);
}

void rv_frontier_prepare(rv_frontier *f, const rvb *b)
{
    int lo, hi;
    rvb_span(b, &lo, &hi);
    /* A child's discs reach one word past the parent's, its moves two. */
    f->lo = lo - 2 > 0 ? lo - 2 : 0;
    f->hi = hi + 2 < b->words - 1 ? hi + 2 : b->words - 1;
    switch (b->width) {
    case 8: prepare(f, b->me, b->opp, 8); break;
    case 16: prepare(f, b->me, b->opp, 16); break;
    case 32: prepare(f, b->me, b->opp, 32); break;
    default: prepare(f, b->me, b->opp, 64); break;
    }
}

void rv_frontier_moves(const rv_frontier *f, int words, uint64_t *moves)
{
    for (int i = 0; i < words; i++)
        moves[i] = i >= f->lo && i <= f->hi ? f->row[0][i] | f->up[0][i] | f->down[0][i] : 0;
}

/* The child's words, still seen from the parent's side to move (a: its
 * discs with the move and the flips, b: the opponent's). */
INLINE void child(const rv_frontier *f, const uint64_t *a, const uint64_t *b, int lo, int hi, int n[2], const int width)
{
    uint64_t row[2][RVB_MAX_WORDS], up[2][RVB_MAX_WORDS], down[2][RVB_MAX_WORDS];
    for (int i = lo; i <= hi; i++) {
        row[0][i] = along_row(a[i], b[i], width);
        row[1][i] = along_row(b[i], a[i], width);
    }
    const bool below = lo > f->lo, above = hi < f->hi;
    const int top = sweep(a, b, lo, f->hi, load(f->up_in[0][lo]), load(f->up_in[1][lo]), below ? a[lo - 1] : 0,
                          below ? b[lo - 1] : 0, up[0], up[1], NULL, NULL, f->up_in[0], f->up_in[1], hi, width, true);
    const int bottom = sweep(a, b, hi, f->lo, load(f->down_in[0][hi]), load(f->down_in[1][hi]), above ? a[hi + 1] : 0,
                             above ? b[hi + 1] : 0, down[0], down[1], NULL, NULL, f->down_in[0], f->down_in[1], lo,
                             width, false);
    for (int s = 0; s < 2; s++) {
        n[s] = f->count[s];
        for (int i = bottom; i <= top; i++) {
            const uint64_t now = (i >= lo && i <= hi ? row[s][i] : f->row[s][i]) | (i >= lo ? up[s][i] : f->up[s][i]) |
                                 (i <= hi ? down[s][i] : f->down[s][i]);
            n[s] += __builtin_popcountll(now) - __builtin_popcountll(f->row[s][i] | f->up[s][i] | f->down[s][i]);
        }
    }
}

void rv_frontier_child(const rv_frontier *f, const rvb *b, int sq, const uint64_t *flips, int lo, int hi, int *mine,
                       int *theirs)
{
    uint64_t a[RVB_MAX_WORDS], o[RVB_MAX_WORDS];
    for (int i = f->lo; i <= f->hi; i++) {
        a[i] = b->me[i];
        o[i] = b->opp[i];
    }
    for (int i = lo; i <= hi; i++) {
        a[i] |= flips[i];
        o[i] &= ~flips[i];
    }
    a[sq >> 6] |= (uint64_t)1 << (sq & 63);
    int n[2];
    switch (b->width) {
    case 8: child(f, a, o, lo, hi, n, 8); break;
    case 16: child(f, a, o, lo, hi, n, 16); break;
    case 32: child(f, a, o, lo, hi, n, 32); break;
    default: child(f, a, o, lo, hi, n, 64); break;
    }
    *mine = n[1];
    *theirs = n[0];
}
