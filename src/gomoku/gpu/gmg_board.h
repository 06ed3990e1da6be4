/*
 * Internal: the Gomoku position of the GPU searches, compiled by nvcc for
 * the kernels and by the C compiler for the CPU executor and the host.
 *
 * A position is its line words only (gm_board's, both colours, every
 * direction: 88 words a colour on 15x15, 112 on 19x19) with the shape
 * values, the side to move and both colours' five points; the tables
 * gm_board keeps per cell (line of a cell, candidate counts) are computed
 * from the coordinates instead, and the candidates from the row words.
 * The rules are gm_lines.h's, shared with the CPU search, and the node
 * rules below are gm_node's (src/gomoku/shapes/gm_negamax.c): a five made ends
 * the game, a side with a five point wins, a side facing five points
 * must block them, the last ply is valued by the moves' deltas.  So every
 * GPU design searches the CPU's tree and returns its value.
 */
#ifndef GTS_GMG_BOARD_H
#define GTS_GMG_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gomoku/gm_lines.h"
#include "gomoku/shapes/gm_scan.h"
#include "gts/gomoku.h"

#define GMG_MAX_LINES (6 * GM_MAX_SIZE - 2)   /* the four directions of a 32x32 board */
#define GMG_THREATS 8                         /* gm_search_internal.h's GM_THREATS */
#define GMG_WIN 1000000000                    /* gomoku_search.h's GM_WIN (its header is C only) */
#define GMG_INF (GMG_WIN + 1)

/* The board's shape, shared by every position of a search. */
typedef struct gmg_geom {
    int width, height, cells, lines;   /* lines: all four directions' */
    int rule;                          /* gm_rule */
    int near;                          /* gm_board.near: the candidate radius, 0 for every empty cell */
    int potential;                     /* leaves by the potential evaluation (its scan), not the shapes */
    int base[4];                       /* the first line of each direction */
    uint8_t len[GMG_MAX_LINES];        /* cells of each line */
} gmg_geom;

/* Each colour's five points (gm_search_internal.h's gm_threats). */
typedef struct gmg_threats {
    int16_t n[2];
    int16_t cell[2][GMG_THREATS];
} gmg_threats;

/* What a move changes but the line words: saved to be restored on undo. */
typedef struct gmg_head {
    int32_t value[2];
    int16_t stones, side, winner, pad;
    gmg_threats t;
} gmg_head;

/* A position; one of a board with fewer lines uses (and copies) only the
 * first gmg_pos_bytes of it: line[colour * lines + line]. */
typedef struct gmg_pos {
    gmg_head h;
    uint64_t line[2 * GMG_MAX_LINES];
} gmg_pos;

#ifndef __CUDACC__
/* The geometry of board b's shape and rules, potential: leaves by the
 * potential evaluation (gmg_search.c; the host's only). */
void gmg_geom_init(gmg_geom *g, const gm_board *b, bool potential);
#endif

GM_FN int gmg_pos_bytes(const gmg_geom *g)
{
    return (int)(offsetof(gmg_pos, line) + 2 * (size_t)g->lines * sizeof(uint64_t));
}

/* The line of direction d through cell, and the cell's bit in its word. */
GM_FN int gmg_line(const gmg_geom *g, int d, int cell, int *bit)
{
    int id, pos;
    gm_line_at(g->height, d, cell % g->width, cell / g->width, &id, &pos);
    *bit = pos + GM_LINE_OFFSET;
    return g->base[d] + id;
}

GM_FN uint64_t gmg_wall(const gmg_geom *g, int line)
{
    return ~((((uint64_t)1 << g->len[line]) - 1) << GM_LINE_OFFSET);
}

/* The cell at bit `bit` of line `line` of direction d. */
GM_FN int gmg_line_cell(const gmg_geom *g, int d, int line, int bit)
{
    int x, y, dx, dy;
    gm_line_start(g->height, d, line - g->base[d], &x, &y, &dx, &dy);
    const int pos = bit - GM_LINE_OFFSET;
    return (y + pos * dy) * g->width + x + pos * dx;
}

/* The change in (value[colour], value[other]) if colour played at cell,
 * and whether it makes five: gm_move_delta. */
GM_FN void gmg_move_delta(const gmg_geom *g, const gmg_pos *p, int cell, int colour, int32_t delta[2], bool *five)
{
    delta[0] = delta[1] = 0;
    *five = false;
    const uint64_t *own = p->line + colour * g->lines, *other = p->line + (colour ^ 1) * g->lines;
    for (int d = 0; d < 4; d++) {
        int bit;
        const int l = gmg_line(g, d, cell, &bit);
        gm_line_delta((gm_rule)g->rule, own[l], other[l], gmg_wall(g, l), bit, delta, five);
    }
}

