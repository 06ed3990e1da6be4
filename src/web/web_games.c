/* The table of the games' APIs, and a request to one (web_games.h). */
#include "web/web_games.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const web_game *const web_games[] = { &web_c4, &web_othello, &web_gomoku, NULL };

void web_request_free(web_request *q)
{
    for (int i = 0; i < WEB_GAME_ARGS; i++)
        free(q->arg[i]);
}

/* The cache's key of q: its URL and each argument on a line of its own,
 * an absent one apart from an empty one; NULL when too long to keep or an
 * argument holds a line break (no game takes one). */
static char *cache_key(const web_request *q)
{
    size_t len = strlen(q->game->url) + 1;
    for (int i = 0; i < WEB_GAME_ARGS; i++) {
        if (q->arg[i] && strchr(q->arg[i], '\n'))
            return NULL;
        len += (q->arg[i] ? strlen(q->arg[i]) : 0) + 2;
    }
    char *key = len <= 4096 ? malloc(len) : NULL;
    if (!key)
        return NULL;
    size_t at = (size_t)snprintf(key, len, "%s", q->game->url);
    for (int i = 0; i < WEB_GAME_ARGS; i++)
        at += (size_t)snprintf(key + at, len - at, q->arg[i] ? "\n=%s" : "\n", q->arg[i] ? q->arg[i] : "");
    return key;
}

bool web_answer_cached(const web_options *o, const web_request *q, web_answer *a)
{
    char *key = o->cache ? cache_key(q) : NULL;
    *a = (web_answer){ .status = 200, .body = key ? web_cache_get(o->cache, key) : NULL };
    free(key);
    return a->body != NULL;
}

web_answer web_answer_request(const web_options *o, const web_request *q, gts_stop *stop, web_progress *p)
{
    web_answer a = q->game->answer(o, (const char *const *)q->arg, stop, p);
    char *key = o->cache && a.status == 200 && a.body ? cache_key(q) : NULL;
    if (key)
        web_cache_put(o->cache, key, a.body);
    free(key);
    return a;
}
