/* gts gomoku show: a position's board, each side's shapes and values,
 * and the evaluation for the side to move. */
#include "cli/cli.h"
#include "cli/gomoku/gomoku_cli.h"

int gomoku_show_main(int argc, char **argv)
{
    gomoku_board_opts board = GOMOKU_BOARD_OPTS;
    const cli_option opts[] = { GOMOKU_OPT_BOARD(&board), CLI_OPT_END };
    const cli_command cmd = { "gomoku show", gomoku_usage_text, GOMOKU_OPTIONS };
    const int n = cli_parse_options(&cmd, argc, argv, opts);
    if (n < 0)
        return cli_parse_status(n);
    gm_board b;
    if (gomoku_board(&board, n, argv + 1, &b) != 0)
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
