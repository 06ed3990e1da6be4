/*
 * The Connect 4 solver: exact and weak scores against the sample sets in
 * data/c4, the three algorithms against each other, threads, c4_analyze,
 * interruption, and opening books.
 *
 * usage: test_c4_solver [PART]   (sets weak algos small sizes threads
 * analyze interrupt book progress; no argument runs them all)
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gts/c4_book.h"
#include "gts/c4_solver.h"
#include "test_stop.h"
#include "test_util.h"

static int sign(int v)
{
    return (v > 0) - (v < 0);
}

/* A solver stopped by stop (may be NULL). */
static c4_solver *new_stoppable_solver(const c4_geom *g, c4_algo algo, int threads, const c4_book *book,
                                       gts_stop *stop)
{
    c4_options opt = c4_default_options();
    opt.algo = algo;
    opt.threads = threads;
    opt.book = book;
    opt.stop = stop;
    opt.tt_bytes = (size_t)16 << 20;
    char err[256];
    c4_solver *s = c4_solver_create(g, &opt, err, sizeof err);
    if (!s) {
        fprintf(stderr, "c4_solver_create(%s, %d threads): %s\n", c4_algo_name(algo), threads, err);
        exit(2);
    }
    return s;
}

static c4_solver *new_solver(const c4_geom *g, c4_algo algo, int threads, const c4_book *book)
{
    return new_stoppable_solver(g, algo, threads, book, NULL);
}

/* The score of p, or -100 if the solve failed (and a failed check). */
static int solve(c4_solver *s, const c4_pos *p, bool weak)
{
    c4_result r = { .score = -100 };
    if (!CHECK_EQ(c4_solve(s, p, weak, &r), 0))
        return -100;
    return r.score;
}

static void parse_or_die(const c4_geom *g, c4_pos *p, const char *moves)
{
    char err[256];
    if (c4_parse(g, p, moves, err, sizeof err) != 0) {
        fprintf(stderr, "cannot parse %s: %s\n", moves, err);
        exit(2);
    }
}

#define MAX_LINES 64

/* Solves every line of a set (at most limit) and checks the scores;
 * clear: empty the table between positions. */
static void check_set(c4_solver *s, const char *name, int limit, bool weak, bool clear)
{
    test_line lines[MAX_LINES];
    const int n = load_test_set(name, lines, limit);
    int wrong = 0;
    for (int i = 0; i < n; i++) {
        c4_pos p;
        parse_or_die(&c4_standard, &p, lines[i].moves);
        if (clear)
            c4_solver_clear(s);
        c4_result r = { .score = -100 };
        const int rc = c4_solve(s, &p, weak, &r);
        const int want = weak ? sign(lines[i].score) : lines[i].score;
        if (!CHECK_MSG(rc == 0 && r.score == want, "%s line %d (%s)%s: rc %d, score %d, expected %d", name, i + 1,
                       lines[i].moves, weak ? " weak" : "", rc, r.score, want))
            wrong++;
        /* A position not decided by its next stone takes a search. */
        int over;
        if (!c4_final_score(&c4_standard, &p, &over) && !c4_can_win_next(&c4_standard, &p))
            CHECK_GT(r.nodes, 0);
        CHECK_GE(r.usec, 0);
    }
    printf("%s%s: %d positions, %d wrong\n", name, weak ? " (weak)" : "", n, wrong);
}

