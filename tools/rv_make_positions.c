/*
 * rv_make_positions: a deterministic batch of distinct 8x8 positions at a
 * number of empties (or a range of them), by random play, as .obf lines.
 *
 *   rv_make_positions [--solve] [--threads N] COUNT EMPTIES[-MOST] SEED > FILE.obf
 *
 * Each game is played from the start with uniformly random moves (the
 * PRNG, splitmix64, seeded by SEED), passes as they come, until EMPTIES
 * squares are empty; a game that ends before is dropped, and so is a
 * position already written (the same discs for the side to move and the
 * other, whoever is black) or one where neither side can move.  COUNT
 * lines, the same for the same arguments on any machine.  EMPTIES-MOST
 * (8-30, say): each position's empties drawn evenly from the range by a
 * second generator seeded from SEED, a mixed batch (some for the GPU's
 * lanes, some too deep for them).  --solve adds
 * "; move:score;" with a best move and the exact score (the CPU solver on
 * N threads, each solving positions of its own).  A million positions
 * take about a second without --solve.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/number.h"
#include "core/rng.h"
#include "gts/reversi.h"

/* A set of positions by open addressing: both words, 0/0 for an empty
 * slot (no position has no discs). */
typedef struct pos_set {
    rv_pos *slots;
    size_t mask;
} pos_set;

static bool set_add(pos_set *s, const rv_pos *p)
{
    uint64_t h = (p->me * 0x9e3779b97f4a7c15ULL) ^ (p->opp + 0x632be59bd9b4e019ULL);
    h = (h ^ (h >> 29)) * 0xbf58476d1ce4e5b9ULL;
    for (size_t i = (size_t)(h ^ (h >> 32)) & s->mask;; i = (i + 1) & s->mask) {
        rv_pos *slot = &s->slots[i];
        if (!slot->me && !slot->opp) {
            *slot = *p;
            return true;
        }
        if (slot->me == p->me && slot->opp == p->opp)
            return false;
    }
}

static void print_board(const rv_pos *p, bool black)
{
    char line[67];
    const uint64_t x = black ? p->me : p->opp, o = black ? p->opp : p->me;
    for (int sq = 0; sq < 64; sq++)
        line[sq] = (x >> sq) & 1 ? 'X' : (o >> sq) & 1 ? 'O' : '-';
    line[64] = ' ';
    line[65] = black ? 'X' : 'O';
    line[66] = '\0';
    fputs(line, stdout);
}

static int usage(void)
{
    fputs("usage: rv_make_positions [--solve] [--threads N] COUNT EMPTIES[-MOST] SEED > FILE.obf\n", stderr);
    return 2;
}

/* Solves the positions (--solve): the answers, or NULL after an error. */
static rv_batch_answer *solve_all(const rv_pos *p, size_t n, int threads)
{
    rv_batch_answer *a = malloc((n ? n : 1) * sizeof *a);
    const rv_batch_options o = { .threads = threads, .tt_bytes = (size_t)16 << 20 };
    char err[256];
    rv_batch_stats stats;
    if (a && rv_solve_batch(p, n, &o, a, &stats, err, sizeof err) == 0)
        return a;
    fprintf(stderr, "rv_make_positions: %s\n", a ? err : "out of memory");
    free(a);
    return NULL;
}

/* EMPTIES or EMPTIES-MOST, each in 1..59: true with the range. */
static bool parse_empties(const char *s, long *least, long *most)
{
    char low[16];
    const char *dash = strchr(s, '-');
    if (!dash)
        return gts_whole_number(s, 1, 59, least) && gts_whole_number(s, 1, 59, most);
    if ((size_t)(dash - s) >= sizeof low)
        return false;
    memcpy(low, s, (size_t)(dash - s));
    low[dash - s] = '\0';
    return gts_whole_number(low, 1, 59, least) && gts_whole_number(dash + 1, *least, 59, most);
}

int main(int argc, char **argv)
{
    bool solve = false;
    long threads = 1, count, least, most, seed;
    int i = 1;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        if (strcmp(argv[i], "--solve") == 0)
            solve = true;
        else if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc && gts_whole_number(argv[i + 1], 1, 1024, &threads))
            i++;
        else
            return usage();
    }
    if (argc - i != 3 || !gts_whole_number(argv[i], 1, 1L << 28, &count) || !parse_empties(argv[i + 1], &least, &most) ||
        !gts_whole_number(argv[i + 2], 0, 1L << 62, &seed))
        return usage();
    size_t cap = 1024;
    while (cap < (size_t)count * 2)
        cap *= 2;
    pos_set set = { calloc(cap, sizeof *set.slots), cap - 1 };
    rv_pos *p = malloc((size_t)count * sizeof *p);
    bool *black = malloc((size_t)count * sizeof *black);
    if (!set.slots || !p || !black)
        return fprintf(stderr, "rv_make_positions: out of memory\n"), 1;
    /* The empties' own generator: one number of empties leaves the games
     * those of the seed alone, as before ranges. */
    uint64_t rng = (uint64_t)seed, tries = 0, empties_rng = (uint64_t)seed ^ 0x5bd1e9955bd1e995ULL;
    for (long n = 0; n < count;) {
        if (++tries > (uint64_t)count * 1000 + 1000000)
            return fprintf(stderr, "rv_make_positions: only %ld distinct positions found\n", n), 1;
        const long empties = least + (long)(gts_splitmix64(&empties_rng) % (uint64_t)(most - least + 1));
        if (rv_random_position(&rng, (int)empties, &p[n], &black[n]) && set_add(&set, &p[n]))
            n++;
    }
    rv_batch_answer *a = solve ? solve_all(p, (size_t)count, (int)threads) : NULL;
    if (solve && !a)
        return 1;
    for (long n = 0; n < count; n++) {
        print_board(&p[n], black[n]);
        if (a) {
            char move[3];
            rv_format_square(a[n].move == RV_NO_MOVE ? RV_PASS : a[n].move, move);
            printf("; %s:%+d;", move, a[n].score);
        }
        putchar('\n');
    }
    free(a), free(p), free(black), free(set.slots);
    return 0;
}
