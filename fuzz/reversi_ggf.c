/*
 * GGF games (rv_ggf_parse), as NBoard's "set game" hands them over: a
 * game taken is a legal 8x8 game (each position's squares of one side
 * only, each move leading to the next position); a refusal has a reason.
 */
#include "fuzz.h"

#include "reversi/engine/rv_ggf.h"

static rv_game game, replay;   /* 4 KB each */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_string(data, size), err[300];
    if (rv_ggf_parse(text, &game, err, sizeof err) != 0) {
        fuzz_check_reason(err, sizeof err, "rv_ggf_parse");
        free(text);
        return 0;
    }
    FUZZ_CHECK(game.n >= 0 && game.n <= RV_GAME_MAX_MOVES, "rv_ggf_parse: %d moves", game.n);
    rv_game_start(&replay, &game.pos[0], game.black[0]);
    for (int i = 0; i < game.n; i++) {
        FUZZ_CHECK(!(game.pos[i].me & game.pos[i].opp), "rv_ggf_parse: position %d has a square of both sides", i);
        const int by = game.black[i] ? RV_BY_BLACK : RV_BY_WHITE;
        FUZZ_CHECK(rv_game_play(&replay, game.moves[i], by, err, sizeof err) == 0, "rv_ggf_parse: move %d: %s", i + 1,
                   err);
    }
    FUZZ_CHECK(replay.n == game.n && !memcmp(rv_game_now(&replay), rv_game_now(&game), sizeof(rv_pos)),
               "rv_ggf_parse: its moves replayed end elsewhere");
    free(text);
    return 0;
}