GM_FN bool gmg_is_winning_move(const gmg_geom *g, const gmg_pos *p, int cell, int colour)
{
    for (int d = 0; d < 4; d++) {
        int bit;
        const int l = gmg_line(g, d, cell, &bit);
        if (gm_line_five_at((gm_rule)g->rule, p->line[colour * g->lines + l], p->line[(colour ^ 1) * g->lines + l], bit))
            return true;
    }
    return false;
}

GM_FN void gmg_add_threat(gmg_threats *t, int colour, int cell)
{
    for (int i = 0; i < t->n[colour]; i++)
        if (t->cell[colour][i] == cell)
            return;
    if (t->n[colour] < GMG_THREATS)
        t->cell[colour][t->n[colour]++] = (int16_t)cell;
}

/* Colour's five points on line l of direction d, added to t. */
GM_FN void gmg_line_threats(const gmg_geom *g, const gmg_pos *p, int colour, int d, int l, gmg_threats *t)
{
    const uint64_t own = p->line[colour * g->lines + l], other = p->line[(colour ^ 1) * g->lines + l];
    const uint64_t empty = ~(own | other | gmg_wall(g, l));
    for (uint64_t m = gm_line_five_points((gm_rule)g->rule, own, other, empty); m; m &= m - 1)
        gmg_add_threat(t, colour, gmg_line_cell(g, d, l, GM_CTZ64(m)));
}

/* Every five point of both colours (gm_threats_scan). */
GM_FN void gmg_threats_scan(const gmg_geom *g, gmg_pos *p)
{
    for (int colour = 0; colour < 2; colour++) {
        p->h.t.n[colour] = 0;
        if ((p->h.stones + 1 - colour) / 2 < 4)
            continue;
        for (int d = 0; d < 4; d++)
            for (int l = g->base[d]; l < g->base[d] + gm_lines_in(g->width, g->height, d); l++)
                gmg_line_threats(g, p, colour, d, l, &p->h.t);
    }
}

/* The threats after mover played move (gm_threats_after). */
GM_FN void gmg_threats_after(const gmg_geom *g, gmg_pos *p, int move, int mover)
{
    gmg_threats *t = &p->h.t;
    for (int colour = 0; colour < 2; colour++) {
        int kept = 0;
        for (int i = 0; i < t->n[colour]; i++) {
            const int cell = t->cell[colour][i];
            if (cell != move && (!gm_five_point_may_lapse((gm_rule)g->rule, colour == mover) ||
                                 gmg_is_winning_move(g, p, cell, colour)))
                t->cell[colour][kept++] = (int16_t)cell;
        }
        t->n[colour] = (int16_t)kept;
    }
    for (int d = 0; d < 4; d++) {
        int bit;
        gmg_line_threats(g, p, mover, d, gmg_line(g, d, move, &bit), t);
    }
}

/* Plays the side to move's stone at cell (gm_play). */
GM_FN void gmg_play(const gmg_geom *g, gmg_pos *p, int cell)
{
    const int c = p->h.side;
    int32_t delta[2];
    bool five;
    gmg_move_delta(g, p, cell, c, delta, &five);
    p->h.value[c] += delta[0];
    p->h.value[c ^ 1] += delta[1];
    if (five)
        p->h.winner = (int16_t)c;
    for (int d = 0; d < 4; d++) {
        int bit;
        const int l = gmg_line(g, d, cell, &bit);
        p->line[c * g->lines + l] |= (uint64_t)1 << bit;
    }
    p->h.stones++;
    p->h.side = (int16_t)(c ^ 1);
    gmg_threats_after(g, p, cell, c);
}

/* Takes back the stone at cell, the head saved before it was played. */
GM_FN void gmg_undo(const gmg_geom *g, gmg_pos *p, int cell, const gmg_head *saved)
{
    const int c = saved->side;
    for (int d = 0; d < 4; d++) {
        int bit;
        const int l = gmg_line(g, d, cell, &bit);
        p->line[c * g->lines + l] &= ~((uint64_t)1 << bit);
    }
    p->h = *saved;
}

/* Bits x of row y that are stones of either colour. */
GM_FN uint32_t gmg_row_stones(const gmg_geom *g, const gmg_pos *p, int y)
{
    return (uint32_t)((p->line[y] | p->line[g->lines + y]) >> GM_LINE_OFFSET);
}

/* The candidate cells of row y as bits x (gm_candidates): the empty cells,
 * or with a radius those within it of a stone. */
GM_FN uint32_t gmg_row_candidates(const gmg_geom *g, const gmg_pos *p, int y)
{
    const uint32_t full = g->width == 32 ? ~0u : (1u << g->width) - 1;
    const uint32_t stones = gmg_row_stones(g, p, y);
    if (!g->near)
        return ~stones & full;
    if (p->h.stones == 0)
        return y == g->height / 2 ? 1u << (g->width / 2) : 0;
    uint32_t rows = 0;
    for (int yy = y - g->near; yy <= y + g->near; yy++)
        if (yy >= 0 && yy < g->height)
            rows |= gmg_row_stones(g, p, yy);
    uint32_t near = rows;
    for (int k = 1; k <= g->near; k++)
        near |= rows << k | rows >> k;
    return near & ~stones & full;
}

