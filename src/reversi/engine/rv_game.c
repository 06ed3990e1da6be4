/* The game an engine plays, a move at a time (rv_game.h). */
#include "reversi/engine/rv_game.h"

#include <stdio.h>

const char *rv_side_name(int by)
{
    return by == RV_BY_BLACK ? "black" : "white";
}

void rv_game_start(rv_game *g, const rv_pos *p, bool black_to_move)
{
    g->n = 0;
    g->pos[0] = *p;
    g->black[0] = black_to_move;
    g->undos = 0;
}

void rv_game_new(rv_game *g)
{
    rv_pos start;
    rv_start(&start);
    rv_game_start(g, &start, true);
}

/* Appends a move known to be legal (or a pass) to the game. */
static int append(rv_game *g, int sq, char *err, size_t errlen)
{
    if (g->n == RV_GAME_MAX_MOVES) {
        snprintf(err, errlen, "more than %d moves", RV_GAME_MAX_MOVES);
        return -1;
    }
    rv_pos p = g->pos[g->n];
    if (sq == RV_PASS)
        rv_pass(&p);
    else
        rv_play(&p, sq, rv_flips(p.me, p.opp, sq));
    g->moves[g->n] = sq;
    g->pos[g->n + 1] = p;
    g->black[g->n + 1] = !g->black[g->n];
    g->n++;
    return 0;
}

/* rv_game_play without its undo mark. */
static int play(rv_game *g, int sq, int by, char *err, size_t errlen)
{
    const rv_pos *p = rv_game_now(g);
    const int mover = rv_game_mover(g);
    char name[3];
    rv_format_square(sq, name);
    if (rv_game_over(p)) {
        snprintf(err, errlen, "the game is over: no move (%s) can be played", name);
        return -1;
    }
    const bool stuck = !rv_moves(p->me, p->opp);
    /* The other side's move when the side to move cannot move: its pass
     * was left out. */
    if (stuck && sq != RV_PASS && by != mover) {
        const rv_pos after_pass = { p->opp, p->me };
        if (!rv_flips(after_pass.me, after_pass.opp, sq)) {
            snprintf(err, errlen, "%s is illegal (%s must pass, and %s cannot play there)", name,
                     rv_side_name(mover), rv_side_name(!mover));
            return -1;
        }
        return append(g, RV_PASS, err, errlen) == 0 ? append(g, sq, err, errlen) : -1;
    }
    if (by != RV_BY_EITHER && by != mover) {
        snprintf(err, errlen, "%s by %s, but %s is to move", name, rv_side_name(by), rv_side_name(mover));
        return -1;
    }
    if (sq == RV_PASS && !stuck) {
        snprintf(err, errlen, "a pass, but %s has a legal move", rv_side_name(mover));
        return -1;
    }
    if (sq != RV_PASS && !rv_flips(p->me, p->opp, sq)) {
        snprintf(err, errlen, "%s is illegal for %s%s", name, rv_side_name(mover), stuck ? ", who must pass" : "");
        return -1;
    }
    return append(g, sq, err, errlen);
}

int rv_game_play(rv_game *g, int sq, int by, char *err, size_t errlen)
{
    const int before = g->n;
    if (play(g, sq, by, err, errlen) != 0)
        return -1;
    g->undo[g->undos++] = before;
    return 0;
}

bool rv_game_undo(rv_game *g)
{
    if (g->undos == 0)
        return false;
    g->n = g->undo[--g->undos];
    return true;
}
