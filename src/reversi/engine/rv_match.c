/* The report's match between two players (rv_match.h). */
#include "reversi/engine/rv_match.h"

#include <stdio.h>
#include <string.h>

#include "core/clock.h"

static int discs(const uint64_t *w, int words)
{
    int n = 0;
    for (int i = 0; i < words; i++)
        n += __builtin_popcountll(w[i]);
    return n;
}

int rvp_play_game(rvp_player *black, rvp_player *white, int width, int height, const gts_stop *stop, rvp_game *g,
                  char *err, size_t errlen)
{
    static rvb b;
    if (rvb_init(&b, width, height, err, errlen) != 0)
        return -1;
    memset(g, 0, sizeof *g);
    g->width = width;
    g->height = height;
    rvp_clear(black);
    rvp_clear(white);
    bool black_to_move = true;
    while (!rvb_game_over(&b)) {
        if (gts_stop_raised(stop)) {
            g->stopped = true;
            return 0;
        }
        uint64_t moves[RVB_MAX_WORDS];
        const int n = rvb_moves(&b, moves);
        int move = RVB_PASS;
        if (n > 0) {
            rvp_player *p = black_to_move ? black : white;
            rv_result r;
            const double t0 = gts_now_usec();
            if (rvp_search(p, &b, &r, err, errlen) != 0)
                return -1;
            p->usec += gts_now_usec() - t0;
            p->searches++;
            p->nodes += r.nodes;
            g->positions++;
            g->legal_moves += n;
            if (gts_stop_raised(stop))
                continue;
            move = r.move;
            if (move == RVB_PASS || move == RVB_NO_MOVE || !rvb_play(&b, move)) {
                snprintf(err, errlen, "player '%s' answered move %d, illegal on move %d", p->spec.text, move,
                         g->n + 1);
                return -1;
            }
        } else {
            rvb_pass(&b);
        }
        g->moves[g->n++] = (int16_t)move;
        black_to_move = !black_to_move;
    }
    const int mine = discs(b.me, b.words), theirs = discs(b.opp, b.words);
    g->black_discs = black_to_move ? mine : theirs;
    g->white_discs = black_to_move ? theirs : mine;
    g->score = black_to_move ? rvb_final_score(&b) : -rvb_final_score(&b);
    return 0;
}

int rvp_play_match(rvp_player *players[2], int width, int height, const gts_stop *stop, rvp_match *m, char *err,
                   size_t errlen)
{
    memset(m, 0, sizeof *m);
    for (int i = 0; i < 2; i++) {
        m->usec[i] = -players[i]->usec;
        m->searches[i] = -players[i]->searches;
        m->nodes[i] = -players[i]->nodes;
    }
    for (int k = 0; k < 2 && !m->stopped; k++) {
        if (rvp_play_game(players[k], players[1 - k], width, height, stop, &m->games[k], err, errlen) != 0)
            return -1;
        m->stopped = m->games[k].stopped;
    }
    for (int i = 0; i < 2; i++) {
        m->usec[i] += players[i]->usec;
        m->searches[i] += players[i]->searches;
        m->nodes[i] += players[i]->nodes;
    }
    return 0;
}

void rvp_format_moves(const rvp_game *g, char *out, size_t len)
{
    static rvb b;
    char err[128];
    size_t used = 0;
    out[0] = '\0';
    if (rvb_init(&b, g->width, g->height, err, sizeof err) != 0)
        return;
    for (int i = 0; i < g->n && used + 8 < len; i++) {
        rvb_format_square(&b, g->moves[i], out + used);
        used += strlen(out + used);
    }
}
