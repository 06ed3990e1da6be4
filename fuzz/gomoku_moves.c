/*
 * Gomoku cells and move lists (gm_parse_cell, gm_parse_moves): the input
 * on the 15x15 and 19x19 boards and on one other size picked by its
 * length (5..32 a side, rectangles too), freestyle and standard.  A cell
 * taken is on the board and is read back the same from its name; a move
 * list taken leaves a board whose kept shape values equal the values
 * recomputed from its stones; a refusal has a one-line reason.
 */
#include "fuzz.h"

#include "gts/gomoku.h"

static gm_board board;   /* 70 KB: not on the stack */

static void parse(int width, int height, gm_rule rule, const char *text)
{
    char err[200];
    FUZZ_CHECK(gm_init(&board, width, height, rule, 2, err, sizeof err) == 0, "gm_init %dx%d: %s", width, height, err);
    int cell;
    if (gm_parse_cell(&board, text, &cell, err, sizeof err) != 0) {
        fuzz_check_reason(err, sizeof err, "gm_parse_cell");
    } else {
        FUZZ_CHECK(cell >= 0 && cell < board.cells, "gm_parse_cell: cell %d of %d", cell, board.cells);
        char name[32];
        int again;
        gm_format_cell(&board, cell, name, sizeof name);
        FUZZ_CHECK(gm_parse_cell(&board, name, &again, err, sizeof err) == 0 && again == cell,
                   "gm_parse_cell: '%s' (cell %d) is not read back", name, cell);
    }
    if (gm_parse_moves(&board, text, err, sizeof err) != 0) {
        fuzz_check_reason(err, sizeof err, "gm_parse_moves");
        return;
    }
    int stones = 0;
    for (int c = 0; c < board.cells; c++)
        stones += board.cell[c] != GM_EMPTY;
    FUZZ_CHECK(stones == board.stones, "gm_parse_moves: %d stones counted, %d on the board", board.stones, stones);
    for (int colour = GM_BLACK; colour <= GM_WHITE; colour++)
        FUZZ_CHECK(gm_value_slow(&board, colour) == board.value[colour],
                   "gm_parse_moves: colour %d's value %d kept, %d recomputed", colour, board.value[colour],
                   gm_value_slow(&board, colour));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const int span = GM_MAX_SIZE - GM_MIN_SIZE + 1;
    char *text = fuzz_string(data, size);
    parse(15, 15, GM_FREESTYLE, text);
    parse(19, 19, GM_STANDARD, text);
    parse(GM_MIN_SIZE + (int)(size % span), GM_MIN_SIZE + (int)(size / span % span), size & 1 ? GM_STANDARD : GM_FREESTYLE,
          text);
    free(text);
    return 0;
}
