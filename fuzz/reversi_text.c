/*
 * Reversi text boards (rvb_parse_text) at every size, 8x8 to 64x64: the
 * input tried as a board of each.  A board taken has no square both black
 * and white, and is written (rvb_format_text) and read back the same, side
 * to move included; a refusal has a reason.
 */
#include "fuzz.h"

#include "gts/reversi_board.h"

static const int sides[] = { 8, 16, 32, 64 };
static rvb board, again;
static char text[RVB_MAX_SQUARES + RVB_MAX_SIDE + 4];

static void parse(int width, int height, const char *input)
{
    char err[200];
    bool black;
    if (rvb_parse_text(&board, width, height, input, &black, err, sizeof err) != 0) {
        fuzz_check_reason(err, sizeof err, "rvb_parse_text");
        return;
    }
    for (int w = 0; w < board.words; w++)
        FUZZ_CHECK(!(board.me[w] & board.opp[w]), "rvb_parse_text %dx%d: a square of both sides in word %d", width,
                   height, w);
    rvb_format_text(&board, black, text);
    bool black_again;
    FUZZ_CHECK(rvb_parse_text(&again, width, height, text, &black_again, err, sizeof err) == 0,
               "rvb_parse_text %dx%d: its own text refused: %s", width, height, err);
    FUZZ_CHECK(black_again == black && !memcmp(again.me, board.me, sizeof board.me[0] * (size_t)board.words) &&
                   !memcmp(again.opp, board.opp, sizeof board.opp[0] * (size_t)board.words),
               "rvb_parse_text %dx%d: its own text read back as another position", width, height);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *input = fuzz_string(data, size);
    for (size_t w = 0; w < sizeof sides / sizeof *sides; w++)
        for (size_t h = 0; h < sizeof sides / sizeof *sides; h++)
            parse(sides[w], sides[h], input);
    free(input);
    return 0;
}
