/*
 * The endgame solver's principal variation (rv_solver_pv): played out
 * move by move from the position, each move legal and a pass only where
 * the side to move has none, it must end the game with the solved score,
 * counted from the discs.  On the FFO set #1-19 (data/reversi, with its
 * published scores) at one and two threads, on random positions (passes
 * among them) with the solver's table warm and cold; a wrong score or a
 * raised stop token gives -1.
 */
#include <stdio.h>

#include "check.h"
#include "gts/reversi.h"

/* The final score of pv played out from p (legal moves, passes only
 * where forced, the game over at its end); 99 when it is not such a line. */
static int played_out(const rv_pos *p, const int *pv, int n, int *passes)
{
    rv_pos q = *p;
    for (int i = 0; i < n; i++) {
        const uint64_t moves = rv_moves(q.me, q.opp);
        if (pv[i] == RV_PASS) {
            if (moves || !rv_moves(q.opp, q.me))
                return 99;
            rv_pass(&q);
            (*passes)++;
        } else if (pv[i] >= 0 && pv[i] < 64 && (moves >> pv[i] & 1)) {
            rv_play(&q, pv[i], rv_flips(q.me, q.opp, pv[i]));
        } else {
            return 99;
        }
    }
    if (!rv_game_over(&q))
        return 99;
    const int mine = __builtin_popcountll(q.me), theirs = __builtin_popcountll(q.opp);
    /* The mover at the end is the root's side after an even number of plies. */
    const int v = mine > theirs ? 64 - 2 * theirs : mine < theirs ? 2 * mine - 64 : 0;
    return n % 2 ? -v : v;
}

static rv_solver *solver(int threads, gts_stop *stop)
{
    rv_solve_options o;
    rv_solve_defaults(&o);
    o.tt_bytes = 8 << 20;
    o.threads = threads;
    o.stop = stop;
    char err[128];
    rv_solver *s = rv_solver_create(&o, err, sizeof err);
    CHECK_MSG(s != NULL, "%s", err);
    return s;
}

/* Solves p on s and checks its PV; the PV's passes added to *passes, the
 * solve's result in *r. */
static void check_pv(rv_solver *s, const rv_pos *p, const char *what, int *passes, rv_solve_result *out)
{
    rv_solve_result r;
    rv_solver_run(s, p, &r);
    *out = r;
    int pv[RV_MAX_PV];
    const int n = rv_solver_pv(s, p, r.score, pv);
    const int v = played_out(p, pv, n, passes);
    CHECK_MSG(n >= 0 && v == r.score, "%s: the line of %d plies scores %d, solved %d", what, n, v, r.score);
    CHECK_MSG(rv_solver_pv(s, p, r.score + 2, pv) == -1, "%s: a line for the wrong score", what);
}

/* The FFO set #1-19's positions and published scores; how many read. */
static int read_ffo(rv_pos p[19], int score[19])
{
    FILE *f = fopen(GTS_SOURCE_DIR "/data/reversi/fforum-1-19.obf", "r");
    if (!CHECK(f != NULL))
        return 0;
    char line[512], err[256];
    int n = 0;
    bool black, has = true;
    while (n < 19 && has && fgets(line, sizeof line, f))
        n += CHECK_EQ(rv_parse_obf(line, &p[n], &black, &has, &score[n], err, sizeof err), 0) && has;
    fclose(f);
    return n;
}

static void test_ffo(void)
{
    rv_pos p[19];
    int score[19];
    const int n = read_ffo(p, score);
    CHECK_EQ(n, 19);
    for (int threads = 1; threads <= 2; threads++) {
        rv_solver *s = solver(threads, NULL);
        char what[64];
        int passes = 0;
        for (int i = 0; s && i < n; i++) {
            snprintf(what, sizeof what, "FFO #%d, %d threads", i + 1, threads);
            rv_solve_result r;
            check_pv(s, &p[i], what, &passes, &r);
            CHECK_MSG(r.score == score[i], "%s: %d, published %d", what, r.score, score[i]);
        }
        rv_solver_free(s);
    }
}

/* Random positions of 2 to 17 empties; with a fresh solver for the PV
 * alone (a cold table: every move proved by search) too. */
static void test_random(void)
{
    rv_solver *s = solver(1, NULL);
    if (!s)
        return;
    uint64_t seed = 42;
    int solved = 0, passes = 0;
    char what[64];
    for (int game = 0; game < 400 && solved < 120; game++) {
        rv_pos p;
        bool black;
        if (!rv_random_position(&seed, 2 + game % 16, &p, &black))
            continue;
        solved++;
        snprintf(what, sizeof what, "game %d (%d empties)", game, rv_empties(&p));
        rv_solve_result r;
        check_pv(s, &p, what, &passes, &r);
        if (game % 8 == 0) {
            rv_solver *cold = solver(1, NULL);
            int pv[RV_MAX_PV], cold_passes = 0;
            const int n = cold ? rv_solver_pv(cold, &p, r.score, pv) : -1;
            CHECK_MSG(played_out(&p, pv, n, &cold_passes) == r.score, "%s, a cold table: %d plies", what, n);
            rv_solver_free(cold);
        }
    }
    CHECK(solved >= 100);
    CHECK_MSG(passes > 0, "no line passed: the pass is not tried");
    rv_solver_free(s);
}

/* A finished game's line is empty; a raised stop token gives none. */
static void test_edges(void)
{
    gts_stop stop = GTS_STOP_INIT;
    rv_solver *s = solver(1, &stop);
    if (!s)
        return;
    const rv_pos full = { 0xffffffffffffffffULL, 0 };
    int pv[RV_MAX_PV];
    CHECK_EQ(rv_solver_pv(s, &full, 64, pv), 0);
    CHECK_EQ(rv_solver_pv(s, &full, 62, pv), -1);
    rv_pos p;
    bool black;
    uint64_t seed = 7;
    CHECK(rv_random_position(&seed, 12, &p, &black));
    rv_solve_result r;
    rv_solver_run(s, &p, &r);
    gts_stop_raise(&stop);
    CHECK_EQ(rv_solver_pv(s, &p, r.score, pv), -1);
    rv_solver_free(s);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = { { "ffo", test_ffo }, { "random", test_random }, { "edges", test_edges } };
    return check_run_parts(argc, argv, "test_reversi_pv", parts, sizeof parts / sizeof *parts);
}