/* Exact scores of the samples, the trivial cases, and option errors. */
static void part_sets(void)
{
    /* The default options, as they are. */
    char err[256] = "";
    const c4_options def = c4_default_options();
    c4_solver *s = c4_solver_create(&c4_standard, &def, err, sizeof err);
    if (!CHECK_MSG(s != NULL, "c4_solver_create with the defaults: %s", err))
        return;
    check_set(s, "Test_L3_R1", MAX_LINES, false, true);
    check_set(s, "Test_L2_R1", MAX_LINES, false, true);
    /* Without clearing: entries of earlier positions must not mislead. */
    check_set(s, "Test_L2_R2", MAX_LINES, false, false);
    check_set(s, "Test_L1_R1", MAX_LINES, false, true);
    check_set(s, "Test_L1_R2", 8, false, true);

    /* Game over, or a win with the next stone: no search needed. */
    static const struct {
        const char *moves;
        int score;
    } trivial[] = {
        { "1213141", -18 },                                     /* X has won */
        { "121212", 18 },                                       /* X wins with its 4th stone */
        { "7121212", 18 },                                      /* O wins with its 4th stone */
        { "234726157224242433573136671347745566651115", 0 },    /* full, drawn */
        { "23472615722424243357313667134774556665111", 0 },     /* last stone: no four */
        { "14172416522223546344211641353365657677773", 1 },     /* last stone wins */
    };
    for (size_t i = 0; i < sizeof trivial / sizeof *trivial; i++) {
        c4_pos p;
        parse_or_die(&c4_standard, &p, trivial[i].moves);
        CHECK_MSG(solve(s, &p, false) == trivial[i].score, "%s: expected %d", trivial[i].moves, trivial[i].score);
        CHECK_MSG(solve(s, &p, true) == sign(trivial[i].score), "%s weak: expected %d", trivial[i].moves,
                  sign(trivial[i].score));
    }
    c4_solver_free(s);

    /* Algorithm names. */
    for (int a = 0; a < 3; a++) {
        c4_algo back = (c4_algo)99;
        CHECK_EQ(c4_algo_parse(c4_algo_name((c4_algo)a), &back), 0);
        CHECK_EQ(back, a);
    }
    CHECK_STREQ(c4_algo_name(C4_ALGO_SOLVER), "solver");
    CHECK_STREQ(c4_algo_name(C4_ALGO_ALPHABETA), "alphabeta");
    CHECK_STREQ(c4_algo_name(C4_ALGO_MINIMAX), "minimax");
    c4_algo a;
    CHECK_EQ(c4_algo_parse("negamax", &a), -1);

    /* Bad options are refused with a reason. */
    c4_options opt = c4_default_options();
    CHECK_EQ(opt.algo, C4_ALGO_SOLVER);
    CHECK_EQ(opt.threads, 1);
    CHECK_EQ(opt.tt_bytes, (size_t)64 << 20);
    CHECK(opt.book == NULL);
    opt.threads = 0;
    CHECK(c4_solver_create(&c4_standard, &opt, err, sizeof err) == NULL);
    CHECK_CONTAINS(err, "thread");
    opt.threads = 2;
    opt.algo = C4_ALGO_ALPHABETA;
    strcpy(err, "");
    CHECK(c4_solver_create(&c4_standard, &opt, err, sizeof err) == NULL);
    CHECK_CONTAINS(err, "alphabeta");
    opt = c4_default_options();
    opt.tt_bytes = 64;
    strcpy(err, "");
    CHECK(c4_solver_create(&c4_standard, &opt, err, sizeof err) == NULL);
    CHECK_CONTAINS(err, "too small");
}

/* Weak scores: the sign of the expected ones. */
static void part_weak(void)
{
    c4_solver *s = new_solver(&c4_standard, C4_ALGO_SOLVER, 1, NULL);
    check_set(s, "Test_L3_R1", MAX_LINES, true, true);
    check_set(s, "Test_L2_R1", MAX_LINES, true, false);
    check_set(s, "Test_L2_R2", MAX_LINES, true, true);
    check_set(s, "Test_L1_R1", MAX_LINES, true, false);
    check_set(s, "Test_L1_R2", 8, true, true);
    c4_solver_free(s);
}

/* Solver, alpha-beta and (when use_minimax) minimax agree on p, exact and
 * weak. */
static void compare_algos(const c4_geom *g, c4_solver *solver, c4_solver *ab, c4_solver *mm, const c4_pos *p,
                          const char *moves)
{
    const int exact = solve(solver, p, false);
    const int weak = solve(solver, p, true);
    CHECK_MSG(weak == sign(exact), "%dx%d %s: weak %d, exact %d", g->width, g->height, moves, weak, exact);
    CHECK_MSG(solve(ab, p, false) == exact, "%dx%d %s: alphabeta differs from %d", g->width, g->height, moves,
              exact);
    CHECK_MSG(solve(ab, p, true) == sign(exact), "%dx%d %s: weak alphabeta differs from %d", g->width, g->height,
              moves, sign(exact));
    if (mm) {
        CHECK_MSG(solve(mm, p, false) == exact, "%dx%d %s: minimax differs from %d", g->width, g->height, moves,
                  exact);
        CHECK_MSG(solve(mm, p, true) == sign(exact), "%dx%d %s: weak minimax differs from %d", g->width,
                  g->height, moves, sign(exact));
    }
    /* Scores are in range for the stones left. */
    CHECK_LE(exact, (g->cells + 1 - p->moves) / 2);
    CHECK_GE(exact, -(g->cells - p->moves) / 2);
}

