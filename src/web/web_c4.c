/* GET /api/c4 (web_games.h): the exact score of every column, from the
 * Connect 4 solver. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gts/c4.h"
#include "gts/c4_solver.h"
#include "web/web_games.h"
#include "web/web_json.h"

/* The column being solved, for the solver's progress calls. */
typedef struct c4_watch {
    web_progress *p;
    int col;
} c4_watch;

/* Bounds of the child's score: the column's are their negation. */
static void c4_bounds(int min, int max, uint64_t nodes, void *ctx)
{
    const c4_watch *w = ctx;
    web_progress_line(w->p, "{\"col\":%d,\"min\":%d,\"max\":%d,\"nodes\":%llu}", w->col + 1, -max, -min,
                      (unsigned long long)nodes);
}

static void c4_column(int col, const int *score, void *ctx)
{
    c4_watch *w = ctx;
    w->col = col;
    if (score)
        web_progress_line(w->p, "{\"col\":%d,\"score\":%d}", col + 1, *score);
}

/* The cells of a line of four in stones, as JSON [[col,row],...] (col
 * from 1, row 0 at the bottom), or "null" without one. */
static void four_cells(const c4_geom *g, uint64_t stones, char *out, size_t len)
{
    const int h = g->height, dirs[4] = { 1, h + 1, h, h + 2 };
    snprintf(out, len, "null");
    for (int i = 0; i < 4; i++) {
        const uint64_t m = stones & (stones >> dirs[i]), four = m & (m >> 2 * dirs[i]);
        if (!four)
            continue;
        const int at = __builtin_ctzll(four);
        size_t n = (size_t)snprintf(out, len, "[");
        for (int k = 0; k < 4; k++) {
            const int cell = at + k * dirs[i];
            n += (size_t)snprintf(out + n, len - n, "%s[%d,%d]", k ? "," : "", cell / (h + 1) + 1, cell % (h + 1));
        }
        snprintf(out + n, len - n, "]");
        return;
    }
}

/* The book's part of the answer: its file, depth and positions. */
static void book_text(const web_options *o, char *out, size_t len)
{
    if (!o->book) {
        snprintf(out, len, "null");
        return;
    }
    char name[WEB_JSON_ROOM(128)];
    web_json_escape(name, sizeof name, o->book_name ? o->book_name : "");
    snprintf(out, len, "{\"file\":\"%s\",\"depth\":%d,\"positions\":%zu}", name, c4_book_depth(o->book),
             c4_book_size(o->book));
}

static web_answer answer(const web_options *o, const char *const *arg, gts_stop *stop, web_progress *progress)
{
    const char *moves = arg[0];
    if (!moves)
        return web_error(400, "missing the argument moves (e.g. /api/c4?moves=4453)");
    if (strlen(moves) > 42)
        return web_error(400, "moves: at most 42 of them");
    c4_pos p;
    char err[160];
    if (c4_parse(&c4_standard, &p, moves, err, sizeof err) != 0)
        return web_error(400, "moves '%.42s': %s", moves, err);
    c4_watch w = { progress, 0 };
    c4_options opt = c4_default_options();
    opt.tt_bytes = o->tt_bytes;
    opt.threads = o->threads > 1 ? o->threads : 1;
    opt.book = o->book;
    opt.stop = stop;
    opt.progress = progress ? c4_bounds : NULL;
    opt.progress_ctx = &w;
    opt.column = progress ? c4_column : NULL;
    opt.column_ctx = &w;
    int scores[C4_MAX_WIDTH];
    bool playable[C4_MAX_WIDTH] = { false };
    c4_result r = { 0 };
    int final;
    /* A game over has no moves left: the answer says who won and where. */
    const bool over = c4_final_score(&c4_standard, &p, &final);
    if (!over) {
        c4_solver *s = c4_solver_create(&c4_standard, &opt, err, sizeof err);
        if (!s)
            return web_error(500, "%s", err);
        const int rc = c4_analyze(s, &p, scores, playable, &r);
        c4_solver_free(s);
        if (rc != 0)
            return web_error(503, "the analysis was stopped (its bound is %g s, or the client went away)",
                             o->max_seconds);
    }
    char list[C4_MAX_WIDTH * 12] = "", line[128], book[WEB_JSON_ROOM(128) + 64];
    size_t at = 0;
    for (int c = 0; c < c4_standard.width; c++)
        at += (size_t)snprintf(list + at, sizeof list - at, playable[c] ? "%s%d" : "%snull", c ? "," : "",
                               scores[c]);
    const bool won = over && final != 0;
    four_cells(&c4_standard, won ? p.cur ^ p.mask : 0, line, sizeof line);
    book_text(o, book, sizeof book);
    char text[WEB_JSON_ROOM(42)];
    web_json_escape(text, sizeof text, moves);
    const size_t room = sizeof text + sizeof list + sizeof line + sizeof book + 160;
    web_answer a = { .status = 200, .body = malloc(room) };
    if (a.body)
        snprintf(a.body, room,
                 "{\"moves\":\"%s\",\"scores\":[%s],\"over\":%s,\"winner\":%d,\"line\":%s,\"book\":%s,"
                 "\"nodes\":%llu,\"ms\":%.3f}\n",
                 text, list, over ? "true" : "false", won ? 2 - (int)(p.moves % 2) : 0, line, book,
                 (unsigned long long)r.nodes, r.usec / 1000);
    return a;
}

const web_game web_c4 = { "/api/c4", { "moves" }, answer };
