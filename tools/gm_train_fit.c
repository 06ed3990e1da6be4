/*
 * gm_train fit (gm_train.h): logistic regression of the evaluation on the
 * labels of gm_train label.  The target of a position is LAMBDA x its
 * game's result + (1 - LAMBDA) x sigmoid(its search score / scale), as
 * engines blend the two (the result alone is noisy: one blunder late in
 * a game labels every position before it).  The scale is the one under
 * which the line-sum start (below) best predicts the results.
 *
 * Two stages, each ITERATIONS steps of Adam on the whole training set:
 * first the line-sum model (a cell is worth its four line patterns' weights
 * plus its cell pattern's bonus: ten line weights, thirteen
 * cell pattern bonuses, one tempo per set; the patterns quiet positions
 * never show keep their values), then each table entry on its own, held
 * towards the line-sum model's value by a ridge worth ALPHA positions:
 * an entry few positions show stays near the sum, one never seen keeps
 * it.  Games whose number is a multiple of 10 are held out; the losses on
 * both are printed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gm_train.h"

typedef struct data {
    int n, cap;
    int *game;
    uint8_t *set;            /* the side to move's set: its tempo */
    float *result, *score, *target;
    size_t *start;           /* position i's entries: start[i] .. start[i + 1] */
    uint32_t *entry;         /* P << 8 | cells */
    size_t entries, entries_cap;
} data;

typedef struct model {
    double table[GM_TRAIN_PARAMS];
    double tempo[GM_EVAL_SETS];
} model;

static bool grow(data *d)
{
    if (d->n + 1 >= d->cap) {
        d->cap = d->cap ? 2 * d->cap : 1 << 16;
        d->game = realloc(d->game, (size_t)d->cap * sizeof *d->game);
        d->set = realloc(d->set, (size_t)d->cap);
        d->result = realloc(d->result, (size_t)d->cap * sizeof *d->result);
        d->score = realloc(d->score, (size_t)d->cap * sizeof *d->score);
        d->start = realloc(d->start, (size_t)(d->cap + 1) * sizeof *d->start);
    }
    if (d->entries + GM_TRAIN_PARAMS >= d->entries_cap) {
        d->entries_cap = d->entries_cap ? 2 * d->entries_cap : 1 << 22;
        d->entry = realloc(d->entry, d->entries_cap * sizeof *d->entry);
    }
    return d->game && d->set && d->result && d->score && d->start && d->entry;
}

/* One line of gm_train label; false if it is not one. */
static bool parse_line(data *d, char *s)
{
    char *end;
    const long game = strtol(s, &end, 10), set = strtol(end, &end, 10);
    const double result = strtod(end, &end), score = strtod(end, &end);
    if (end == s || set < 0 || set >= GM_EVAL_SETS || result < 0 || result > 1)
        return false;
    d->game[d->n] = (int)game;
    d->set[d->n] = (uint8_t)set;
    d->result[d->n] = (float)result;
    d->score[d->n] = (float)score;
    d->start[d->n] = d->entries;
    for (;;) {
        while (*end == ' ')
            end++;
        if (*end == '\n' || *end == 0)
            break;
        const long p = strtol(end, &end, 10);
        if (*end != ':')
            return false;
        const long cells = strtol(end + 1, &end, 10);
        if (p <= 0 || p >= GM_TRAIN_PARAMS || cells < 1 || cells > 255)
            return false;
        d->entry[d->entries++] = (uint32_t)(p << 8 | cells);
    }
    d->start[++d->n] = d->entries;
    return true;
}

static void free_data(data *d)
{
    free(d->game), free(d->set), free(d->result), free(d->score), free(d->start), free(d->entry), free(d->target);
}

static bool read_file(data *d, const char *name)
{
    FILE *in = fopen(name, "r");
    if (!in)
        return fprintf(stderr, "gm_train: cannot read %s\n", name), false;
    char *line = NULL;
    size_t size = 0;
    long number = 0;
    bool ok = true;
    while (ok && getline(&line, &size, in) > 0) {
        number++;
        if (!grow(d))
            ok = false, fprintf(stderr, "gm_train: out of memory\n");
        else if (!parse_line(d, line))
            ok = false, fprintf(stderr, "gm_train: %s:%ld: not a line of gm_train label\n", name, number);
    }
    free(line);
    fclose(in);
    return ok;
}