/* Random positions; returns the scores seen (for coverage checks). */
static void random_compare(const c4_geom *g, int min_stones, int max_stones, int count, int minimax_max_empty,
                           uint64_t seed, int *wins, int *losses, int *draws)
{
    c4_solver *solver = new_solver(g, C4_ALGO_SOLVER, 1, NULL);
    c4_solver *ab = new_solver(g, C4_ALGO_ALPHABETA, 1, NULL);
    c4_solver *mm = new_solver(g, C4_ALGO_MINIMAX, 1, NULL);
    test_rng rng = { seed };
    const double t0 = now_sec();
    int done = 0;
    while (done < count) {
        char moves[80];
        c4_pos p;
        const int stones = min_stones + rng_below(&rng, max_stones - min_stones + 1);
        if (!random_position(&rng, g, stones, &p, moves))
            continue;
        done++;
        compare_algos(g, solver, ab, g->cells - stones <= minimax_max_empty ? mm : NULL, &p, moves);
        const int v = solve(solver, &p, false);
        *wins += v > 0;
        *losses += v < 0;
        *draws += v == 0;
    }
    c4_solver_free(solver);
    c4_solver_free(ab);
    c4_solver_free(mm);
    printf("%dx%d, %d..%d stones: %d positions, %.2f s\n", g->width, g->height, min_stones, max_stones, count,
           now_sec() - t0);
}

/* 7x6 (the constant-folded search) with 30+ stones. */
static void part_algos(void)
{
    int w = 0, l = 0, d = 0;
    random_compare(&c4_standard, 30, 36, 150, 12, 2024, &w, &l, &d);
    printf("7x6: %d wins, %d losses, %d draws\n", w, l, d);
    CHECK_GT(w, 0);
    CHECK_GT(l, 0);
    CHECK_GT(d, 0);

    /* Minimax takes positions up to C4_MINIMAX_MAX_EMPTY empty cells. */
    c4_pos p;
    char err[256] = "";
    parse_or_die(&c4_standard, &p, "5554224333234511764415115");    /* Middle-Easy: 17 empty */
    CHECK(!c4_algo_fits(C4_ALGO_MINIMAX, &c4_standard, &p, err, sizeof err));
    CHECK(strstr(err, "17 empty cells") != NULL);
    CHECK(c4_algo_fits(C4_ALGO_ALPHABETA, &c4_standard, &p, err, sizeof err));
    CHECK(c4_algo_fits(C4_ALGO_SOLVER, &c4_standard, &p, err, sizeof err));
    parse_or_die(&c4_standard, &p, "2252576253462244111563365343671351441");    /* End-Easy: 5 empty */
    CHECK(c4_algo_fits(C4_ALGO_MINIMAX, &c4_standard, &p, err, sizeof err));
}

/* Other sizes (the general search): the empty 4x4 and 5x4 boards and
 * random positions of 4x4, 5x4 and 6x5. */
static void part_small(void)
{
    char err[256];
    c4_geom g44, g54, g65;
    CHECK_EQ(c4_geom_init(&g44, 4, 4, err, sizeof err), 0);
    CHECK_EQ(c4_geom_init(&g54, 5, 4, err, sizeof err), 0);
    CHECK_EQ(c4_geom_init(&g65, 6, 5, err, sizeof err), 0);

    const c4_geom *empties[2] = { &g44, &g54 };
    for (int i = 0; i < 2; i++) {
        const c4_geom *g = empties[i];
        c4_solver *solver = new_solver(g, C4_ALGO_SOLVER, 1, NULL);
        c4_solver *ab = new_solver(g, C4_ALGO_ALPHABETA, 1, NULL);
        c4_pos p;
        c4_init(&p);
        const double t0 = now_sec();
        compare_algos(g, solver, ab, NULL, &p, "-");
        printf("empty %dx%d: %.2f s\n", g->width, g->height, now_sec() - t0);
        c4_solver_free(solver);
        c4_solver_free(ab);
    }

    int w = 0, l = 0, d = 0;
    /* Minimax from 4 stones on 4x4 and 8 on 5x4: at most 12 empty cells. */
    random_compare(&g44, 4, 12, 40, 12, 11, &w, &l, &d);
    random_compare(&g54, 9, 16, 40, 12, 12, &w, &l, &d);
    random_compare(&g54, 5, 9, 15, 0, 13, &w, &l, &d);
    random_compare(&g65, 14, 26, 60, 12, 14, &w, &l, &d);
    printf("small boards: %d wins, %d losses, %d draws\n", w, l, d);
    CHECK_GT(w, 0);
    CHECK_GT(l, 0);
    CHECK_GT(d, 0);
}

