/* gts gomoku: best move, board display, and the dispatch of play, bench
 * and the protocol engine; the options are cli/gomoku/gomoku_options.c's. */
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_options.h"
#include "cli/gomoku/gomoku_cli.h"
#include "gts/tt_size.h"

static const char usage_text[] =
    "usage: gts gomoku <command> [options] [POSITION]\n"
    "\n"
    "commands:\n"
    "  best POSITION     the best move for the side to move: move, score, depth,\n"
    "                    nodes, time\n"
    "  show POSITION     the board and each side's shapes\n"
    "  play              a whole game, engine against engine or a human (--black,\n"
    "                    --white), with every move's time\n"
    "  bench table       the Gomoku report's Table 1: seconds for the best move\n"
    "                    after one stone, boards 6..24 x depths 1..4, per --algo\n"
    "  bench positions FILE   the Connect-5 report's experiment: every position of\n"
    "                    FILE at --depth with each --threads count\n"
    "  pbrain            the Gomocup protocol on stdin/stdout (also as pbrain-gts)\n"
    "\n"
    "POSITION: moves from black's first, as cells 'h8' (column letter, row from\n"
    "1 at the bottom) or 'x,y' (from 0, y = 0 at the top), e.g. \"h8 i9 h9\";\n"
    "'-' or nothing for the empty board.\n"
    "\n"
    "options:\n"
    "  --size N | --width W --height H   board (5..32; default 15)\n"
    "  --rule freestyle|standard|renju   five or more wins / exactly five / renju:\n"
    "                                    black exactly five, never on a forbidden\n"
    "                                    point (no GPU design), white five or more\n"
    "                                    (default freestyle)\n"
    "  --candidates all|near:T           every empty cell, or cells within T (1..4)\n"
    "                                    of a stone (default near:2)\n"
    "  --depth D                         plies (default 4)\n"
    "  --time MS                         iterative deepening within MS milliseconds\n"
    "                                    (up to --depth, default 64 then)\n"
    "  --algo minimax|alphabeta|pvs|pattern   (default pvs: iterative deepening,\n"
    "                                    table, killers, history, threats first;\n"
    "                                    pattern: the Gomocup engine's search, line\n"
    "                                    patterns, null move, reductions; threads\n"
    "                                    by Lazy SMP)\n"
    "  --threads N                       (default 1)\n"
    "  --parallel root|split|shared      threads' way (default shared: gts's own)\n"
    "  --split-depth S                   split: the ply whose moves are shared out\n"
    "                                    (1 = the root's; default 1)\n"
    "  --schedule static|dynamic|guided  root and split (default dynamic)\n"
    "  --vcf                             look for a win by continuous fours first\n"
    "  --vct                             ... then by continuous threats (threes too)\n"
    "  --eval shapes|potential|scan      leaf evaluation (default shapes; scan: the\n"
    "                                    potential by direction scans, same values)\n"
    "  --tt-mb MB                        table size for pvs (default " GTS_TT_DEFAULT_MB_TEXT ")\n"
    "  --json                            best: one JSON object; bench: one a line\n"
    "  --backend cpu|gpu                 best: gpu runs one of the reports' GPU\n"
    "                                    designs to --depth (default cpu)\n"
    "  --design naive|seqpar|batch|pvs|dynamic   the GPU design (default pvs): a\n"
    "                                    thread per root move; the host's top\n"
    "                                    --split plies then a thread per node\n"
    "                                    (default depth-1); every leaf evaluated\n"
    "                                    on the GPU; PV-split with a null window,\n"
    "                                    a block per sibling; kernels launching\n"
    "                                    kernels, a block per node\n"
    "  --split S  --chunk N              seqpar's host plies; frontier nodes per\n"
    "                                    launch (default 1048576)\n"
    "  --executor gpu|cpu                cpu runs the device code on one CPU thread\n"
    "  --block-threads N                 pvs: threads per block (32..1024)\n"
    "\n"
    "play: --black engine|human, --white engine|human (default engine: the\n"
    "  options above; a human's moves are read from stdin, one a line);\n"
    "  --random N [--random-radius R] [--seed S]: the first N moves at random\n"
    "  within R (default 3) of a stone or of the centre.\n"
    "bench table: --algo A,B,.. --sizes 6,9,.. --depths 1-4 (default all\n"
    "  three algorithms, 6..24 by 3, 1..4; candidates all); --max-seconds S: a\n"
    "  cell past S seconds (default 60) ends that algorithm's larger cells.  The\n"
    "  defaults take minutes; when stderr is not a terminal, both benches write\n"
    "  a line there per finished row.\n"
    "bench table --gpu: the report's GPU designs (every --design) beside the\n"
    "  CPU's alpha-beta and PVS on --threads (default every core), with the\n"
    "  report's figure for each; --whole-game: a whole game a cell (Tables 8\n"
    "  and 9); --csv: one line a cell.\n"
    "bench positions FILE: --threads 1,2,4,.. (default 1,2,4,8,16), --depth\n"
    "  (default 3), --limit N: the first N positions; --gpu: one more column,\n"
    "  the --design on the GPU; --csv: one line a position and column.\n"
    "bench --plot FILE.svg|png: draws the table with gnuplot (as 'gts plot' on\n"
    "  its --csv): table, a panel a depth, boards across, seconds (with --gpu\n"
    "  each variant's speed-up over the naive design), log scale; positions,\n"
    "  the speed-up of the total over one thread against the ideal.\n"
    "Lists of numbers take ranges too: 1-4, 1-4,8,16.\n"
    "\n"
    "exit status: 0 ok, 1 failure, 2 usage error.\n";

