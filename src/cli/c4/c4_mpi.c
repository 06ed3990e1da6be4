/* Connect 4's side of the game-free MPI run-time (cli/c4/c4_cli.h): the
 * task farm's order and checkpoint of solve --mpi (mpi/farm.h), and the
 * window searches of solve --mpi-split (mpi/split_transport.h). */
#include <stdio.h>
#include <string.h>

#include "cli/c4/c4_cli.h"
#include "cli/cli.h"
#include "mpi/farm.h"
#include "mpi/split_transport.h"

/* The longest first: the fewest stones, the length of the moves standing
 * for it. */
static long fewest_stones(void *ctx, const char *line)
{
    (void)ctx;
    return -(long)strcspn(line, " \t\r\n");
}

/* The wrong scores a recorded output shows (farm_checkpoint's
 * mismatches): the score c4_print_solved printed against the line's. */
static long recorded_mismatches(const void *ctx, const char *line, const char *out)
{
    const c4_solve_args *a = ctx;
    c4_pos p;
    char shown[C4_LINE_MOVES], err[256];
    bool has_expected = false;
    int expected = 0, score;
    if (c4_parse_line(&a->g, line, &p, shown, &has_expected, &expected, err, sizeof err) <= 0 || !*out)
        return *out ? -1 : 0;   /* a bad line prints no output */
    const char *at = a->json ? strstr(out, "\"score\":") : strchr(out, ' ');
    if (!at || sscanf(at + (a->json ? 8 : 1), "%d", &score) != 1)
        return -1;
    return has_expected && score != c4_want(a->weak, expected);
}

int c4_mpi_farm(c4_solve_args *a, const farm_ops *ops, void *ctx, solve_totals *t, bool *root, int argc,
                char **argv)
{
    char run[128];
    snprintf(run, sizeof run, "c4 solve %dx%d%s --algo %s%s", a->g.width, a->g.height, a->weak ? " --weak" : "",
             c4_algo_name(a->opt.algo), a->json ? " --json" : "");
    const farm_checkpoint ck = { a->checkpoint, run, recorded_mismatches, a };
    farm_ops ordered = *ops;
    ordered.hardness = fewest_stones;
    return farm_run(argc, argv, &ordered, ctx, &a->stop, &ck, t, root);
}

/* A rank's window search, on its solver. */
static int rank_window(void *ctx, const void *pos, int alpha, int beta, int *value, uint64_t *nodes)
{
    c4_mpi_split *sp = ctx;
    c4_result r;
    if (c4_solve_window(sp->s, pos, alpha, beta, &r) != 0)
        return -1;
    *value = r.score, *nodes = r.nodes;
    return 0;
}

/* ... and rank 0's, split over the ranks. */
static int split_window(void *arg, const c4_pos *p, int alpha, int beta, int *value)
{
    c4_mpi_split *sp = arg;
    gts_split_result r;
    if (mpi_split_window(sp->split, p, (int)sp->a->mpi_split, alpha, beta, &r) != 0)
        return -1;
    *value = r.value;
    sp->nodes += r.nodes;
    return 0;
}

static int split_children(void *ctx, const void *pos, void *kids)
{
    const c4_solve_args *a = ctx;
    return c4_split_children(&a->g, pos, kids);
}

int c4_mpi_split_start(c4_mpi_split *sp, c4_solve_args *a, c4_solver *s, bool *root)
{
    static const gts_split_game game = { .pos_size = sizeof(c4_pos), .max_kids = C4_MAX_WIDTH, .children = split_children };
    *sp = (c4_mpi_split){ a, s, NULL, 0 };
    sp->split = mpi_split_start(&game, a, rank_window, sp, &a->stop, root);
    return sp->split ? 0 : -1;
}

int c4_mpi_split_solve(c4_mpi_split *sp, const c4_pos *p, c4_result *r)
{
    /* Rank 0's own solver may still be finishing a cancelled task: its
     * table is not cleared; the ranks' tables carry over. */
    sp->nodes = 0;
    int score;
    if (c4_solve_by_windows(&sp->a->g, p, split_window, sp, &score) != 0)
        return -1;
    *r = (c4_result){ .score = score, .nodes = sp->nodes, .searched = -1 };
    return 0;
}

void c4_mpi_split_end(c4_mpi_split *sp)
{
    mpi_split_end(sp->split);
}