/* Sizes at the limits: odd heights (claimeven's other parity), width 9,
 * and 64-bit keys (8x7, 4x15). */
static void part_sizes(void)
{
    static const struct {
        int w, h, min_empty, max_empty;
    } sizes[] = {
        { 7, 7, 12, 18 }, { 7, 5, 12, 17 }, { 9, 6, 10, 15 }, { 8, 7, 10, 15 }, { 4, 15, 14, 22 }, { 5, 5, 12, 17 },
    };
    int w = 0, l = 0, d = 0;
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        c4_geom g;
        char err[256];
        if (!CHECK_EQ(c4_geom_init(&g, sizes[i].w, sizes[i].h, err, sizeof err), 0))
            continue;
        random_compare(&g, g.cells - sizes[i].max_empty, g.cells - sizes[i].min_empty, 40, 10, 100 + i, &w, &l, &d);
    }
    printf("other sizes: %d wins, %d losses, %d draws\n", w, l, d);
    CHECK_GT(w, 0);
    CHECK_GT(l, 0);
    CHECK_GT(d, 0);
}

/* Lazy SMP: the same scores on 2 and 3 threads as on 1. */
static void part_threads(void)
{
    test_line lines[MAX_LINES];
    const int n = load_test_set("Test_L2_R2", lines, MAX_LINES);
    c4_solver *one = new_solver(&c4_standard, C4_ALGO_SOLVER, 1, NULL);
    int base[MAX_LINES];
    for (int i = 0; i < n; i++) {
        c4_pos p;
        parse_or_die(&c4_standard, &p, lines[i].moves);
        c4_solver_clear(one);
        base[i] = solve(one, &p, false);
        CHECK_EQ(base[i], lines[i].score);
    }
    c4_solver_free(one);
    for (int threads = 2; threads <= 3; threads++) {
        c4_solver *s = new_solver(&c4_standard, C4_ALGO_SOLVER, threads, NULL);
        int wrong = 0;
        for (int i = 0; i < n; i++) {
            c4_pos p;
            parse_or_die(&c4_standard, &p, lines[i].moves);
            if (i % 2)
                c4_solver_clear(s);
            c4_result r = { .score = -100 };
            CHECK_EQ(c4_solve(s, &p, false, &r), 0);
            if (!CHECK_MSG(r.score == base[i], "%d threads, %s: %d, one thread %d", threads, lines[i].moves,
                           r.score, base[i]))
                wrong++;
            CHECK_GT(r.nodes, 0);
            /* Weak on a few. */
            if (i % 6 == 0)
                CHECK_EQ(solve(s, &p, true), sign(base[i]));
        }
        printf("%d threads: %d positions, %d differ from one thread\n", threads, n, wrong);
        c4_solver_free(s);
    }
}

/* The moves of p, one check per column: full columns unplayable, the best
 * playable score equal to `expected` and to c4_solve, each move's score
 * that of the position after it. */
static void check_analyze(c4_solver *s, const c4_geom *g, const c4_pos *p, const char *moves, int expected)
{
    int scores[C4_MAX_WIDTH];
    bool playable[C4_MAX_WIDTH];
    c4_result r;
    if (!CHECK_EQ(c4_analyze(s, p, scores, playable, &r), 0))
        return;
    int best = -100;
    for (int col = 0; col < g->width; col++) {
        CHECK_MSG(playable[col] == c4_can_play(g, p, col), "%s: column %d playable %d", moves, col + 1,
                  playable[col]);
        if (!playable[col])
            continue;
        if (scores[col] > best)
            best = scores[col];
        if (c4_is_winning_move(g, p, col)) {
            CHECK_EQ(scores[col], (g->cells + 1 - p->moves) / 2);
            continue;
        }
        c4_pos q = *p;
        c4_play(g, &q, col);
        CHECK_MSG(scores[col] == -solve(s, &q, false), "%s: column %d scored %d", moves, col + 1, scores[col]);
    }
    CHECK_MSG(best == expected, "%s: best move scores %d, expected %d", moves, best, expected);
    CHECK_EQ(best, solve(s, p, false));
}

