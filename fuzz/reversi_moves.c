/*
 * Reversi squares and move lists at every size: rv_parse_square and
 * rv_parse_moves (8x8), rvb_parse_size, rvb_parse_square and
 * rvb_parse_moves on each board from 8x8 to 64x64.  A square taken is on
 * its board and its name reads back the same; a move list that both 8x8
 * parsers take gives both the same position and side to move; every
 * refusal has a reason.
 */
#include "fuzz.h"

#include "gts/reversi.h"
#include "gts/reversi_board.h"

static const int sides[] = { 8, 16, 32, 64 };
static rvb board;

/* rvb_parse_square on b, and its name read back. */
static void square(const rvb *b, const char *input)
{
    char err[200], name[8];
    const int sq = rvb_parse_square(b, input, err, sizeof err);
    if (sq < 0) {
        fuzz_check_reason(err, sizeof err, "rvb_parse_square");
        return;
    }
    FUZZ_CHECK(sq == RVB_PASS || sq < b->width * b->height, "rvb_parse_square %dx%d: square %d", b->width,
               b->height, sq);
    rvb_format_square(b, sq, name);
    FUZZ_CHECK(rvb_parse_square(b, name, err, sizeof err) == sq, "rvb_parse_square %dx%d: '%s' (%d) not read back",
               b->width, b->height, name, sq);
}

/* The 8x8 parsers, and rvb_parse_moves at 8x8 against rv_parse_moves. */
static void eight(const char *input)
{
    char err[200], name[3];
    const int sq = rv_parse_square(input, err, sizeof err);
    if (sq < 0) {
        fuzz_check_reason(err, sizeof err, "rv_parse_square");
    } else {
        rv_format_square(sq, name);
        FUZZ_CHECK(rv_parse_square(name, err, sizeof err) == sq, "rv_parse_square: '%s' (%d) not read back", name, sq);
    }
    rv_pos p;
    bool black, board_black;
    const bool taken = rv_parse_moves(input, &p, &black, err, sizeof err) == 0;
    if (!taken)
        fuzz_check_reason(err, sizeof err, "rv_parse_moves");
    char berr[200];
    FUZZ_CHECK(rvb_init(&board, 8, 8, berr, sizeof berr) == 0, "rvb_init 8x8: %s", berr);
    if (rvb_parse_moves(&board, input, &board_black, berr, sizeof berr) != 0 || !taken)
        return;
    FUZZ_CHECK(board.me[0] == p.me && board.opp[0] == p.opp && board_black == black,
               "rv_parse_moves and rvb_parse_moves give two positions");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *input = fuzz_string(data, size), err[200];
    eight(input);
    int width, height;
    if (rvb_parse_size(input, &width, &height, err, sizeof err) != 0)
        fuzz_check_reason(err, sizeof err, "rvb_parse_size");
    else
        FUZZ_CHECK(rvb_init(&board, width, height, err, sizeof err) == 0, "rvb_parse_size gave %dx%d: %s", width,
                   height, err);
    for (size_t w = 0; w < sizeof sides / sizeof *sides; w++)
        for (size_t h = 0; h < sizeof sides / sizeof *sides; h++) {
            FUZZ_CHECK(rvb_init(&board, sides[w], sides[h], err, sizeof err) == 0, "rvb_init: %s", err);
            square(&board, input);
            bool black;
            if (rvb_parse_moves(&board, input, &black, err, sizeof err) != 0)
                fuzz_check_reason(err, sizeof err, "rvb_parse_moves");
        }
    free(input);
    return 0;
}