static double sigmoid(double x)
{
    return 1 / (1 + exp(-x));
}

static double evaluate(const data *d, int i, const model *m)
{
    double e = m->tempo[d->set[i]];
    for (size_t j = d->start[i]; j < d->start[i + 1]; j++) {
        const uint32_t p = d->entry[j] >> 8, cells = d->entry[j] & 255;
        e += (p / GM_CELL_KEYS % 2 ? -1.0 : 1.0) * cells * m->table[p];
    }
    return e;
}

static bool held_out(const data *d, int i)
{
    return d->game[i] % 10 == 0;
}

/* The mean cross-entropy over one split against the target (against the
 * results if target is NULL); with grad, its gradient added there. */
static double pass(const data *d, const model *m, double scale, const float *target, bool held, model *grad)
{
    double sum = 0;
    int count = 0;
    for (int i = 0; i < d->n; i++) {
        if (held_out(d, i) != held)
            continue;
        const double q = sigmoid(evaluate(d, i, m) / scale), y = target ? target[i] : d->result[i];
        const double c = q < 1e-9 ? 1e-9 : q > 1 - 1e-9 ? 1 - 1e-9 : q;
        sum -= y * log(c) + (1 - y) * log(1 - c);
        count++;
        if (!grad)
            continue;
        const double err = (q - y) / scale;
        grad->tempo[d->set[i]] += err;
        for (size_t j = d->start[i]; j < d->start[i + 1]; j++) {
            const uint32_t p = d->entry[j] >> 8, cells = d->entry[j] & 255;
            grad->table[p] += (p / GM_CELL_KEYS % 2 ? -err : err) * cells;
        }
    }
    if (grad && count) {
        for (int p = 0; p < GM_TRAIN_PARAMS; p++)
            grad->table[p] /= count;
        for (int s = 0; s < GM_EVAL_SETS; s++)
            grad->tempo[s] /= count;
    }
    return count ? sum / count : 0;
}

static int split_size(const data *d, bool held)
{
    int count = 0;
    for (int i = 0; i < d->n; i++)
        count += held_out(d, i) == held;
    return count;
}

/* The line-sum model: weights, bonuses, tempos in one vector. */
enum { LINE_PARAMS = GM_LP_CODES + GM_CP_CLASSES + GM_EVAL_SETS, BONUS = GM_LP_CODES, TEMPO = BONUS + GM_CP_CLASSES };

/* Where the line-sum stage starts, whatever the weights in use: the
 * line-sum model fitted at 7d044dc (the old gm_train, 14,226 freestyle
 * positions), so that the same labels make the same weights again. */
static const int16_t start_line[GM_LP_CODES] = { 0, 3, 3, 3, 3, 19, 35, 127, 127, 400 };
static const int16_t start_bonus[GM_CP_CLASSES] = { 0, 0, 7, 11, 28, 0, 69, 141, 22, 112, 213, 300, 600 };
enum { START_TEMPO = 113 };

/* Which of its parameters quiet positions show (the rest keep theirs). */
static bool line_fitted(int f)
{
    return (f >= GM_LP_B1 && f <= GM_LP_B4) || (f >= BONUS + GM_CP_FLEX2 && f <= BONUS + GM_CP_BLOCK4_FLEX3) ||
           f >= TEMPO;
}

static void expand(const double *w, model *m)
{
    for (int k = 0; k < GM_CELL_KEYS; k++) {
        uint8_t code[4];
        gm_cell_key_codes(k, code);
        const double v = w[code[0]] + w[code[1]] + w[code[2]] + w[code[3]] +
                         w[BONUS + (gm_cell_code[gm_pattern_key(code)] & 15)];
        for (int column = 0; column < 2 * GM_EVAL_SETS; column++)
            m->table[column * GM_CELL_KEYS + k] = v;
    }
    for (int s = 0; s < GM_EVAL_SETS; s++)
        m->tempo[s] = w[TEMPO + s];
}

