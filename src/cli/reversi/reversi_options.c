/* The usage of gts reversi, and the option helpers its commands share
 * (cli/reversi/reversi_cli.h). */
#include "cli/cli.h"
#include "cli/cli_options.h"
#include "cli/reversi/reversi_cli.h"
#include "gts/reversi_board.h"
#include "gts/tt_size.h"

const char reversi_usage_text[] =
    "usage: gts reversi <command> [options]\n"
    "\n"
    "commands:\n"
    "  perft DEPTH [MOVES]   move sequences of DEPTH plies from the start (or after\n"
    "                        MOVES, e.g. f5d6c3), a pass counted as a move and a\n"
    "                        game over before DEPTH as none: leaves, time,\n"
    "                        leaves/s (with --gpu the kernel's ms too)\n"
    "  best POSITION         the depth-limited search's move (see 'best --help')\n"
    "  solve [FILE...]       exact endgame scores of .obf lines (64 squares, side to\n"
    "                        move, optionally '; move:score; ...' with the best\n"
    "                        score): best move, score, nodes, time; a wrong score\n"
    "                        or a bad line makes the exit status 1; on a\n"
    "                        terminal the bounds proved so far show on stderr,\n"
    "                        and Ctrl-C (or SIGTERM) prints them for the position\n"
    "                        it stops\n"
    "  play                  two games between two players, each black once, and\n"
    "                        their search times (see 'play --help')\n"
    "  bench table           the GPU Reversi report's tables for two players\n"
    "                        (see 'bench table --help')\n"
    "  nboard                the NBoard engine protocol on stdin/stdout, for the\n"
    "                        NBoard GUI (see 'nboard --help')\n"
    "  gtp                   the Go Text Protocol on stdin/stdout, for GoGui,\n"
    "                        Quarry and GTP bridges (see 'gtp --help')\n"
    "\n"
    "options:\n"
    "  --wld        solve: win / draw / loss only (scores -1, 0, 1)\n"
    "  --log        solve: Edax's and Egaroucid's columns instead, a line per\n"
    "               position as soon as it is solved: number, depth@100%,\n"
    "               score, time, nodes, nodes/s and a principal variation\n"
    "               (a1..h8, ps for a pass: a line of best play to the end),\n"
    "               then the totals (not with --wld, --each, --gpu, --mpi)\n"
    "  --tt-mb MB   solve: table size (default " GTS_TT_DEFAULT_MB_TEXT ")\n"
    "  --threads N  solve: threads sharing the table (default 1); with --each,\n"
    "               threads each solving positions of their own; perft:\n"
    "               threads sharing the subtrees of the first plies\n"
    "  --each       solve: a batch, each thread (--threads) solving its own\n"
    "               positions with its own table of --tt-mb; a window of\n"
    "               positions read, solved and printed in file order before\n"
    "               the next, then the batch's time\n"
    "  --window N   solve --each, --gpu: positions a window holds (default\n"
    "               1048576: about 72 MB, 112 MB with --gpu); memory is the\n"
    "               window's, not the input's\n"
    "  --mpi        solve under mpirun: rank 0 deals the positions to the ranks,\n"
    "               itself included (most empties first), printed in file order\n"
    "               as they come; --checkpoint FILE keeps each finished line,\n"
    "               and a run started again with it solves only the rest\n"
    "               (another run's file, or one changed, is refused); with\n"
    "               --gpu, batches of positions alike, each rank on a GPU of\n"
    "               its own (its index among its host's ranks)\n"
    "  --mpi-split S  solve under mpirun: each position by every rank together,\n"
    "               the root's windows split S plies down (young brothers wait,\n"
    "               windows kept) into searches dealt to the ranks (1..12)\n"
    "  --gpu        solve: a batch on the GPU's lanes (positions of at most\n"
    "               20 empties, one lane each) and --threads CPU threads\n"
    "               (default all) beside them, which take the deeper\n"
    "               positions (a thread each, or when there are few all\n"
    "               threads together) and those over the budget, and all\n"
    "               of a batch too small for the lanes (--gpu-least);\n"
    "               lines printed in order as soon as solved; perft:\n"
    "               count on the GPU\n"
    "  --gpu-budget N  solve --gpu: nodes a lane spends on a position before\n"
    "               it hands it to the CPU threads (default 262144; 0: no\n"
    "               limit)\n"
    "  --executor E solve, perft with --gpu: gpu (default) or cpu, the\n"
    "               kernel's code on the CPU (solve: on --threads threads)\n"
    "  --gpus N     solve, perft with --gpu: the first N GPUs, each a host\n"
    "               thread and a share of the positions or subtrees dealt in\n"
    "               turn (with --executor cpu, N executors)\n"
    "  --gpu-device N  solve, perft with --gpu: GPU N (0-based) only\n"
    "  --cpu-beside solve --gpu (the default): the CPU threads (--threads\n"
    "               less one per GPU) solve positions too while the lanes\n"
    "               run, the deep ones first, then from the far end of each\n"
    "               GPU's share\n"
    "  --gpu-only   solve --gpu: the lanes alone, the CPU threads only on\n"
    "               what they cannot take, after them (to measure the lanes)\n"
    "  --gpu-least N  solve --gpu: the fewest positions of a batch (of at\n"
    "               most 20 empties) a GPU's lanes take, fewer all the CPU\n"
    "               threads' (default 10000; with --executor cpu or\n"
    "               --gpu-only 1);\n"
    "               --hybrid: tasks waiting before a launch (default 64)\n"
    "  --hybrid     solve --gpu: each position by the CPU threads and the\n"
    "               lanes in one search (the threads walk the top of the\n"
    "               tree, nodes at --gpu-frontier empties are the lanes' or\n"
    "               the threads' tasks); measured slower than --threads\n"
    "               alone (docs/notes/hybrid.md), kept for research\n"
    "  --gpu-frontier E  solve --hybrid: empties of a task (6..20,\n"
    "               default 14)\n"
    "  --split S    perft: the host enumerates the first S plies, each\n"
    "               sequence a task (default: the fewest giving enough tasks;\n"
    "               with --gpu at most 7 plies below S)\n"
    "  -h, --help   this help\n";

