/* The JSON API's answers (web_api.h). */
#include "web/web_api.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gts/c4.h"
#include "gts/c4_solver.h"

/* text with '"' and '\' escaped and control bytes dropped, into out. */
static void json_text(char *out, size_t len, const char *text)
{
    size_t n = 0;
    for (const char *s = text; *s && n + 2 < len; s++) {
        if ((unsigned char)*s < 0x20)
            continue;
        if (*s == '"' || *s == '\\')
            out[n++] = '\\';
        out[n++] = *s;
    }
    out[n] = '\0';
}

web_answer web_error(int status, const char *fmt, ...)
{
    char msg[256], text[520];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    json_text(text, sizeof text, msg);
    web_answer a = { status, malloc(sizeof text + 16) };
    if (a.body)
        snprintf(a.body, sizeof text + 16, "{\"error\":\"%s\"}\n", text);
    return a;
}

web_answer web_c4(const web_options *o, const char *moves, gts_stop *stop)
{
    if (!moves)
        return web_error(400, "missing the argument moves (e.g. /api/c4?moves=4453)");
    if (strlen(moves) > 42)
        return web_error(400, "moves: at most 42 of them");
    c4_pos p;
    char err[160];
    if (c4_parse(&c4_standard, &p, moves, err, sizeof err) != 0)
        return web_error(400, "moves '%.42s': %s", moves, err);
    c4_options opt = c4_default_options();
    opt.tt_bytes = o->tt_bytes;
    opt.stop = stop;
    c4_solver *s = c4_solver_create(&c4_standard, &opt, err, sizeof err);
    if (!s)
        return web_error(500, "%s", err);
    int scores[C4_MAX_WIDTH];
    bool playable[C4_MAX_WIDTH];
    c4_result r;
    const int rc = c4_analyze(s, &p, scores, playable, &r);
    c4_solver_free(s);
    if (rc != 0)
        return web_error(503, "the analysis took longer than its bound of %g s", o->max_seconds);
    char list[C4_MAX_WIDTH * 12] = "";
    size_t at = 0;
    for (int c = 0; c < c4_standard.width; c++)
        at += (size_t)snprintf(list + at, sizeof list - at, playable[c] ? "%s%d" : "%snull", c ? "," : "",
                               scores[c]);
    char text[100];
    json_text(text, sizeof text, moves);
    web_answer a = { 200, malloc(512) };
    if (a.body)
        snprintf(a.body, 512, "{\"moves\":\"%s\",\"scores\":[%s],\"nodes\":%llu,\"ms\":%.3f}\n", text, list,
                 (unsigned long long)r.nodes, r.usec / 1000);
    return a;
}
