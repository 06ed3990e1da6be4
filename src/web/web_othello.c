/* GET /api/othello (web_games.h): every legal move of an 8x8 position with
 * its value in discs: exact (the endgame solver) once the move leaves the
 * asked empties or fewer, else the midgame search's estimate at the asked
 * depth. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gts/reversi.h"
#include "gts/reversi_board.h"
#include "gts/reversi_search.h"
#include "web/web_games.h"

#define EXACT_EMPTIES 20

/* The value of child (after a move) for the side that moved, in discs,
 * and whether it is exact (the endgame solver's, or a game's end within
 * the search's depth); -1 when stopped.  The midgame search uses the
 * standard weights: the CTDL table the command line defaults to is not
 * symmetric, and gave the four equivalent first moves +0.04 +0.04 -0.25
 * -0.25 (issue 41). */
static int child_value(const web_options *o, const rv_pos *child, const int limits[2], gts_stop *stop,
                       double *value, bool *exact, uint64_t *nodes)
{
    char err[160];
    const int depth = limits[0];
    *exact = rv_empties(child) <= limits[1];
    if (*exact) {
        rv_solve_options so;
        rv_solve_defaults(&so);
        so.tt_bytes = o->tt_bytes;
        so.threads = o->threads;
        so.stop = stop;
        rv_solve_result r;
        if (rv_solve(child, &so, &r, err, sizeof err) != 0 || r.stopped)
            return -1;
        *value = -r.score;
        *nodes += r.nodes;
        return 0;
    }
    rv_search_options ro;
    rv_search_defaults(&ro);
    ro.depth = depth;
    ro.wpc = RV_WPC_STANDARD;
    ro.tt_bytes = o->tt_bytes;
    ro.stop = stop;
    rvb b;
    rvb_init(&b, 8, 8, err, sizeof err);
    rvb_from_pos(&b, child);
    rv_result r;
    if (rv_search(&b, &ro, &r, err, sizeof err) != 0 || gts_stop_raised(stop))
        return -1;
    *nodes += r.nodes;
    /* A finished game scores RV_WIN + the disc difference (reversi_search.h). */
    *exact = abs(r.score) >= RV_WIN - 64;
    *value = *exact ? -(r.score > 0 ? r.score - RV_WIN : r.score < 0 ? r.score + RV_WIN : 0) : -r.score / 100.0;
    return 0;
}

/* The board as 64 characters, a1..h8 row by row: X black, O white, -. */
static void board_text(const rv_pos *p, bool black_to_move, char out[65])
{
    const uint64_t black = black_to_move ? p->me : p->opp, white = black_to_move ? p->opp : p->me;
    for (int sq = 0; sq < 64; sq++)
        out[sq] = (black >> sq) & 1 ? 'X' : (white >> sq) & 1 ? 'O' : '-';
    out[64] = '\0';
}

static web_answer answer(const web_options *o, const char *const *arg, gts_stop *stop, web_progress *progress)
{
    const char *moves = arg[0], *depth_text = arg[1], *exact_text = arg[2];
    rv_pos p;
    bool black;
    char err[160];
    if (moves && strlen(moves) > 130)
        return web_error(400, "moves: at most 60 of them");
    if (rv_parse_moves(moves ? moves : "", &p, &black, err, sizeof err) != 0)
        return web_error(400, "moves '%.130s': %s", moves ? moves : "", err);
    char *end = NULL;
    const long depth = depth_text ? strtol(depth_text, &end, 10) : 5;
    if (depth_text && (*end || depth < 1 || depth > 12))
        return web_error(400, "depth '%.16s': 1..12", depth_text);
    const long exact_empties = exact_text ? strtol(exact_text, &end, 10) : EXACT_EMPTIES;
    if (exact_text && (*end || exact_empties < 0 || exact_empties > EXACT_EMPTIES))
        return web_error(400, "exact '%.16s': 0..%d (empties from which the values are exact)", exact_text,
                         EXACT_EMPTIES);
    const int limits[2] = { (int)depth, (int)exact_empties };
    /* A side without a move passes: the answer is for the other side. */
    const bool passed = !rv_moves(p.me, p.opp) && rv_moves(p.opp, p.me);
    if (passed) {
        rv_pass(&p);
        black = !black;
    }
    char board[65], list[64 * 48] = "";
    board_text(&p, black, board);
    size_t at = 0;
    uint64_t nodes = 0;
    const uint64_t legal = rv_moves(p.me, p.opp);
    for (uint64_t m = legal; m; m &= m - 1) {
        const int sq = __builtin_ctzll(m);
        rv_pos child = p;
        rv_play(&child, sq, rv_flips(p.me, p.opp, sq));
        double value;
        bool exact;
        if (child_value(o, &child, limits, stop, &value, &exact, &nodes) != 0)
            return web_error(503, "the analysis was stopped (its bound is %g s, or the client went away)",
                             o->max_seconds);
        char name[3];
        rv_format_square(sq, name);
        web_progress_line(progress, "{\"move\":\"%s\",\"value\":%g,\"exact\":%s}", name, value,
                          exact ? "true" : "false");
        at += (size_t)snprintf(list + at, sizeof list - at, "%s{\"move\":\"%s\",\"value\":%g,\"exact\":%s}",
                               at ? "," : "", name, value, exact ? "true" : "false");
    }
    const bool over = !legal && !rv_moves(p.opp, p.me);
    const int discs = __builtin_popcountll(p.me) - __builtin_popcountll(p.opp);
    web_answer a = { .status = 200, .body = malloc(sizeof list + 256) };
    if (a.body)
        snprintf(a.body, sizeof list + 256,
                 "{\"board\":\"%s\",\"to_move\":\"%s\",\"passed\":%s,\"over\":%s,\"discs\":%d,\"depth\":%ld,"
                 "\"moves\":[%s],\"nodes\":%llu}\n",
                 board, black ? "black" : "white", passed ? "true" : "false", over ? "true" : "false", discs, depth,
                 list, (unsigned long long)nodes);
    return a;
}

const web_game web_othello = { "/api/othello", { "moves", "depth", "exact" }, answer };
