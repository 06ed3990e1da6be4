/*
 * gts reversi bench table: the GPU Reversi report's two tables for any two
 * players.
 *
 * Table 2 (the acceleration factors): rows board sizes, columns depths,
 * each cell the total search time of player 1 over the report's match
 * (two games from the start, each player black once, both at the
 * column's depth) divided by player 2's.  A cell is not played ("—") when
 * the time the match would take, predicted from the row's two previous
 * cells (t(d-1) * t(d-1) / t(d-2)), is over --max-seconds, or when it
 * runs past --max-seconds (it is stopped); the row's deeper cells are then
 * left out as well.
 *
 * Table 1 (the average branching factor at depth 2): for each board, the
 * mean number of legal moves over the positions where a player had a move
 * to choose (passes are not counted), over both games of the row's depth-2
 * match.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_options.h"
#include "core/clock.h"
#include "report/plot.h"
#include "core/list.h"
#include "cli/reversi/reversi_bench.h"
#include "cli/reversi/reversi_cli.h"

static const char default_sizes[] = "8x8,16x8,16x16,32x16,32x32,64x32,64x64";
static const char default_depths[] = "1-10";

static const char usage_text[] =
    "usage: gts reversi bench table [--player1 SPEC] [--player2 SPEC] [--sizes LIST]\n"
    "                               [--depths LIST] [--max-seconds S] [--csv]\n"
    "                               [--plot FILE.svg|png]\n"
    "\n"
    "The GPU Reversi report's tables for two players (specs as in 'gts reversi play',\n"
    "without depth=): Table 2, for each board and depth the total search time of\n"
    "player 1 over two games (each player black once) divided by player 2's; Table 1,\n"
    "the mean number of legal moves where a player had a move to choose in the\n"
    "depth-2 games.  The report's GPU player is pvs:backend=gpu (see 'gts reversi\n"
    "play --help'); bench/rv_gpu_table.sh plays it against alphabeta and against\n"
    "pvs:threads=16.\n"
    "\n"
    "options:\n"
    "  --player1 SPEC    default alphabeta (the report's serial player)\n"
    "  --player2 SPEC    default pvs:threads=N, N the CPUs online\n"
    "  --sizes LIST      boards WxH (default 8x8,16x8,16x16,32x16,32x32,64x32,64x64)\n"
    "  --depths LIST     depths, commas and ranges (default 1-10)\n"
    "  --max-seconds S   a cell's limit (default 60): a cell predicted or found to\n"
    "                    take longer is shown as '—' and the row's deeper ones too\n"
    "  --csv             one line per cell (with a backend=gpu player's kernel\n"
    "                    seconds, CUDA events)\n"
    "  --plot FILE.svg|png   the report's Figure 4 with gnuplot: the factor\n"
    "                    against the depth, a line per board, log scale (as\n"
    "                    'gts plot' on the --csv)\n"
    "  -h, --help        this help\n";

/* --depths: "1-10", "1,2,4-6" (core/list.h). */
static int parse_depths(void *table_, const char *text, char *err, size_t errlen)
{
    table *t = table_;
    t->ndepths = gts_int_list(text, 1, RV_MAX_DEPTH, t->depths, RV_MAX_DEPTH, err, errlen);
    return t->ndepths < 0 ? -1 : 0;
}

static int add_size(void *table_, const char *item, char *err, size_t errlen)
{
    table *t = table_;
    if (t->nsizes == MAX_SIZES) {
        snprintf(err, errlen, "more than %d boards", MAX_SIZES);
        return -1;
    }
    if (rvb_parse_size(item, &t->widths[t->nsizes], &t->heights[t->nsizes], err, errlen) != 0)
        return -1;
    t->nsizes++;
    return 0;
}

/* --sizes: "8x8,16x8,16" (core/list.h). */
static int parse_sizes(void *table_, const char *text, char *err, size_t errlen)
{
    table *t = table_;
    t->nsizes = 0;
    return gts_each_item(text, add_size, t, err, errlen) < 0 ? -1 : 0;
}

/* --max-seconds: a number of seconds over 0. */
static int parse_seconds(void *seconds, const char *text, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    char *end;
    errno = 0;
    const double v = strtod(text, &end);
    if (errno || end == text || *end || !(v > 0 && v <= 1e6))
        return -1;
    *(double *)seconds = v;
    return 0;
}

/* Plays one cell's match; -1 after an error (reported). */
static int play_cell(table *t, int si, int di)
{
    rvp_cell *c = &t->cells[si][di];
    const rvp_cell_options o = { t->specs, t->widths[si], t->heights[si], t->depths[di], t->max_seconds, &t->stop };
    char err[320];
    if (!cli_interrupted())
        gts_stop_reset(&t->stop);
    if (rvp_play_cell(&o, c, err, sizeof err) != 0) {
        cli_error("%s", err);
        return -1;
    }
    if (c->state == RVP_CELL_SKIPPED && cli_interrupted())
        c->state = RVP_CELL_NOT_RUN;   /* Ctrl-C, not the time limit */
    return 0;
}