/* The line-sum model's gradient from the tables'. */
static void project(const model *g, double *gw)
{
    memset(gw, 0, LINE_PARAMS * sizeof gw[0]);
    for (int k = 0; k < GM_CELL_KEYS; k++) {
        uint8_t code[4];
        gm_cell_key_codes(k, code);
        double sum = 0;
        for (int column = 0; column < 2 * GM_EVAL_SETS; column++)
            sum += g->table[column * GM_CELL_KEYS + k];
        for (int i = 0; i < 4; i++)
            gw[code[i]] += sum;
        gw[BONUS + (gm_cell_code[gm_pattern_key(code)] & 15)] += sum;
    }
    for (int s = 0; s < GM_EVAL_SETS; s++)
        gw[TEMPO + s] = g->tempo[s];
}

/* Adam's steps in evaluation units: a line weight moves the score of every
 * cell showing it (tens of cells), so its steps are the smaller. */
static double LINE_RATE = 0.05, TABLE_RATE = 0.2;

typedef struct adam {
    double m, v;
} adam;

static double adam_step(adam *a, double g, int it, double rate)
{
    a->m = 0.9 * a->m + 0.1 * g;
    a->v = 0.999 * a->v + 0.001 * g * g;
    const double mh = a->m / (1 - pow(0.9, it)), vh = a->v / (1 - pow(0.999, it));
    return rate * mh / (sqrt(vh) + 1e-12);
}

static void report(const char *stage, int it, const data *d, const model *m, double scale)
{
    fprintf(stderr, "gm_train: %s %d: loss %.5f (held out %.5f; on results alone %.5f)\n", stage, it,
            pass(d, m, scale, d->target, false, NULL), pass(d, m, scale, d->target, true, NULL),
            pass(d, m, scale, NULL, true, NULL));
}

static void fit_line_sum(const data *d, double *w, double scale, int iterations)
{
    static adam a[LINE_PARAMS];
    model *m = malloc(sizeof *m), *g = malloc(sizeof *g);
    for (int it = 1; it <= iterations; it++) {
        expand(w, m);
        memset(g, 0, sizeof *g);
        pass(d, m, scale, d->target, false, g);
        double gw[LINE_PARAMS];
        project(g, gw);
        for (int f = 0; f < LINE_PARAMS; f++)
            if (line_fitted(f)) {
                w[f] -= adam_step(&a[f], gw[f], it, LINE_RATE);
                if (w[f] < 0 && f < TEMPO)
                    w[f] = 0;   /* a weight orders moves too: never below nothing */
            }
        if (it % 100 == 0 || it == iterations)
            report("line-sum iteration", it, d, m, scale);
    }
    free(g);
    free(m);
}

static void fit_tables(const data *d, model *m, double scale, int iterations, double alpha)
{
    static adam a[GM_TRAIN_PARAMS], at[GM_EVAL_SETS];
    model *g = malloc(sizeof *g), *prior = malloc(sizeof *prior);
    *prior = *m;
    const double ridge = 2 * alpha / split_size(d, false) / (scale * scale);
    for (int it = 1; it <= iterations; it++) {
        memset(g, 0, sizeof *g);
        pass(d, m, scale, d->target, false, g);
        for (int p = 0; p < GM_TRAIN_PARAMS; p++)
            if (p % GM_CELL_KEYS && g->table[p] != 0)   /* entries no position reads keep the sum */
                m->table[p] -= adam_step(&a[p], g->table[p] + ridge * (m->table[p] - prior->table[p]), it, TABLE_RATE);
        for (int s = 0; s < GM_EVAL_SETS; s++)
            m->tempo[s] -= adam_step(&at[s], g->tempo[s], it, TABLE_RATE);
        if (it % 100 == 0 || it == iterations)
            report("tables iteration", it, d, m, scale);
    }
    free(prior);
    free(g);
}

static long clip(long v)
{
    return v > GM_CELL_VALUE_MAX ? GM_CELL_VALUE_MAX : v < -GM_CELL_VALUE_MAX ? -GM_CELL_VALUE_MAX : v;
}

/* A row of numbers: "HEAD {a, b, ...}" and a new line. */
static void write_row(FILE *out, const char *head, const double *w, int n)
{
    fprintf(out, "%s {", head);
    for (int f = 0; f < n; f++)
        fprintf(out, "%s%ld", f ? ", " : "", lround(w[f]));
    fprintf(out, "}\n");
}

