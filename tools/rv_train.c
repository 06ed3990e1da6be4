/*
 * rv_train: makes the endgame solver's pattern evaluation
 * (src/reversi/rv_endgame_eval.h) from exact endgame scores.
 *
 *   rv_train label SEED GAMES MIN MAX WALK [FIRST] > FILE
 *     plays games FIRST (default 0) to GAMES - 1 from the start (each move random with probability
 *     1/4, else the best by a 2-ply search on mobility and corners; the
 *     PRNG seeded by SEED and the game's number), stops each at a number
 *     of empties drawn from MIN..MAX, solves it exactly (rv_solver, one
 *     thread), then WALK times plays the best move or a random one (even
 *     odds) and solves again.  One line per position: game, the mover's
 *     discs, the opponent's (hex), the exact score.
 *   rv_train fit LAMBDA MU ITERATIONS OUT.c FILE [CHECK.obf...]
 *     fits the weights by ridge least squares (conjugate gradients on the
 *     normal equations) on the games of FILE whose number is not a
 *     multiple of 10: each phase's weights (rv_endgame_eval.h) are a set
 *     shared by all phases plus the phase's own, LAMBDA the ridge on the
 *     shared set, MU on each phase's difference from it.  Reports the mean absolute error in discs on
 *     those and on the others (held out), by empties, and on the positions
 *     of the CHECK files (.obf with known scores), and writes OUT.c.
 *
 * tools/rv_endgame_weights.sh runs the commands that made the weights in
 * the repository (data/reversi/rv_endgame_weights.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reversi/rv_8x8_bits.h"
#include "reversi/rv_endgame_eval.h"
#include "gts/reversi.h"
#include "core/rng.h"

/* The n-th set bit of m (n < popcount(m)). */
static int nth_square(uint64_t m, int n)
{
    while (n--)
        m &= m - 1;
    return __builtin_ctzll(m);
}

static int play_eval(uint64_t me, uint64_t opp)
{
    const uint64_t corners = 0x8100000000000081ULL;
    return __builtin_popcountll(rv_moves_fast(me, opp)) - __builtin_popcountll(rv_moves_fast(opp, me)) +
           4 * (__builtin_popcountll(me & corners) - __builtin_popcountll(opp & corners));
}

/* The move with the best worst reply by play_eval. */
static int greedy_move(uint64_t me, uint64_t opp, uint64_t moves)
{
    int best = __builtin_ctzll(moves), best_v = -1000;
    for (uint64_t m = moves; m; m &= m - 1) {
        const int sq = __builtin_ctzll(m);
        const uint64_t f = rv_flips_fast(me, opp, sq), nme = opp & ~f, nopp = me | f | (m & -m);
        const uint64_t replies = rv_moves_fast(nme, nopp);
        int worst = 1000;
        if (!replies)
            worst = play_eval(nopp, nme);
        for (uint64_t r = replies; r; r &= r - 1) {
            const int rsq = __builtin_ctzll(r);
            const uint64_t g = rv_flips_fast(nme, nopp, rsq);
            const int v = play_eval(nopp & ~g, nme | g | (r & -r));
            worst = v < worst ? v : worst;
        }
        if (worst > best_v)
            best_v = worst, best = sq;
    }
    return best;
}

/* Plays sq (or passes when the mover has no move). */
static void step(rv_pos *p, uint64_t moves, int sq)
{
    if (moves)
        rv_play(p, sq, rv_flips_fast(p->me, p->opp, sq));
    else
        rv_pass(p);
}

