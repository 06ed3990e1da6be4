/*
 * .obf lines (rv_parse_obf, and rv_parse_board under it): a line taken
 * has no square of both sides and, when it gives a score, a disc
 * difference a game can end with (-64..64); a refusal has a reason.
 */
#include "fuzz.h"

#include "gts/reversi.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *line = fuzz_string(data, size), err[200];
    rv_pos p;
    bool black, has_score;
    int score = 0;
    if (rv_parse_obf(line, &p, &black, &has_score, &score, err, sizeof err) != 0) {
        fuzz_check_reason(err, sizeof err, "rv_parse_obf");
    } else {
        FUZZ_CHECK(!(p.me & p.opp), "rv_parse_obf: a square of both sides");
        FUZZ_CHECK(!has_score || (score >= -64 && score <= 64), "rv_parse_obf: score %d", score);
    }
    free(line);
    return 0;
}
