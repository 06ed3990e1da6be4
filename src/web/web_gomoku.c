/* GET /api/gomoku (web_games.h): the engine's move, by the search the
 * Gomocup engine plays (the pattern search, threats decided first, VCF
 * and VCT), and the five once a side has made one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gts/gomoku.h"
#include "gts/gomoku_search.h"
#include "web/web_games.h"

/* The cells of the run of five or more through cell (the winner's, who
 * just played there), as "h8","i9",..., into out. */
static void five_cells(const gm_board *b, int cell, char *out, size_t len)
{
    static const int dx[4] = { 1, 0, 1, 1 }, dy[4] = { 0, 1, 1, -1 };
    const int x0 = cell % b->width, y0 = cell / b->width, stone = b->cell[cell];
    out[0] = '\0';
    for (int d = 0; d < 4; d++) {
        int lo = 0, hi = 0;
        for (int x = x0 - dx[d], y = y0 - dy[d]; x >= 0 && y >= 0 && x < b->width && y < b->height &&
                                                 b->cell[y * b->width + x] == stone;
             x -= dx[d], y -= dy[d])
            lo--;
        for (int x = x0 + dx[d], y = y0 + dy[d]; x >= 0 && y >= 0 && x < b->width && y < b->height &&
                                                 b->cell[y * b->width + x] == stone;
             x += dx[d], y += dy[d])
            hi++;
        if (hi - lo + 1 < 5)
            continue;
        size_t at = 0;
        for (int k = lo; k <= hi; k++) {
            char name[8];
            gm_format_cell(b, (y0 + k * dy[d]) * b->width + x0 + k * dx[d], name, sizeof name);
            at += (size_t)snprintf(out + at, len - at, "%s\"%s\"", k > lo ? "," : "", name);
        }
        return;
    }
}

/* The rule named text (NULL: freestyle), or -1. */
static int rule_of(const char *text)
{
    for (int i = 0; gm_rule_names[i]; i++)
        if (!text || strcmp(text, gm_rule_names[i]) == 0)
            return i;
    return -1;
}

/* The position's state after the engine's move (or as given, when the
 * game was over): JSON into a fresh answer. */
static web_answer state(const gm_board *b, const gm_result *r, bool searched)
{
    char move[8] = "", five[512] = "";
    if (searched && r->move != GM_NO_MOVE)
        gm_format_cell(b, r->move, move, sizeof move);
    if (b->winner >= 0 && b->stones)
        five_cells(b, b->history[b->stones - 1].cell, five, sizeof five);
    web_answer a = { .status = 200, .body = malloc(1024) };
    if (a.body)
        snprintf(a.body, 1024,
                 "{\"size\":%d,\"move\":%s%s%s,\"score\":%d,\"depth\":%d,\"nodes\":%llu,\"winner\":%s,\"five\":[%s],"
                 "\"full\":%s,\"rule\":\"%s\"}\n",
                 b->width, move[0] ? "\"" : "", move[0] ? move : "null", move[0] ? "\"" : "", r->score, r->depth,
                 (unsigned long long)r->nodes, b->winner < 0 ? "null" : b->winner ? "\"white\"" : "\"black\"", five,
                 b->stones == b->cells ? "true" : "false", gm_rule_names[b->rule]);
    return a;
}

/* A finished depth of the search, as a progress line. */
typedef struct depth_watch {
    web_progress *p;
    const gm_board *b;
} depth_watch;

static void on_depth(const gm_result *r, void *arg)
{
    const depth_watch *w = arg;
    char move[8] = "?";
    if (r->move != GM_NO_MOVE)
        gm_format_cell(w->b, r->move, move, sizeof move);
    web_progress_line(w->p, "{\"depth\":%d,\"move\":\"%s\",\"score\":%d}", r->depth, move, r->score);
}

static web_answer answer(const web_options *o, const char *const *arg, gts_stop *stop, web_progress *progress)
{
    const char *size_text = arg[0], *moves = arg[1], *ms_text = arg[2], *rule_text = arg[3];
    const int rule = rule_of(rule_text);
    if (rule < 0)
        return web_error(400, "rule '%.16s': freestyle, standard, renju, caro or caro-exact", rule_text);
    char *end = NULL;
    const long size = size_text ? strtol(size_text, &end, 10) : 15;
    if (size_text && (*end || size < GM_MIN_SIZE || size > GM_MAX_SIZE))
        return web_error(400, "size '%.16s': %d..%d", size_text, GM_MIN_SIZE, GM_MAX_SIZE);
    const long ms = ms_text ? strtol(ms_text, &end, 10) : 1000;
    if (ms_text && (*end || ms < 1))
        return web_error(400, "ms '%.16s': a number of milliseconds", ms_text);
    if (moves && strlen(moves) > 4 * GM_MAX_CELLS)
        return web_error(400, "moves: too long");
    gm_board *b = malloc(sizeof *b);
    char err[160];
    if (!b)
        return web_error(500, "out of memory");
    web_answer a;
    gm_result r = { .move = GM_NO_MOVE };
    if (gm_init(b, (int)size, (int)size, (gm_rule)rule, 2, err, sizeof err) != 0 ||
        gm_parse_moves(b, moves ? moves : "", err, sizeof err) != 0) {
        a = web_error(400, "moves '%.80s': %s", moves ? moves : "", err);
    } else if (gm_game_over(b)) {
        a = state(b, &r, false);
    } else {
        gm_search_options so;
        gm_search_defaults(&so);
        so.algo = GM_ALGO_PATTERN;
        so.depth = GM_MAX_DEPTH;
        so.threads = o->threads > 1 ? o->threads : 1;
        so.time_ms = ms < (long)(o->max_seconds * 1000) ? ms : (long)(o->max_seconds * 1000);
        so.vcf = true;   /* as the Gomocup engine: no VCT (gm_engine.c says why) */
        so.tt_bytes = o->tt_bytes;
        so.stop = stop;
        depth_watch w = { progress, b };
        so.on_depth = progress ? on_depth : NULL;
        so.on_depth_arg = &w;
        if (gm_search(b, &so, &r, err, sizeof err) != 0)
            a = web_error(500, "%s", err);
        else if (r.move == GM_NO_MOVE)
            a = web_error(503, "the search was stopped before its first depth");
        else {
            gm_play(b, r.move);
            a = state(b, &r, true);
        }
    }
    free(b);
    return a;
}

const web_game web_gomoku = { "/api/gomoku", { "size", "moves", "ms", "rule" }, answer };