static void part_analyze(void)
{
    c4_solver *s = new_solver(&c4_standard, C4_ALGO_SOLVER, 1, NULL);
    /* Sample positions with a full column, and a few without. */
    static const char *const sets[] = { "Test_L3_R1", "Test_L2_R1", "Test_L2_R2" };
    int with_full = 0;
    for (int si = 0; si < 3; si++) {
        test_line lines[MAX_LINES];
        const int n = load_test_set(sets[si], lines, MAX_LINES);
        int with = 0, without = 0;
        for (int i = 0; i < n; i++) {
            c4_pos p;
            parse_or_die(&c4_standard, &p, lines[i].moves);
            bool full = false;
            for (int col = 0; col < 7; col++)
                full |= !c4_can_play(&c4_standard, &p, col);
            if (full ? with >= 4 : without >= 2)
                continue;
            if (full)
                with++;
            else
                without++;
            with_full += full;
            check_analyze(s, &c4_standard, &p, lines[i].moves, lines[i].score);
        }
    }
    CHECK_EQ(with_full, 12);

    /* A finished game: nothing is playable. */
    c4_pos p;
    parse_or_die(&c4_standard, &p, "1213141");
    int scores[C4_MAX_WIDTH];
    bool playable[C4_MAX_WIDTH];
    c4_result r;
    CHECK_EQ(c4_analyze(s, &p, scores, playable, &r), 0);
    for (int col = 0; col < 7; col++)
        CHECK(!playable[col]);
    c4_solver_free(s);

    /* The empty 4x4 and 5x4 boards. */
    char err[256];
    c4_geom g;
    for (int w = 4; w <= 5; w++) {
        CHECK_EQ(c4_geom_init(&g, w, 4, err, sizeof err), 0);
        s = new_solver(&g, C4_ALGO_SOLVER, 1, NULL);
        c4_solver *ab = new_solver(&g, C4_ALGO_ALPHABETA, 1, NULL);
        c4_init(&p);
        check_analyze(s, &g, &p, "-", solve(ab, &p, false));
        c4_solver_free(ab);
        c4_solver_free(s);
    }
}

static void check_interrupt(int threads)
{
    gts_stop stop = GTS_STOP_INIT;
    c4_solver *s = new_stoppable_solver(&c4_standard, C4_ALGO_SOLVER, threads, NULL, &stop);
    test_line lines[MAX_LINES];
    load_test_set("Test_L2_R1", lines, MAX_LINES);
    c4_pos p;
    parse_or_die(&c4_standard, &p, lines[0].moves);

    /* Raised before the call: every solve and analysis fails, until
     * the token is reset. */
    gts_stop_raise(&stop);
    c4_result r = { .score = -100 };
    CHECK_EQ(c4_solve(s, &p, false, &r), -1);
    CHECK_EQ(c4_solve(s, &p, true, &r), -1);
    int scores[C4_MAX_WIDTH];
    bool playable[C4_MAX_WIDTH];
    CHECK_EQ(c4_analyze(s, &p, scores, playable, &r), -1);
    gts_stop_reset(&stop);
    CHECK_EQ(solve(s, &p, false), lines[0].score);

    /* Raised during a long search (a Begin-Hard position takes seconds):
     * the solve stops soon after. */
    test_line hard[8];
    load_test_set("Test_L1_R3", hard, 8);
    c4_pos hp;
    parse_or_die(&c4_standard, &hp, hard[0].moves);
    test_raiser it;
    c4_solver_clear(s);
    test_raise_later(&it, &stop, 0.05);
    CHECK_EQ(c4_solve(s, &hp, false, &r), -1);
    const double cpu = test_raise_join(&it);
    CHECK_MSG(cpu < 5, "%d threads: interrupted solve used %.2f s of CPU to stop", threads, cpu);

    /* Reset: the table left by the interrupted search gives right
     * answers (nothing half-searched was stored). */
    gts_stop_reset(&stop);
    test_line more[MAX_LINES];
    const int n = load_test_set("Test_L2_R2", more, 20);
    for (int i = 0; i < n; i++) {
        parse_or_die(&c4_standard, &p, more[i].moves);
        CHECK_MSG(solve(s, &p, false) == more[i].score, "%d threads: %s after an interrupted search", threads,
                  more[i].moves);
    }
    c4_solver_free(s);
}