static int label(int argc, char **argv)
{
    if (argc != 5 && argc != 6) {
        fprintf(stderr, "rv_train: label takes SEED GAMES MIN MAX WALK [FIRST]\n");
        return 2;
    }
    const uint64_t seed = strtoull(argv[0], NULL, 10);
    const long games = atol(argv[1]);
    const int lo = atoi(argv[2]), hi = atoi(argv[3]), walk = atoi(argv[4]);
    const long first = argc == 6 ? atol(argv[5]) : 0;
    if (games < 1 || lo < 1 || hi < lo || hi > 40 || walk < 0 || first < 0 || first >= games) {
        fprintf(stderr, "rv_train: label needs GAMES >= 1, 1 <= MIN <= MAX <= 40, WALK >= 0, 0 <= FIRST < GAMES\n");
        return 2;
    }
    rv_solve_options o;
    rv_solve_defaults(&o);
    char err[256];
    rv_solver *s = rv_solver_create(&o, err, sizeof err);
    if (!s) {
        fprintf(stderr, "rv_train: %s\n", err);
        return 1;
    }
    for (long g = first; g < games; g++) {
        uint64_t rng = seed * 0x100000001b3ULL + (uint64_t)g;
        const int target = lo + (int)(gts_splitmix64(&rng) % (uint64_t)(hi - lo + 1));
        rv_pos p;
        rv_start(&p);
        while (rv_empties(&p) > target && !rv_game_over(&p)) {
            const uint64_t moves = rv_moves_fast(p.me, p.opp);
            const int n = __builtin_popcountll(moves);
            int sq = 0;
            if (n)
                sq = gts_splitmix64(&rng) % 4 == 0 ? nth_square(moves, (int)(gts_splitmix64(&rng) % (uint64_t)n))
                                                   : greedy_move(p.me, p.opp, moves);
            step(&p, moves, sq);
        }
        for (int w = 0; w <= walk && !rv_game_over(&p); w++) {
            rv_solve_result r;
            rv_solver_run(s, &p, &r);
            printf("%ld %016llx %016llx %d\n", g, (unsigned long long)p.me, (unsigned long long)p.opp, r.score);
            const uint64_t moves = rv_moves_fast(p.me, p.opp);
            const int n = __builtin_popcountll(moves);
            int sq = r.move;
            if (n && gts_splitmix64(&rng) % 2)
                sq = nth_square(moves, (int)(gts_splitmix64(&rng) % (uint64_t)n));
            step(&p, moves, sq);
        }
        fflush(stdout);
    }
    rv_solver_free(s);
    return 0;
}

/* ---- the fit ----------------------------------------------------------- */

/* Unknowns: a set shared by the phases and one per phase, each one per
 * table entry (twins share the lower one's) and one per term. */
#define SET (RV_EG_PATTERN_WEIGHTS + RV_EG_TERMS)
#define UNKNOWNS ((RV_EG_PHASES + 1) * SET)

/* Where phase p's own set starts among the unknowns. */
static inline size_t phase_set(int p)
{
    return (size_t)(p + 1) * SET;
}

typedef struct sample {
    uint32_t at[RV_EG_INSTANCES];
    int8_t term[RV_EG_TERMS];
    int8_t score, empties, phase;
    bool held_out;
} sample;

typedef struct data {
    sample *s;
    size_t n, cap;
} data;

static uint32_t canonical[RV_EG_PATTERN_WEIGHTS];

static void init_canonical(void)
{
    for (int shape = 0; shape < RV_EG_SHAPES; shape++) {
        const uint32_t base = (uint32_t)rv_eg_shape_offset[shape], size = (uint32_t)rv_eg_shape_offset[shape + 1] - base;
        for (uint32_t i = 0; i < size; i++) {
            const uint32_t t = rv_eg_twin(shape, i);
            canonical[base + i] = base + (t < i ? t : i);
        }
    }
}

static void features(uint64_t me, uint64_t opp, sample *x)
{
    rv_eg_features f;
    rv_eg_features_of(me, opp, &f);
    for (int i = 0; i < RV_EG_INSTANCES; i++)
        x->at[i] = canonical[f.at[i]];
    for (int i = 0; i < RV_EG_TERMS; i++)
        x->term[i] = (int8_t)f.term[i];
    x->empties = (int8_t)(64 - __builtin_popcountll(me | opp));
    x->phase = (int8_t)f.phase;
}

static void add(data *d, uint64_t me, uint64_t opp, int score, bool held_out)
{
    if (d->n == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 4096;
        d->s = realloc(d->s, d->cap * sizeof *d->s);
        if (!d->s) {
            fprintf(stderr, "rv_train: out of memory\n");
            exit(1);
        }
    }
    sample *x = &d->s[d->n++];
    features(me, opp, x);
    x->score = (int8_t)score;
    x->held_out = held_out;
}

/* out += v * x's features, in the shared set and in x's phase's. */
static void add_features(const sample *x, double v, double *out)
{
    double *own = out + phase_set(x->phase);
    for (int i = 0; i < RV_EG_INSTANCES; i++)
        out[x->at[i]] += v, own[x->at[i]] += v;
    for (int i = 0; i < RV_EG_TERMS; i++) {
        out[RV_EG_PATTERN_WEIGHTS + i] += v * x->term[i];
        own[RV_EG_PATTERN_WEIGHTS + i] += v * x->term[i];
    }
}

static double predict(const sample *x, const double *w)
{
    const double *own = w + phase_set(x->phase);
    double v = 0;
    for (int i = 0; i < RV_EG_INSTANCES; i++)
        v += w[x->at[i]] + own[x->at[i]];
    for (int i = 0; i < RV_EG_TERMS; i++)
        v += (w[RV_EG_PATTERN_WEIGHTS + i] + own[RV_EG_PATTERN_WEIGHTS + i]) * x->term[i];
    return v;
}