int reversi_parse_size(void *size, const char *text, char *err, size_t errlen)
{
    reversi_size *s = size;
    return rvb_parse_size(text, &s->width, &s->height, err, errlen);
}

const char *const reversi_executors[] = { "gpu", "cpu", NULL };

int reversi_parse_gpu_options(const char *name, int argc, char **argv, const cli_option *opts,
                              const reversi_gpu_flags *f, int *status)
{
    const cli_command cmd = { name, reversi_usage_text, REVERSI_OPTIONS };
    const int n = cli_parse_options(&cmd, argc, argv, opts);
    if (n < 0) {
        *status = cli_parse_status(n);
        return -1;
    }
    const char *why = f->gpu                        ? NULL
                      : f->executor >= 0            ? "--executor needs --gpu"
                      : f->gpus                     ? "--gpus needs --gpu"
                      : f->device >= 0              ? "--gpu-device needs --gpu"
                                                    : NULL;
    if (!why)
        why = cli_gpus_conflict(f->gpus, f->device, false);
    if (why) {
        cli_error("%s", why);
        *status = EXIT_USAGE;
        return -1;
    }
    return n;
}

int reversi_choose_gpu(const reversi_gpu_flags *f, bool mpi)
{
    char err[256];
    if (!f->gpu || f->executor == 1)
        return 0;
    if (cli_choose_gpu(f->device, f->gpus, mpi, err, sizeof err) == 0)
        return cli_gpu_check(true, mpi);
    cli_error("%s", err);
    return EXIT_FAIL;
}

int reversi_options_only(const char *what, const cli_command *cmd, int argc, char **argv, const cli_option *opts)
{
    const int n = cli_parse_options(cmd, argc, argv, opts);
    if (n < 0)
        return cli_parse_status(n);
    if (n > 0) {
        cli_error("%s takes no arguments, only options: '%s'", what, argv[1]);
        return EXIT_USAGE;
    }
    return -1;
}

int reversi_parse_players(const char *const text[2], rvp_spec specs[2])
{
    char err[320];
    for (int i = 0; i < 2; i++)
        if (rvp_parse(text[i], &specs[i], err, sizeof err) != 0) {
            cli_error("--player%d: %s", i + 1, err);
            return -1;
        }
    return 0;
}
