/* A protocol's game: our stones and the opponent's (gm_game.h). */
#include "gomoku/engine/gm_game.h"

#include <string.h>

void gm_game_new(gm_game *g, int width, int height)
{
    g->width = width;
    g->height = height;
    gm_game_clear(g);
}

void gm_game_clear(gm_game *g)
{
    memset(g->who, GM_GAME_EMPTY, sizeof g->who);
    g->stones = 0;
}

void gm_game_put(gm_game *g, int cell, int who)
{
    g->who[cell] = (uint8_t)who;
    g->order[g->stones++] = (int16_t)cell;
}

void gm_game_take(gm_game *g, int cell)
{
    int i = 0;
    while (g->order[i] != cell)
        i++;
    memmove(g->order + i, g->order + i + 1, (size_t)(g->stones - i - 1) * sizeof g->order[0]);
    g->stones--;
    g->who[cell] = GM_GAME_EMPTY;
}

/* The colour with a winning five on b, or -1: read from the position,
 * not stone by stone, as a caro five is judged by the stones at its ends,
 * which may come after it in the protocol's order. */
static int five_on(const gm_board *b)
{
    for (int cell = 0; cell < b->cells; cell++)
        if (b->cell[cell] != GM_EMPTY && gm_is_winning_move(b, cell, b->cell[cell] - GM_BLACK_STONE))
            return b->cell[cell] - GM_BLACK_STONE;
    return -1;
}

bool gm_game_board(const gm_game *g, gm_rule rule, int near, gm_board *b)
{
    char err[128];
    gm_init(b, g->width, g->height, rule, near, err, sizeof err);   /* sizes checked by gm_game_new's caller */
    int mine = 0;
    for (int i = 0; i < g->stones; i++)
        mine += g->who[g->order[i]] == GM_GAME_MINE;
    const int me = g->stones - mine > mine ? GM_WHITE : GM_BLACK;
    int16_t list[2][GM_MAX_CELLS];
    int len[2] = { 0, 0 }, next[2] = { 0, 0 };
    for (int i = 0; i < g->stones; i++) {
        const int c = g->who[g->order[i]] == GM_GAME_MINE ? me : me ^ 1;
        list[c][len[c]++] = g->order[i];
    }
    bool uneven = false;
    while (next[GM_BLACK] < len[GM_BLACK] || next[GM_WHITE] < len[GM_WHITE]) {
        if (next[b->side] == len[b->side]) {
            b->side ^= 1;
            uneven = true;
        }
        const int c = b->side;
        gm_play(b, list[c][next[c]++]);
    }
    uneven |= b->side != me;
    b->side = me;
    b->winner = five_on(b);
    return uneven;
}

int gm_game_five(const gm_game *g, gm_rule rule)
{
    gm_board b;
    char err[128];
    gm_init(&b, g->width, g->height, rule, 0, err, sizeof err);   /* sizes checked by gm_game_new's caller */
    /* Each stone played by its owner (black: ours), whatever the order. */
    for (int i = 0; i < g->stones; i++) {
        const int who = g->who[g->order[i]];
        if (who == GM_GAME_MARKED)
            continue;
        b.side = who == GM_GAME_MINE ? GM_BLACK : GM_WHITE;
        gm_play(&b, g->order[i]);
    }
    const int winner = five_on(&b);
    return winner < 0 ? GM_GAME_EMPTY : winner == GM_BLACK ? GM_GAME_MINE : GM_GAME_THEIRS;
}

int gm_game_centre_move(const gm_game *g)
{
    int best = GM_NO_MOVE;
    long best_d = 0;
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++) {
            const long dx = 2 * x - (g->width - 1), dy = 2 * y - (g->height - 1), d = dx * dx + dy * dy;
            const int cell = y * g->width + x;
            if (g->who[cell] == GM_GAME_EMPTY && (best < 0 || d < best_d))
                best = cell, best_d = d;
        }
    return best;
}