/* out += A^T (A p) over the training samples. */
static void normal_product(const data *d, const double *p, double *out)
{
    for (size_t k = 0; k < d->n; k++)
        if (!d->s[k].held_out)
            add_features(&d->s[k], predict(&d->s[k], p), out);
}

/* Ridge least squares by conjugate gradients on (A^T A + R) w = A^T y, R
 * lambda on the shared set and mu on the phases' own. */
static void fit(const data *d, double lambda, double mu, int iterations, double *w)
{
    double *r = calloc(UNKNOWNS, sizeof *r), *p = calloc(UNKNOWNS, sizeof *p), *q = calloc(UNKNOWNS, sizeof *q);
    if (!r || !p || !q) {
        fprintf(stderr, "rv_train: out of memory\n");
        exit(1);
    }
    for (size_t k = 0; k < d->n; k++)
        if (!d->s[k].held_out)
            add_features(&d->s[k], d->s[k].score, r);
    memset(w, 0, UNKNOWNS * sizeof *w);
    memcpy(p, r, UNKNOWNS * sizeof *p);
    double rs = 0;
    for (int i = 0; i < UNKNOWNS; i++)
        rs += r[i] * r[i];
    for (int it = 0; it < iterations && rs > 1e-12; it++) {
        for (int i = 0; i < UNKNOWNS; i++)
            q[i] = (i < SET ? lambda : mu) * p[i];
        normal_product(d, p, q);
        double pq = 0;
        for (int i = 0; i < UNKNOWNS; i++)
            pq += p[i] * q[i];
        const double alpha = rs / pq;
        double rs2 = 0;
        for (int i = 0; i < UNKNOWNS; i++) {
            w[i] += alpha * p[i];
            r[i] -= alpha * q[i];
            rs2 += r[i] * r[i];
        }
        for (int i = 0; i < UNKNOWNS; i++)
            p[i] = r[i] + rs2 / rs * p[i];
        rs = rs2;
    }
    free(r);
    free(p);
    free(q);
}

/* The integer weights as the solver will use them. */
static int16_t quantize(double w)
{
    const double v = round(w * RV_EG_EVAL_SCALE);
    return (int16_t)(v > 32767 ? 32767 : v < -32767 ? -32767 : v);
}

/* Mean absolute errors by empties of the samples held out or not, of the
 * weights w. */
static void report(const data *d, const double *w, bool held_out, const char *what)
{
    double sum[65] = { 0 }, all = 0;
    long n[65] = { 0 }, total = 0;
    for (size_t k = 0; k < d->n; k++) {
        const sample *x = &d->s[k];
        if (x->held_out != held_out)
            continue;
        const double e = fabs(predict(x, w) - x->score);
        sum[x->empties] += e, n[x->empties]++;
        all += e, total++;
    }
    fprintf(stderr, "%s: %ld positions, mean absolute error %.2f discs; by empties:", what, total,
            total ? all / total : 0);
    for (int e = 0; e <= 64; e++)
        if (n[e])
            fprintf(stderr, " %d:%.2f", e, sum[e] / n[e]);
    fprintf(stderr, "\n");
}

/* The errors of w on the positions of an .obf file with known scores. */
static void check_file(const char *path, const double *w)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "rv_train: cannot open %s\n", path);
        exit(1);
    }
    char line[512], err[256];
    double sum = 0, sign = 0;
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        rv_pos p;
        bool black, has_score;
        int score;
        if (rv_parse_obf(line, &p, &black, &has_score, &score, err, sizeof err) != 0 || !has_score)
            continue;
        sample x;
        features(p.me, p.opp, &x);
        const double v = predict(&x, w);
        sum += fabs(v - score);
        sign += (v > 0) == (score > 0) || score == 0;
        n++;
    }
    fclose(f);
    fprintf(stderr, "%s: %d positions, mean absolute error %.2f discs, sign right %.0f%%\n", path, n,
            n ? sum / n : 0, n ? 100 * sign / n : 0);
}