/* Every cell of row si in turn; -1 after an error. */
static int run_row(table *t, int si)
{
    for (int di = 0; di < t->ndepths && !cli_interrupted(); di++) {
        rvp_cell *c = &t->cells[si][di];
        if (rvp_cell_skipped(t->cells[si], di, t->max_seconds)) {
            c->state = RVP_CELL_SKIPPED;
        } else {
            cli_progress("%dx%d depth %d ...", t->widths[si], t->heights[si], t->depths[di]);
            if (play_cell(t, si, di) != 0)
                return -1;
        }
        if (t->csv && c->state != RVP_CELL_NOT_RUN)
            rvbench_print_csv_cell(stdout, t, si, di);
        if (t->plot && c->state != RVP_CELL_NOT_RUN)
            rvbench_print_csv_cell(t->plot, t, si, di);
    }
    cli_progress_done();
    return 0;
}

static int run_table(table *t)
{
    const double t0 = gts_now_usec();
    if (t->plot)
        rvbench_print_csv_header(t->plot);
    if (t->csv)
        rvbench_print_csv_header(stdout);
    else
        rvbench_print_header(t);
    int rows = 0, rc = 0;
    for (int si = 0; si < t->nsizes && !cli_interrupted() && rc == 0; si++) {
        rc = run_row(t, si);
        if (!t->csv)
            rvbench_print_row(t, si);
        rows++;
        if (rc == 0 && !cli_interrupted())
            cli_row_done("reversi bench table: %dx%d done (%d of %d boards, %.0f s)", t->widths[si], t->heights[si],
                         rows, t->nsizes, (gts_now_usec() - t0) / 1e6);
    }
    if (!t->csv)
        rvbench_print_branching(t, rows);
    if (cli_interrupted()) {
        cli_error("interrupted (the cells shown are complete)");
        return EXIT_INTERRUPTED;
    }
    return rc == 0 ? EXIT_OK : EXIT_FAIL;
}

/* The players' specs into t; 0, or -1 after an error. */
static int read_players(table *t, const char *const spec_text[2])
{
    if (reversi_parse_players(spec_text, t->specs) != 0)
        return -1;
    for (int i = 0; i < 2; i++)
        if (t->specs[i].has_depth) {
            cli_error("--player%d: no depth= in bench table (the depths are the columns, --depths)", i + 1);
            return -1;
        }
    return 0;
}

/* --plot's picture: the report's Figure 4. */
static const plot_spec figure4 = {
    .x = "depth", .y = "factor", .series = "board", .logy = true, .hline_given = true, .hline = 1,
    .title = "Reversi: time of player 1 / time of player 2 (the report's Figure 4)",
    .xlabel = "search depth", .ylabel = "factor (log scale)",
};

static int table_main(int argc, char **argv)
{
    table t = { .stop = GTS_STOP_INIT };
    char default_player2[48], err[160];
    const int cpus = cli_cpus();
    snprintf(default_player2, sizeof default_player2, cpus > 1 ? "pvs:threads=%d" : "pvs", cpus);
    const char *spec_text[2] = { "alphabeta", default_player2 }, *plot_file = NULL;
    t.max_seconds = 60;
    parse_sizes(&t, default_sizes, err, sizeof err);
    parse_depths(&t, default_depths, err, sizeof err);
    const cli_option opts[] = {
        REVERSI_OPT_PLAYERS(spec_text),
        CLI_OPT_CUSTOM("sizes", &t, parse_sizes, NULL),
        CLI_OPT_CUSTOM("depths", &t, parse_depths, NULL),
        CLI_OPT_CUSTOM("max-seconds", &t.max_seconds, parse_seconds, "a number of seconds, over 0"),
        CLI_OPT_FLAG("csv", 0, &t.csv),
        CLI_OPT_STRING("plot", 0, &plot_file),
        CLI_OPT_END,
    };
    const cli_command cmd = { "reversi bench table", usage_text, REVERSI_OPTIONS };
    const int status = reversi_options_only("bench table", &cmd, argc, argv, opts);
    if (status >= 0)
        return status;
    if (read_players(&t, spec_text) != 0)
        return EXIT_USAGE;
    plot_rows plot;
    const int opened = plot_rows_open(&plot, plot_file);
    if (opened != EXIT_OK)
        return opened;
    t.plot = plot.f;
    cli_stop_on_interrupt(&t.stop);
    const int played = run_table(&t);
    const int drawn = plot_rows_draw(&plot, &figure4, "the bench's cells", plot_file);
    return played != EXIT_OK ? played : drawn;
}

int reversi_bench_main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "table") == 0)
        return table_main(argc - 1, argv + 1);
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(usage_text, stdout);
        return EXIT_OK;
    }
    cli_error("bench takes 'table' (see 'gts reversi bench table --help')");
    return EXIT_USAGE;
}
