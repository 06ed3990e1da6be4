/*
 * gm_train: fits the Gomoku pattern evaluation's weights
 * (data/gomoku/gm_eval_weights.c, gm_pboard.h) to self-play results.
 *
 *   gm_train label SEED GAMES DEPTH > FILE
 *     plays GAMES games on 15x15, freestyle, each from 4..8 random moves
 *     within two of the stones (seeded by SEED and the game's number),
 *     then the pattern search to DEPTH plies a move.  Every quiet position
 *     after the random moves (no five point, no unstoppable four for
 *     either side) gives a line: the game's number, its result for the
 *     side to move (1, 0.5, 0), and the features: per line pattern and per
 *     cell pattern, the side to move's count over the empty cells less the
 *     opponent's.
 *   gm_train fit ITERATIONS OUT.c FILE
 *     fits the weights that quiet positions show (line patterns B1..B4,
 *     cell patterns up to a four with an open three, the tempo) by
 *     logistic regression: the scale first, with the weights in use, then
 *     the weights by Adam on the cross-entropy, a small ridge towards the
 *     weights in use, each line pattern kept at least the one below it.  Games whose number is a multiple of 10 are held
 *     out; the loss on both is reported.  Writes OUT.c.
 *
 * tools/gm_eval_weights.sh runs the two commands that made the weights in
 * the repository.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "gomoku/pattern/gm_pboard.h"
#include "gts/gomoku_search.h"

enum { LINES = GM_LP_CODES, FEATURES = GM_LP_CODES + GM_CP_CLASSES + 1, TEMPO = FEATURES - 1 };

/* The features of pb's position for the side to move. */
static void features(const gm_pboard *pb, int x[FEATURES])
{
    memset(x, 0, FEATURES * sizeof x[0]);
    const int me = pb->b.side;
    for (int cell = 0; cell < pb->b.cells; cell++) {
        if (pb->b.cell[cell] != GM_EMPTY)
            continue;
        for (int c = 0; c < 2; c++) {
            const int sign = c == me ? 1 : -1;
            for (int d = 0; d < 4; d++)
                x[gm_pboard_code(pb, c, cell, d)] += sign;
            x[LINES + pb->pattern[c][cell]] += sign;
        }
    }
    x[TEMPO] = 1;
}

static bool quiet(const gm_pboard *pb)
{
    for (int c = 0; c < 2; c++)
        if (pb->count[c][GM_CP_FIVE] || pb->count[c][GM_CP_FLEX4])
            return false;
    return true;
}

static int label(uint64_t seed, int games, int depth)
{
    char err[256];
    gm_search_options o;
    gm_search_defaults(&o);
    o.algo = GM_ALGO_PATTERN;
    o.depth = depth;
    o.tt_bytes = 16 << 20;
    gm_searcher *s = gm_searcher_create(&o, err, sizeof err);
    gm_board *b = malloc(sizeof *b);
    gm_pboard *pb = malloc(sizeof *pb);
    if (!s || !b || !pb)
        return fprintf(stderr, "gm_train: %s\n", s ? "out of memory" : err), 1;
    for (int g = 0; g < games; g++) {
        uint64_t r = seed * 1000003u + (uint64_t)g;
        gm_init(b, 15, 15, GM_FREESTYLE, 2, err, sizeof err);
        const int opening = 4 + (int)(gts_splitmix64(&r) % 5);
        int16_t cand[GM_MAX_CELLS];
        for (int i = 0; i < opening; i++) {
            const int n = gm_candidates(b, cand);
            const int cell = cand[gts_splitmix64(&r) % (uint64_t)n];
            if (gm_is_winning_move(b, cell, b->side))
                break;
            gm_play(b, cell);
        }
        const int first = b->stones;
        gm_searcher_clear(s);
        while (!gm_game_over(b) && b->stones < 150) {
            gm_result res;
            gm_searcher_run(s, b, &res);
            gm_play(b, res.move);
        }
        /* Replay: each quiet position with the result for its mover. */
        int moves[GM_MAX_CELLS];
        const int total = b->stones;
        for (int i = 0; i < total; i++)
            moves[i] = b->history[i].cell;
        const int winner = b->winner;
        gm_init(b, 15, 15, GM_FREESTYLE, 2, err, sizeof err);
        for (int i = 0; i < total; i++) {
            if (i >= first) {
                gm_pboard_init(pb, b);
                if (quiet(pb)) {
                    int x[FEATURES];
                    features(pb, x);
                    printf("%d %.1f", g, winner < 0 ? 0.5 : winner == b->side ? 1.0 : 0.0);
                    for (int f = 0; f < FEATURES; f++)
                        printf(" %d", x[f]);
                    printf("\n");
                }
            }
            gm_play(b, moves[i]);
        }
        if (g % 50 == 49)
            fprintf(stderr, "gm_train: %d games\n", g + 1);
    }
    free(pb);
    free(b);
    gm_searcher_free(s);
    return 0;
}

typedef struct sample {
    int game;
    double y;
    int x[FEATURES];
} sample;

static double loss_of(const sample *d, int n, const double *w, double scale, bool held)
{
    double sum = 0;
    int count = 0;
    for (int i = 0; i < n; i++) {
        if ((d[i].game % 10 == 0) != held)
            continue;
        double e = 0;
        for (int f = 0; f < FEATURES; f++)
            e += w[f] * d[i].x[f];
        const double p = 1 / (1 + exp(-e / scale)), q = p < 1e-9 ? 1e-9 : p > 1 - 1e-9 ? 1 - 1e-9 : p;
        sum -= d[i].y * log(q) + (1 - d[i].y) * log(1 - q);
        count++;
    }
    return count ? sum / count : 0;
}