static void write_weights(const char *path, const double *w, char **fit_args)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "rv_train: cannot write %s\n", path);
        exit(1);
    }
    const char *data = strrchr(fit_args[4], '/') ? strrchr(fit_args[4], '/') + 1 : fit_args[4];
    fprintf(f, "/*\n * Generated by tools/rv_train.c: the pattern evaluation's weights\n"
               " * (rv_endgame_eval.h) in 1/%d disc, fitted by\n *   rv_train fit %s %s %s data/reversi/rv_endgame_weights.c %s",
            RV_EG_EVAL_SCALE, fit_args[0], fit_args[1], fit_args[2], data);
    fprintf(f, "\n * (%s: positions labelled by rv_train label, tools/rv_endgame_weights.sh).\n */\n"
               "#include \"reversi/rv_endgame_eval.h\"\n\n"
               "const int16_t rv_eg_terms[RV_EG_PHASES][RV_EG_TERMS] = {",
            data);
    for (int p = 0; p < RV_EG_PHASES; p++) {
        fprintf(f, "\n    {");
        for (int i = 0; i < RV_EG_TERMS; i++)
            fprintf(f, " %d,", quantize(w[RV_EG_PATTERN_WEIGHTS + i] + w[phase_set(p) + RV_EG_PATTERN_WEIGHTS + i]));
        fprintf(f, " },");
    }
    fprintf(f, "\n};\n\nconst int16_t rv_eg_weights[RV_EG_PHASES][RV_EG_PATTERN_WEIGHTS] = {");
    for (int p = 0; p < RV_EG_PHASES; p++) {
        fprintf(f, "\n    {");
        for (int i = 0; i < RV_EG_PATTERN_WEIGHTS; i++)
            fprintf(f, "%s%d,", i % 32 ? "" : "\n        ", quantize(w[canonical[i]] + w[phase_set(p) + canonical[i]]));
        fprintf(f, "\n    },");
    }
    fprintf(f, "\n};\n");
    fclose(f);
}

static int fit_cmd(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "rv_train: fit takes LAMBDA MU ITERATIONS OUT.c FILE [CHECK.obf...]\n");
        return 2;
    }
    char *end, *end2;
    const double lambda = strtod(argv[0], &end), mu = strtod(argv[1], &end2);
    const int iterations = atoi(argv[2]);
    if (*end || *end2 || !(lambda >= 0) || !(mu > 0) || iterations < 1) {
        fprintf(stderr, "rv_train: fit needs LAMBDA >= 0, MU > 0 and ITERATIONS >= 1\n");
        return 2;
    }
    const char *file = argv[4];
    FILE *in = fopen(file, "r");
    if (!in) {
        fprintf(stderr, "rv_train: cannot open %s\n", file);
        return 1;
    }
    init_canonical();
    data d = { 0 };
    long game;
    unsigned long long me, opp;
    int score;
    int got;
    while ((got = fscanf(in, "%ld %llx %llx %d", &game, &me, &opp, &score)) == 4) {
        if ((me & opp) || score < -64 || score > 64) {
            fprintf(stderr, "rv_train: %s: position %zu is not a position with a score\n", file, d.n + 1);
            return 1;
        }
        add(&d, me, opp, score, game % 10 == 0);
    }
    fclose(in);
    if (got != EOF || d.n == 0) {
        fprintf(stderr, "rv_train: %s: line %zu is not 'game me opp score'\n", file, d.n + 1);
        return 1;
    }
    double *w = malloc(UNKNOWNS * sizeof *w);
    if (!w) {
        fprintf(stderr, "rv_train: out of memory\n");
        return 1;
    }
    fit(&d, lambda, mu, iterations, w);
    report(&d, w, false, "fitted");
    report(&d, w, true, "held out");
    write_weights(argv[3], w, argv);
    for (int p = 0; p < RV_EG_PHASES; p++) {
        const double *t = w + RV_EG_PATTERN_WEIGHTS, *own = w + phase_set(p) + RV_EG_PATTERN_WEIGHTS;
        fprintf(stderr, "phase %d terms (discs): mobility %.3f potential %.3f parity %.3f bias %.3f\n", p,
                t[RV_EG_MOBILITY] + own[RV_EG_MOBILITY], t[RV_EG_POTENTIAL] + own[RV_EG_POTENTIAL],
                t[RV_EG_PARITY] + own[RV_EG_PARITY], t[RV_EG_BIAS] + own[RV_EG_BIAS]);
    }
    for (int i = 5; i < argc; i++)
        check_file(argv[i], w);
    free(w);
    free(d.s);
    return 0;
}

int main(int argc, char **argv)
{
    rv_eg_eval_init();
    if (argc >= 2 && !strcmp(argv[1], "label"))
        return label(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "fit"))
        return fit_cmd(argc - 2, argv + 2);
    fprintf(stderr, "usage: rv_train label SEED GAMES MIN MAX WALK [FIRST] > FILE\n"
                    "       rv_train fit LAMBDA MU ITERATIONS OUT.c FILE [CHECK.obf...]\n");
    return 2;
}