static void part_interrupt(void)
{
    check_interrupt(1);
    check_interrupt(2);
}

/* Books on 5x4. */

/* Canonical text of a board and its mirror image, the smaller of the two. */
static void canonical(const ref_board *b, char *out)
{
    char a[64], m[64];
    int n = 0;
    for (int c = 0; c < b->w; c++)
        for (int r = 0; r < b->h; r++, n++) {
            a[n] = (char)('0' + b->cells[c][r]);
            m[n] = (char)('0' + b->cells[b->w - 1 - c][r]);
        }
    a[n] = m[n] = '\0';
    strcpy(out, strcmp(a, m) < 0 ? a : m);
}

typedef struct book_pos {
    char canon[24];
    c4_pos pos;
} book_pos;

static book_pos *bp;
static int bp_n;

static void gather(const c4_geom *g, ref_board *b, c4_pos *p, int depth)
{
    bp = realloc(bp, (size_t)(bp_n + 1) * sizeof *bp);
    canonical(b, bp[bp_n].canon);
    bp[bp_n].pos = *p;
    bp_n++;
    if (p->moves == depth)
        return;
    for (int col = 0; col < g->width; col++) {
        if (!ref_can_play(b, col))
            continue;
        const c4_pos saved = *p;
        ref_play(b, col);
        c4_play(g, p, col);
        gather(g, b, p, depth);
        ref_undo(b, col);
        *p = saved;
    }
}

static int cmp_canon(const void *a, const void *b)
{
    return strcmp(((const book_pos *)a)->canon, ((const book_pos *)b)->canon);
}

static void write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n || fclose(f) != 0) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(2);
    }
}

/* Writes data (n bytes) to path as a book and checks that loading it
 * fails with an error containing what (left in err). */
static void book_refused(const char *path, const c4_geom *g, const void *data, size_t n, const char *what, char *err,
                         size_t errlen)
{
    write_file(path, data, n);
    strcpy(err, "");
    CHECK(c4_book_load(path, g, err, errlen) == NULL);
    CHECK_CONTAINS(err, what);
}