/* Which weights the fit moves: those quiet positions show. */
static bool fitted(int f)
{
    return (f >= GM_LP_B1 && f <= GM_LP_B4) || (f >= LINES + GM_CP_FLEX2 && f <= LINES + GM_CP_BLOCK4_FLEX3) ||
           f == TEMPO;
}

static void write_weights(FILE *out, const double *w, int iterations, int positions)
{
    fprintf(out, "/*\n * The pattern evaluation's weights (gm_pboard.h), fitted to the results\n"
                 " * of self-play games by tools/gm_eval_weights.sh (tools/gm_train.c):\n"
                 " * gm_train fit %d on %d positions.  The five, the open four and the\n"
                 " * patterns quiet positions never show keep their hand-set values.\n */\n"
                 "#include \"gomoku/pattern/gm_pboard.h\"\n\n",
            iterations, positions);
    fprintf(out, "const int16_t gm_line_weight[GM_LP_CODES] = {");
    for (int f = 0; f < LINES; f++)
        fprintf(out, " %ld,", lround(w[f]));
    fprintf(out, " };\n\nconst int16_t gm_pattern_bonus[GM_CP_CLASSES] = {");
    for (int f = LINES; f < TEMPO; f++)
        fprintf(out, " %ld,", lround(w[f]));
    fprintf(out, " };\n\nconst int16_t gm_tempo = %ld;\n", lround(w[TEMPO]));
}

static int fit(int iterations, const char *out_file, const char *file)
{
    FILE *in = fopen(file, "r");
    if (!in)
        return fprintf(stderr, "gm_train: cannot read %s\n", file), 1;
    int n = 0, cap = 1 << 16;
    sample *d = malloc((size_t)cap * sizeof *d);
    while (d && fscanf(in, "%d %lf", &d[n].game, &d[n].y) == 2) {
        for (int f = 0; f < FEATURES; f++)
            if (fscanf(in, "%d", &d[n].x[f]) != 1)
                return fprintf(stderr, "gm_train: %s: short line %d\n", file, n + 1), 1;
        if (++n == cap)
            d = realloc(d, (size_t)(cap *= 2) * sizeof *d);
    }
    fclose(in);
    if (!d || n == 0)
        return fprintf(stderr, "gm_train: no positions in %s\n", file), 1;
    double w[FEATURES], w0[FEATURES], m[FEATURES] = {0}, v[FEATURES] = {0};
    for (int f = 0; f < LINES; f++)
        w[f] = gm_line_weight[f];
    for (int f = 0; f < GM_CP_CLASSES; f++)
        w[LINES + f] = gm_pattern_bonus[f];
    w[TEMPO] = gm_tempo;
    memcpy(w0, w, sizeof w);
    double scale = 50, best = 1e9;
    for (double s = 50; s <= 4000; s *= 1.05) {
        const double l = loss_of(d, n, w, s, false);
        if (l < best)
            best = l, scale = s;
    }
    fprintf(stderr, "gm_train: %d positions; scale %.0f; loss %.5f (held out %.5f)\n", n, scale, best,
            loss_of(d, n, w, scale, true));
    const double rate = 0.5, ridge = 1e-6;
    for (int it = 1; it <= iterations; it++) {
        double g[FEATURES] = {0};
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (d[i].game % 10 == 0)
                continue;
            double e = 0;
            for (int f = 0; f < FEATURES; f++)
                e += w[f] * d[i].x[f];
            const double err = 1 / (1 + exp(-e / scale)) - d[i].y;
            for (int f = 0; f < FEATURES; f++)
                g[f] += err * d[i].x[f] / scale;
            count++;
        }
        for (int f = 0; f < FEATURES; f++) {
            if (!fitted(f))
                continue;
            const double gf = g[f] / count + ridge * (w[f] - w0[f]);
            m[f] = 0.9 * m[f] + 0.1 * gf;
            v[f] = 0.999 * v[f] + 0.001 * gf * gf;
            const double mh = m[f] / (1 - pow(0.9, it)), vh = v[f] / (1 - pow(0.999, it));
            w[f] -= rate * mh / (sqrt(vh) + 1e-12);
            if (w[f] < 0 && f != TEMPO)
                w[f] = 0;   /* a weight orders moves too: never below nothing */
        }
        /* A line pattern is worth at least the one below it. */
        for (int f = GM_LP_B1 + 1; f < LINES; f++)
            if (w[f] < w[f - 1])
                w[f] = w[f - 1];
        if (it % 100 == 0 || it == iterations)
            fprintf(stderr, "gm_train: iteration %d: loss %.5f (held out %.5f)\n", it, loss_of(d, n, w, scale, false),
                    loss_of(d, n, w, scale, true));
    }
    FILE *out = fopen(out_file, "w");
    if (!out)
        return fprintf(stderr, "gm_train: cannot write %s\n", out_file), 1;
    write_weights(out, w, iterations, n);
    fclose(out);
    free(d);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "label") == 0)
        return label(strtoull(argv[2], NULL, 10), atoi(argv[3]), atoi(argv[4]));
    if (argc == 5 && strcmp(argv[1], "fit") == 0)
        return fit(atoi(argv[2]), argv[3], argv[4]);
    fprintf(stderr, "usage: gm_train label SEED GAMES DEPTH > FILE\n"
                    "       gm_train fit ITERATIONS OUT.c FILE\n");
    return 2;
}
