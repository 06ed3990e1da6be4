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
    opt.book = o->book;
    opt.stop = stop;
    opt.progress = progress ? c4_bounds : NULL;
    opt.progress_ctx = &w;
    opt.column = progress ? c4_column : NULL;
    opt.column_ctx = &w;
    c4_solver *s = c4_solver_create(&c4_standard, &opt, err, sizeof err);
    if (!s)
        return web_error(500, "%s", err);
    int scores[C4_MAX_WIDTH];
    bool playable[C4_MAX_WIDTH];
    c4_result r;
    const int rc = c4_analyze(s, &p, scores, playable, &r);
    c4_solver_free(s);
    if (rc != 0)
        return web_error(503, "the analysis was stopped (its bound is %g s, or the client went away)",
                         o->max_seconds);
    char list[C4_MAX_WIDTH * 12] = "";
    size_t at = 0;
    for (int c = 0; c < c4_standard.width; c++)
        at += (size_t)snprintf(list + at, sizeof list - at, playable[c] ? "%s%d" : "%snull", c ? "," : "",
                               scores[c]);
    char text[WEB_JSON_ROOM(42)];
    web_json_escape(text, sizeof text, moves);
    web_answer a = { .status = 200, .body = malloc(512) };
    if (a.body)
        snprintf(a.body, 512, "{\"moves\":\"%s\",\"scores\":[%s],\"nodes\":%llu,\"ms\":%.3f}\n", text, list,
                 (unsigned long long)r.nodes, r.usec / 1000);
    return a;
}

const web_game web_c4 = { "/api/c4", { "moves" }, answer };