static void part_book(void)
{
    char err[512];
    c4_geom g;
    CHECK_EQ(c4_geom_init(&g, 5, 4, err, sizeof err), 0);
    char path[512];
    const char *tmpdir = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/gts_test_book_XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
    const int fd = mkstemp(path);
    if (fd < 0) {
        perror("mkstemp");
        exit(2);
    }
    close(fd);

    gts_stop stop = GTS_STOP_INIT;
    c4_solver *plain = new_stoppable_solver(&g, C4_ALGO_SOLVER, 1, NULL, &stop);
    c4_book_outcome out;
    const int built = c4_book_build(plain, &g, 4, path, NULL, NULL, &out, err, sizeof err);
    CHECK_MSG(built == 0, "c4_book_build: %s", err);
    CHECK(out.complete && out.written);
    CHECK_EQ(out.solved, out.total);
    const size_t written = out.solved;

    c4_book *book = c4_book_load(path, &g, err, sizeof err);
    if (!CHECK_MSG(book != NULL, "c4_book_load: %s", err)) {
        remove(path);
        return;
    }
    CHECK_GT(c4_book_size(book), 0);
    CHECK_EQ(c4_book_size(book), written);
    CHECK_EQ(c4_book_depth(book), 4);

    /* Every position up to ply 4, its mirror image counted once; nobody can
     * win before ply 7, so all of them are in the book. */
    ref_board b;
    ref_init(&b, 5, 4);
    c4_pos p;
    c4_init(&p);
    gather(&g, &b, &p, 4);
    qsort(bp, (size_t)bp_n, sizeof *bp, cmp_canon);
    int distinct = 0, missing = 0, wrong = 0;
    for (int i = 0; i < bp_n; i++) {
        distinct += i == 0 || strcmp(bp[i].canon, bp[i - 1].canon) != 0;
        int score = -100;
        if (!c4_book_lookup(book, &g, &bp[i].pos, &score)) {
            missing++;
            continue;
        }
        c4_solver_clear(plain);
        const int want = solve(plain, &bp[i].pos, false);
        if (score != want && wrong++ < 5)
            CHECK_MSG(false, "book score %d, solved %d (ply %d)", score, want, bp[i].pos.moves);
    }
    CHECK_EQ(wrong, 0);
    CHECK_EQ(missing, 0);
    CHECK_EQ(c4_book_size(book), distinct);
    /* Deeper positions are not in it. */
    test_rng rng = { 5 };
    int deeper_found = 0;
    for (int i = 0; i < 50;) {
        char moves[32];
        if (!random_position(&rng, &g, 5 + rng_below(&rng, 6), &p, moves))
            continue;
        i++;
        int score;
        deeper_found += c4_book_lookup(book, &g, &p, &score);
    }
    CHECK_EQ(deeper_found, 0);

    /* A solver with the book: the same scores, fewer nodes at the root. */
    c4_solver *booked = new_solver(&g, C4_ALGO_SOLVER, 1, book);
    for (int i = 0; i < 120;) {
        char moves[32];
        if (!random_position(&rng, &g, rng_below(&rng, 13), &p, moves))
            continue;
        i++;
        c4_solver_clear(plain);
        c4_solver_clear(booked);
        const int want = solve(plain, &p, false);
        CHECK_MSG(solve(booked, &p, false) == want, "5x4 %s with the book: expected %d", moves, want);
        CHECK_EQ(solve(booked, &p, true), sign(want));
    }
    c4_init(&p);
    c4_result with, without;
    c4_solver_clear(plain);
    c4_solver_clear(booked);
    CHECK_EQ(c4_solve(plain, &p, false, &without), 0);
    CHECK_EQ(c4_solve(booked, &p, false, &with), 0);
    CHECK_EQ(with.score, without.score);
    CHECK_LT(with.nodes, without.nodes);
    c4_solver_free(booked);

    /* Load errors. */
    char other[sizeof path + 16];
    snprintf(other, sizeof other, "%s.x", path);
    strcpy(err, "");
    CHECK(c4_book_load(other, &g, err, sizeof err) == NULL);
    CHECK_CONTAINS(err, "cannot open");
    CHECK_CONTAINS(err, other);

    const char garbage[] = "this is not a book, only some text long enough to fill a header\n";
    book_refused(other, &g, garbage, sizeof garbage - 1, "not a gts Connect 4 book", err, sizeof err);
    book_refused(other, &g, "GTS", 3, "not a gts Connect 4 book", err, sizeof err);

    strcpy(err, "");
    CHECK(c4_book_load(path, &c4_standard, err, sizeof err) == NULL);
    CHECK_CONTAINS(err, "5x4");
    CHECK_CONTAINS(err, "7x6");

    /* A book cut short. */
    FILE *f = fopen(path, "rb");
    static unsigned char bytes[1 << 16];
    const size_t len = f ? fread(bytes, 1, sizeof bytes, f) : 0;
    if (f)
        fclose(f);
    CHECK_EQ(len, 28 + 9 * written);
    book_refused(other, &g, bytes, 28 + 8 * 3, "truncated", err, sizeof err);
    book_refused(other, &g, bytes, len - 1, "truncated", err, sizeof err);
    /* A depth past the board's cells (u32 at offset 16). */
    static unsigned char bad[1 << 16];
    memcpy(bad, bytes, len);
    bad[16] = 99;
    book_refused(other, &g, bad, len, "corrupt", err, sizeof err);
    /* A score no position can have on 5x4 (the first entry's score byte:
     * issue 38, #21). */
    memcpy(bad, bytes, len);
    bad[28 + 8 * written] = 100;
    book_refused(other, &g, bad, len, "entry 0 scores 100", err, sizeof err);
    CHECK_CONTAINS(err, other);
    /* An entry deeper than the header's depth (1 instead of 4). */
    memcpy(bad, bytes, len);
    bad[16] = 1;
    book_refused(other, &g, bad, len, "not a position of at most 1 moves", err, sizeof err);
    /* Bytes past the scores. */
    memcpy(bad, bytes, len);
    book_refused(other, &g, bad, len + 1, "past its last score", err, sizeof err);
    /* Keys out of order (the first two swapped). */
    memcpy(bad, bytes, len);
    memcpy(bad + 28, bytes + 36, 8);
    memcpy(bad + 36, bytes + 28, 8);
    book_refused(other, &g, bad, len, "not sorted", err, sizeof err);
    /* The file unchanged loads. */
    write_file(other, bytes, len);
    c4_book *copy = c4_book_load(other, &g, err, sizeof err);
    CHECK_MSG(copy != NULL, "copy of the book: %s", err);
    c4_book_free(copy);
    remove(other);

    /* Build errors: depth out of range, a file that cannot be written. */
    strcpy(err, "");
    CHECK_EQ(c4_book_build(plain, &g, 21, path, NULL, NULL, &out, err, sizeof err), -1);
    CHECK_CONTAINS(err, "depth");
    strcpy(err, "");
    CHECK_EQ(c4_book_build(plain, &g, 2, "/nonexistent-dir/book", NULL, NULL, &out, err, sizeof err), -1);
    CHECK_CONTAINS(err, "cannot write");

    /* An interrupted build over a book leaves it as it was (issue 38, #17);
     * onto a new file it writes what it solved (nothing here) and says it
     * is incomplete. */
    gts_stop_raise(&stop);
    CHECK_EQ(c4_book_build(plain, &g, 3, path, NULL, NULL, &out, err, sizeof err), 0);
    CHECK(!out.complete && !out.written);
    CHECK_EQ(out.solved, 0);
    f = fopen(path, "rb");
    static unsigned char after[1 << 16];
    const size_t after_len = f ? fread(after, 1, sizeof after, f) : 0;
    if (f)
        fclose(f);
    CHECK(after_len == len && memcmp(after, bytes, len) == 0);
    remove(other);
    CHECK_EQ(c4_book_build(plain, &g, 3, other, NULL, NULL, &out, err, sizeof err), 0);
    CHECK(!out.complete && out.written);
    gts_stop_reset(&stop);
    c4_book *empty = c4_book_load(other, &g, err, sizeof err);
    if (CHECK_MSG(empty != NULL, "partial book: %s", err)) {
        CHECK_EQ(c4_book_size(empty), 0);
        int score;
        c4_init(&p);
        CHECK(!c4_book_lookup(empty, &g, &p, &score));
    }
    remove(other);
    c4_book_free(empty);

    c4_book_free(book);
    c4_solver_free(plain);
    free(bp);
    remove(path);
}