/* The moves of a node in order (gm_node_moves): the five points of the
 * side to move's opponent when there are any, else the candidates by
 * cell.  The iterator keeps a row's remaining bits. */
typedef struct gmg_iter {
    int16_t y, k;      /* the row, or the index into the five points */
    uint32_t row;
} gmg_iter;

GM_FN void gmg_iter_begin(gmg_iter *it)
{
    it->y = -1;
    it->k = 0;
    it->row = 0;
}

/* The next move, or -1. */
GM_FN int gmg_iter_next(const gmg_geom *g, const gmg_pos *p, gmg_iter *it)
{
    const int them = p->h.side ^ 1;
    if (p->h.t.n[them])
        return it->k < p->h.t.n[them] ? p->h.t.cell[them][it->k++] : -1;
    while (!it->row) {
        if (++it->y >= g->height)
            return -1;
        it->row = gmg_row_candidates(g, p, it->y);
    }
    const int x = GM_CTZ64((uint64_t)it->row);
    it->row &= it->row - 1;
    return it->y * g->width + x;
}

/* The k-th move (from 0) of p in gmg_iter_next's order, or -1. */
GM_FN int gmg_kth_move(const gmg_geom *g, const gmg_pos *p, int k)
{
    const int them = p->h.side ^ 1;
    if (p->h.t.n[them])
        return k < p->h.t.n[them] ? p->h.t.cell[them][k] : -1;
    for (int y = 0; y < g->height; y++) {
        uint32_t row = gmg_row_candidates(g, p, y);
        const int n = GM_POPC32(row);
        if (k < n) {
            for (; k; k--)
                row &= row - 1;
            return y * g->width + GM_CTZ64((uint64_t)row);
        }
        k -= n;
    }
    return -1;
}

/* A node's value without a search, gm_node's first rules: a five made
 * (lost for the side to move), a full board, a five point to play. */
GM_FN bool gmg_decided(const gmg_geom *g, const gmg_pos *p, int ply, int32_t *v)
{
    if (p->h.winner >= 0)
        *v = -(GMG_WIN - ply);
    else if (p->h.stones == g->cells)
        *v = 0;
    else if (p->h.t.n[p->h.side])
        *v = GMG_WIN - (ply + 1);
    else
        return false;
    return true;
}

GM_FN int32_t gmg_eval(const gmg_pos *p)
{
    return p->h.value[p->h.side] - p->h.value[p->h.side ^ 1];
}

/* A leaf's value for the side to move: the shapes' (kept by play), or
 * the potential evaluation scanned from the rows (gm_scan.h). */
GM_FN int32_t gmg_eval_leaf(const gmg_geom *g, const gmg_pos *p)
{
    if (!g->potential)
        return gmg_eval(p);
    uint32_t rows[2][GM_MAX_SIZE];
    for (int y = 0; y < g->height; y++)
        for (int c = 0; c < 2; c++)
            rows[c][y] = (uint32_t)(p->line[c * g->lines + y] >> GM_LINE_OFFSET);
    return gm_scan_potential(rows[p->h.side], rows[p->h.side ^ 1], g->width, g->height, (gm_rule)g->rule, g->near);
}

/* The value of one move at a node one ply from the horizon, not played
 * (gm_negamax.c's frontier). */
GM_FN int32_t gmg_frontier_move(const gmg_geom *g, const gmg_pos *p, int ply, int m, int32_t here)
{
    const int me = p->h.side, them = me ^ 1;
    int32_t delta[2];
    bool five;
    gmg_move_delta(g, p, m, me, delta, &five);
    const int fives = p->h.t.n[them];
    return gm_last_ply_value(five, p->h.stones + 1 == g->cells, fives, fives ? p->h.t.cell[them][0] : -1, m,
                             here + delta[0] - delta[1], ply, GMG_WIN);
}

/* A node one ply from the horizon, its moves valued in order with the
 * window (alpha, beta) when prune; *moves gets how many were valued. */
GM_FN int32_t gmg_frontier(const gmg_geom *g, const gmg_pos *p, int ply, int32_t alpha, int32_t beta, bool prune,
                           uint64_t *moves)
{
    const int32_t here = gmg_eval(p);
    int32_t best = -GMG_INF;
    gmg_iter it;
    gmg_iter_begin(&it);
    for (int m = gmg_iter_next(g, p, &it); m >= 0; m = gmg_iter_next(g, p, &it)) {
        const int32_t v = gmg_frontier_move(g, p, ply, m, here);
        ++*moves;
        if (v > best) {
            best = v;
            if (v > alpha)
                alpha = v;
            if (prune && alpha >= beta)
                break;
        }
    }
    return best;
}

#endif