static int cmd_best(gm_cli *c, int argc, char **argv)
{
    gm_board b;
    if (gm_cli_board(c, argc, argv, &b) != 0)
        return EXIT_FAIL;
    if (gm_game_over(&b)) {
        cli_error("the game is over: %s", b.winner >= 0 ? "a five is on the board" : "the board is full");
        return EXIT_FAIL;
    }
    gm_result r;
    gmg_stats st = { 0 };
    char err[256], move[16], score[32], gpu[128] = "";
    if (c->gpu_backend) {
        if (c->opt.time_ms || c->opt.threads > 1 || c->opt.vcf || c->opt.vct) {
            cli_error("--backend gpu searches a fixed --depth: --%s is the CPU's",
                      c->opt.time_ms ? "time" : c->opt.threads > 1 ? "threads" : c->opt.vcf ? "vcf" : "vct");
            return EXIT_USAGE;
        }
        gmg_searcher *s = gm_cli_gpu_create(c);
        const int rc = s ? gm_cli_gpu_search(s, &b, &r, &st) : -1;
        gmg_free(s);
        if (rc != 0)
            return EXIT_FAIL;
        snprintf(gpu, sizeof gpu, " [%s on the %s: %d launches, %ld jobs, kernel %.3f ms]",
                 gmg_design_name(c->gpu.design), c->gpu.executor == GMG_EXEC_CPU ? "cpu executor" : "gpu",
                 st.launches, st.jobs, st.kernel_us / 1000.0);
    } else if (gm_search(&b, &c->opt, &r, err, sizeof err) != 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    gm_format_cell(&b, r.move, move, sizeof move);
    gm_cli_score(r.score, score, sizeof score);
    if (c->json)
        printf("{\"move\":\"%s\",\"x\":%d,\"y\":%d,\"score\":%d,\"depth\":%d,\"nodes\":%llu,\"usec\":%.1f,\"vcf\":%s,"
               "\"vct\":%s,\"kernel_usec\":%.1f,\"launches\":%d}\n",
               move, r.move % b.width, r.move / b.width, r.score, r.depth, (unsigned long long)r.nodes, r.usec,
               r.vcf && !r.vct ? "true" : "false", r.vct ? "true" : "false", st.kernel_us, st.launches);
    else
        printf("best %s (%d,%d) score %s depth %d nodes %llu time %.3f ms%s%s\n", move, r.move % b.width,
               r.move / b.width, score, r.depth, (unsigned long long)r.nodes, r.usec / 1000.0,
               r.vct ? " (VCT)" : r.vcf ? " (VCF)" : "", gpu);
    return EXIT_OK;
}

static int cmd_show(gm_cli *c, int argc, char **argv)
{
    gm_board b;
    if (gm_cli_board(c, argc, argv, &b) != 0)
        return EXIT_FAIL;
    char text[GM_MAX_SIZE * GM_MAX_SIZE * 4];
    gm_print(&b, text, sizeof text);
    fputs(text, stdout);
    static const char *const who[2] = { "black (X)", "white (O)" };
    for (int colour = 0; colour < 2; colour++) {
        int counts[GM_SHAPES];
        gm_count_shapes(&b, colour, counts);
        printf("%s:", who[colour]);
        for (int s = GM_SHAPES - 1; s > GM_SHAPE_NONE; s--)
            if (counts[s])
                printf(" %d %s", counts[s], gm_shape_name[s]);
        printf("  (value %d)\n", b.value[colour]);
    }
    if (b.winner >= 0)
        printf("%s has five\n", who[b.winner]);
    else
        printf("%s to move, evaluation %+d\n", who[b.side], gm_eval(&b));
    return EXIT_OK;
}

static int cmd_bench(gm_cli *c, int argc, char **argv)
{
    if (argc == 1 && strcmp(argv[0], "table") == 0)
        return gomoku_bench_table(c);
    if (argc == 2 && strcmp(argv[0], "positions") == 0)
        return gomoku_bench_positions(c, argv[1]);
    cli_error("usage: gts gomoku bench table | positions FILE (see 'gts gomoku --help')");
    return EXIT_USAGE;
}

int gomoku_main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? EXIT_USAGE : EXIT_OK;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "pbrain") == 0)
        return gomoku_pbrain_main(argc - 1, argv + 1);
    static const struct {
        const char *name;
        int (*run)(gm_cli *, int, char **);
    } commands[] = {
        { "best", cmd_best },
        { "show", cmd_show },
        { "play", gomoku_play_main },
        { "bench", cmd_bench },
    };
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++) {
        if (strcmp(cmd, commands[i].name) != 0)
            continue;
        gm_cli c;
        const int n = gm_cli_parse(cmd, usage_text, argc - 1, argv + 1, &c);
        if (n < 0)
            return cli_parse_status(n);
        return commands[i].run(&c, n, argv + 2);
    }
    cli_error("unknown gomoku command '%s' (see 'gts gomoku --help')", cmd);
    return EXIT_USAGE;
}
