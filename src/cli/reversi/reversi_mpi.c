/* gts reversi solve under mpirun, over the game-free run-time of src/mpi:
 * --mpi's farm (the order of its lines, its checkpoint's run and check)
 * and --mpi-split's windows over the ranks. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "mpi/farm.h"
#include "mpi/split_transport.h"
#include "cli/reversi/reversi_cli.h"
#include "gts/reversi.h"

/* The wrong scores a recorded output shows (farm_checkpoint's
 * mismatches; ctx: --wld): the score reversi_print_score printed against
 * the line's. */
static long recorded_mismatches(const void *ctx, const char *line, const char *out)
{
    const bool *wld = ctx;
    rv_pos p;
    bool black, has_score;
    int expected, score;
    char err[256];
    if (rv_parse_obf(line, &p, &black, &has_score, &expected, err, sizeof err) != 0 || !*out)
        return *out ? -1 : 0;   /* a blank, comment or bad line prints no output */
    if (sscanf(out, "%*d %*c %*d empties %*s %d", &score) != 1)
        return -1;
    return has_score && score != (*wld ? cli_sign(expected) : expected);
}

/* The longest first: the positions with the most empties. */
static long most_empties(void *ctx, const char *line)
{
    (void)ctx;
    return (long)strspn(line, "-.");
}

int reversi_farm(const farm_ops *ops, void *ctx, const char *checkpoint, const bool *wld, bool batch,
                 gts_stop *stop, solve_totals *t, bool *root, int argc, char **argv)
{
    char run[64];
    snprintf(run, sizeof run, "reversi solve%s%s", *wld ? " --wld" : "", batch ? " --each/--gpu" : "");
    const farm_checkpoint ck = { checkpoint, run, recorded_mismatches, wld };
    farm_ops ordered = *ops;
    ordered.hardness = most_empties;
    return farm_run(argc, argv, &ordered, ctx, stop, &ck, t, root);
}

/* A rank's window search, on its solver. */
static int rank_window(void *ctx, const void *pos, int alpha, int beta, int *value, uint64_t *nodes)
{
    reversi_split *s = ctx;
    rv_solve_result r;
    rv_solver_window(s->rank, pos, alpha, beta, &r);
    *value = r.score, *nodes = r.nodes;
    return r.stopped ? -1 : 0;
}

/* ... and rank 0's, split over the ranks: the move is the root child's
 * that gave the value. */
static int split_window(void *arg, const rv_pos *p, int alpha, int beta, int *value, int *move)
{
    reversi_split *s = arg;
    gts_split_result r;
    if (mpi_split_window(s->split, p, s->depth, alpha, beta, &r) != 0)
        return -1;
    *value = r.value;
    s->nodes += r.nodes;
    rv_pos kids[RV_MAX_MOVES];
    int moves[RV_MAX_MOVES];
    const int n = rv_split_children(p, kids, moves);
    *move = r.best_kid >= 0 && r.best_kid < n ? moves[r.best_kid] : RV_NO_MOVE;
    return 0;
}

static int split_children(void *ctx, const void *pos, void *kids)
{
    (void)ctx;
    int moves[RV_MAX_MOVES];
    return rv_split_children(pos, kids, moves);
}

int reversi_split_start(reversi_split *s, rv_solver *rank, const rv_solve_options *so, int depth, gts_stop *stop)
{
    static const gts_split_game game = { .pos_size = sizeof(rv_pos), .max_kids = RV_MAX_MOVES, .children = split_children };
    *s = (reversi_split){ .rank = rank, .depth = depth };
    bool root = true;
    s->split = mpi_split_start(&game, s, rank_window, s, stop, &root);
    if (!s->split)
        return root ? -1 : 1;
    /* Not the ranks' token, which a cancelled task raises: the root
     * stops when a split says so (Ctrl-C, a failed rank). */
    rv_solve_options ro = *so;
    ro.threads = 1, ro.tt_bytes = (size_t)1 << 20, ro.stop = NULL;
    char err[256];
    if ((s->root = rv_solver_create(&ro, err, sizeof err)))
        return 0;
    cli_error("%s", err);
    return -1;
}

void reversi_split_solve(reversi_split *s, const rv_pos *p, rv_solve_result *r)
{
    s->nodes = 0;
    rv_solver_run_with(s->root, p, split_window, s, r);
    r->nodes += s->nodes;
}

void reversi_split_end(reversi_split *s)
{
    if (s->split)
        mpi_split_end(s->split);
    rv_solver_free(s->root);
}
