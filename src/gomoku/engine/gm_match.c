/* A whole game, engine or human on each side (gm_match.h). */
#include "gomoku/engine/gm_match.h"

#include <stdlib.h>

#include "core/clock.h"
#include "core/rng.h"

int gm_match_start(gm_match *m, const gm_search_options *o, char *err, size_t errlen)
{
    m->stop = o->stop;
    m->engine = NULL;
    if (m->player[GM_BLACK] != GM_ENGINE_PLAYER && m->player[GM_WHITE] != GM_ENGINE_PLAYER)
        return 0;
    m->engine = gm_searcher_create(o, err, errlen);
    return m->engine ? 0 : -1;
}

void gm_match_free(gm_match *m)
{
    gm_searcher_free(m->engine);
    m->engine = NULL;
}

int gm_match_random_cells(const gm_board *b, int radius, int16_t *out)
{
    int n = 0;
    for (int y = 0; y < b->height; y++)
        for (int x = 0; x < b->width; x++) {
            const int cell = gm_cell(b, x, y);
            if (b->cell[cell] != GM_EMPTY || gm_is_winning_move(b, cell, b->side))
                continue;
            bool near = b->stones == 0 && abs(x - b->width / 2) <= radius && abs(y - b->height / 2) <= radius;
            for (int yy = y - radius; yy <= y + radius && !near; yy++)
                for (int xx = x - radius; xx <= x + radius && !near; xx++)
                    near = xx >= 0 && xx < b->width && yy >= 0 && yy < b->height &&
                           b->cell[gm_cell(b, xx, yy)] != GM_EMPTY;
            if (near)
                out[n++] = (int16_t)cell;
        }
    return n;
}

static void play(gm_match *m, const gm_match_move *move)
{
    if (m->on_move)
        m->on_move(m->ctx, &m->board, move);
    gm_play(&m->board, move->cell);
}

/* The first moves at random; fewer when no cell is fit. */
static void play_random_moves(gm_match *m)
{
    uint64_t rng = m->seed;
    for (int i = 0; i < m->random_moves && !gm_game_over(&m->board); i++) {
        int16_t cells[GM_MAX_CELLS];
        const int n = gm_match_random_cells(&m->board, m->random_radius, cells);
        if (n == 0)
            return;
        const gm_match_move move = { .cell = cells[gts_splitmix64(&rng) % (uint64_t)n], .by = "random", .usec = -1 };
        play(m, &move);
    }
}

/* The side to move's move; false when it has none. */
static bool next_move(gm_match *m, bool *input_ended)
{
    const int side = m->board.side;
    gm_match_move move;
    gm_result r;
    if (m->player[side] == GM_ENGINE_PLAYER) {
        gm_searcher_run(m->engine, &m->board, &r);
        if (gts_stop_raised(m->stop))
            return false;
        move = (gm_match_move){ .cell = r.move, .by = "engine", .search = &r, .usec = r.usec };
    } else {
        const double t0 = gts_now_usec();
        int cell;
        if (!m->human_move(m->ctx, &m->board, &cell)) {
            *input_ended = !gts_stop_raised(m->stop);
            return false;
        }
        move = (gm_match_move){ .cell = cell, .by = "human", .usec = gts_now_usec() - t0 };
    }
    m->usec[side] += move.usec;
    m->moves[side]++;
    play(m, &move);
    return true;
}

gm_match_end gm_match_play(gm_match *m)
{
    m->moves[0] = m->moves[1] = 0;
    m->usec[0] = m->usec[1] = 0;
    play_random_moves(m);
    bool input_ended = false;
    while (!gm_game_over(&m->board) && !gts_stop_raised(m->stop) && next_move(m, &input_ended))
        ;
    if (m->board.winner >= 0)
        return GM_MATCH_FIVE;
    if (gm_game_over(&m->board))
        return GM_MATCH_FULL;
    return input_ended ? GM_MATCH_INPUT_ENDED : GM_MATCH_STOPPED;
}