/* Progress reports of a strong solve: each a range that narrows and holds
 * the final score, with nodes that never go back. */
typedef struct progress_log {
    int calls, min[64], max[64];
    uint64_t nodes[64];
} progress_log;

static void record_progress(int min, int max, uint64_t nodes, void *ctx)
{
    progress_log *log = ctx;
    if (log->calls < 64) {
        log->min[log->calls] = min;
        log->max[log->calls] = max;
        log->nodes[log->calls] = nodes;
    }
    log->calls++;
}

static void part_progress(void)
{
    test_line lines[MAX_LINES];
    const int n = load_test_set("Test_L2_R2", lines, 20);
    for (int i = 0; i < n; i++) {
        progress_log log = { 0 };
        c4_options opt = c4_default_options();
        opt.tt_bytes = (size_t)16 << 20;
        opt.progress = record_progress;
        opt.progress_ctx = &log;
        char err[256];
        c4_solver *s = c4_solver_create(&c4_standard, &opt, err, sizeof err);
        CHECK(s != NULL);
        c4_pos p;
        parse_or_die(&c4_standard, &p, lines[i].moves);
        c4_result r;
        CHECK_EQ(c4_solve(s, &p, false, &r), 0);
        CHECK_EQ(r.score, lines[i].score);
        CHECK_GT(log.calls, 0);
        CHECK_LE(log.calls, 64);
        for (int k = 0; k < log.calls && k < 64; k++) {
            CHECK_LT(log.min[k], log.max[k]);
            CHECK_LE(log.min[k], r.score);
            CHECK_GE(log.max[k], r.score);
            if (k > 0) {
                CHECK_GE(log.min[k], log.min[k - 1]);
                CHECK_LE(log.max[k], log.max[k - 1]);
                CHECK(log.nodes[k] >= log.nodes[k - 1]);
            }
        }
        /* Weak solves make no reports. */
        log.calls = 0;
        CHECK_EQ(c4_solve(s, &p, true, &r), 0);
        CHECK_EQ(log.calls, 0);
        c4_solver_free(s);
    }
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "sets", part_sets }, { "weak", part_weak }, { "algos", part_algos }, { "small", part_small },
        { "sizes", part_sizes }, { "threads", part_threads }, { "analyze", part_analyze },
        { "interrupt", part_interrupt }, { "book", part_book }, { "progress", part_progress },
    };
    return check_run_parts(argc, argv, "test_c4_solver", parts, sizeof parts / sizeof *parts);
}