static int write_weights(const char *name, const double *w, const model *m, const char *how)
{
    static const char *const sets[GM_EVAL_SETS] = { "freestyle", "standard", "renju black", "renju white" };
    FILE *out = fopen(name, "w");
    if (!out)
        return fprintf(stderr, "gm_train: cannot write %s\n", name), 1;
    fprintf(out, "/*\n * The pattern evaluation's weights (gm_cell_table.h), fitted to\n"
                 " * self-play positions by tools/gm_train.c (tools/gm_eval_weights.sh\n"
                 " * makes the positions and runs the fit):\n%s", how);
    write_row(out, " * The line-sum model (the first stage): line weights", w, GM_LP_CODES);
    write_row(out, " * cell pattern bonuses", w + BONUS, GM_CP_CLASSES);
    fprintf(out, " */\n#include \"gomoku/pattern/gm_cell_table.h\"\n\n");
    fprintf(out, "const int16_t gm_eval_tempo[GM_EVAL_SETS] = {");
    for (int s = 0; s < GM_EVAL_SETS; s++)
        fprintf(out, " %ld,", lround(m->tempo[s]));
    fprintf(out, " };\n\n");
    fprintf(out, "const int16_t gm_cell_table[GM_EVAL_SETS][GM_CELL_KEYS][2] = {\n");
    for (int s = 0; s < GM_EVAL_SETS; s++) {
        fprintf(out, "    /* %s */ {", sets[s]);
        for (int k = 0; k < GM_CELL_KEYS; k++) {
            const double *column = m->table + s * 2 * GM_CELL_KEYS + k;
            const long v0 = lround(column[0]), v1 = lround(column[GM_CELL_KEYS]);
            fprintf(out, "%s{ %ld, %ld },", k % 8 ? " " : "\n        ", clip(v0), clip(v1));
        }
        fprintf(out, "\n    },\n");
    }
    fprintf(out, "};\n");
    return fclose(out) ? 1 : 0;
}

/* The scale under which the line-sum start best predicts the
 * results of the training games. */
static double best_scale(const data *d, const model *m)
{
    double scale = 50, best = 1e9;
    for (double s = 50; s <= 4000; s *= 1.05) {
        const double l = pass(d, m, s, NULL, false, NULL);
        if (l < best)
            best = l, scale = s;
    }
    return scale;
}

int gm_train_fit(int iterations, double lambda, double alpha, const char *out_file, int files, char **file)
{
    if (iterations < 0 || lambda < 0 || lambda > 1 || alpha < 0)
        return fprintf(stderr, "gm_train: fit: ITERATIONS >= 0, 0 <= LAMBDA <= 1, ALPHA >= 0\n"), 2;
    gm_cell_table_init();
    data d = {0};
    for (int f = 0; f < files; f++)
        if (!read_file(&d, file[f]))
            return free_data(&d), 1;
    if (split_size(&d, false) == 0 || split_size(&d, true) == 0)
        return free_data(&d), fprintf(stderr, "gm_train: no positions to fit or none held out\n"), 1;
    double w[LINE_PARAMS];
    for (int f = 0; f < LINE_PARAMS; f++)
        w[f] = f < BONUS ? start_line[f] : f < TEMPO ? start_bonus[f - BONUS] : START_TEMPO;
    model *m = malloc(sizeof *m);
    d.target = malloc((size_t)d.n * sizeof *d.target);
    if (!m || !d.target)
        return free(m), free_data(&d), fprintf(stderr, "gm_train: out of memory\n"), 1;
    expand(w, m);
    const double scale = best_scale(&d, m);
    for (int i = 0; i < d.n; i++)
        d.target[i] = (float)(lambda * d.result[i] + (1 - lambda) * sigmoid(d.score[i] / scale));
    fprintf(stderr, "gm_train: %d positions (%d held out), scale %.0f\n", d.n, split_size(&d, true), scale);
    report("line-sum start", 0, &d, m, scale);
    fit_line_sum(&d, w, scale, iterations);
    expand(w, m);
    fit_tables(&d, m, scale, iterations, alpha);
    char how[512];
    snprintf(how, sizeof how,
             " * gm_train fit %d %g %g on %d positions (%d held out), scale %.0f;\n"
             " * held-out cross-entropy against the blended target %.5f, against\n"
             " * the results alone %.5f.\n",
             iterations, lambda, alpha, d.n, split_size(&d, true), scale, pass(&d, m, scale, d.target, true, NULL),
             pass(&d, m, scale, NULL, true, NULL));
    const int rc = write_weights(out_file, w, m, how);
    free(m);
    free_data(&d);
    return rc;
}
