/* What a request asks for (web_route.h). */
#include "web/web_route.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The length of the host name in a Host header: up to its ":port", a
 * bracketed IPv6 address whole. */
static size_t host_name_length(const char *host)
{
    if (host[0] == '[') {
        const char *end = strchr(host, ']');
        return end ? (size_t)(end - host) + 1 : strlen(host);
    }
    return strcspn(host, ":");
}

static bool host_allowed(const char *host, const char *const *hosts, int n)
{
    if (n == 0)
        return true;
    if (!host)
        return false;
    const size_t len = host_name_length(host);
    for (int i = 0; i < n; i++)
        if (strlen(hosts[i]) == len && strncasecmp(host, hosts[i], len) == 0)
            return true;
    return false;
}

/* The Content-Type of a file of the page by plain name: [a-z0-9_-]+ and
 * an extension we serve; NULL for anything else (a path, "..", an unknown
 * type), which is not found. */
static const char *file_type(const char *name)
{
    static const struct {
        const char *ext, *type;
    } types[] = { { ".html", "text/html; charset=utf-8" }, { ".js", "text/javascript; charset=utf-8" },
                  { ".css", "text/css; charset=utf-8" }, { ".svg", "image/svg+xml" } };
    size_t n = 0;
    while (name[n] && (islower((unsigned char)name[n]) || isdigit((unsigned char)name[n]) || name[n] == '_' ||
                       name[n] == '-'))
        n++;
    if (n == 0 || n > 64)
        return NULL;
    for (size_t i = 0; i < sizeof types / sizeof *types; i++)
        if (strcmp(name + n, types[i].ext) == 0)
            return types[i].type;
    return NULL;
}

static web_route answer(web_answer a)
{
    return (web_route){ .kind = WEB_ROUTE_ANSWER, .answer = a };
}

static char *copy(web_argument argument, void *ctx, const char *name)
{
    const char *v = argument(ctx, name);
    return v ? strdup(v) : NULL;
}

/* The game whose API is at url, or NULL. */
static const web_game *game_at(const char *url)
{
    for (const web_game *const *g = web_games; *g; g++)
        if (strcmp(url, (*g)->url) == 0)
            return *g;
    return NULL;
}

static web_route no_api(const char *url)
{
    char apis[256] = "";
    size_t at = 0;
    for (const web_game *const *g = web_games; *g; g++)
        at += (size_t)snprintf(apis + at, sizeof apis - at, "%s, ", (*g)->url);
    return answer(web_error(404, "no such API: %.80s (there are %s/api/status)", url, apis));
}

static web_route route_api(const char *url, web_argument argument, void *ctx)
{
    if (strcmp(url, "/api/status") == 0)
        return (web_route){ .kind = WEB_ROUTE_STATUS };
    const web_game *game = game_at(url);
    if (!game)
        return no_api(url);
    const char *progress = argument(ctx, "progress");
    if (progress && strcmp(progress, "0") != 0 && strcmp(progress, "1") != 0)
        return answer(web_error(400, "progress '%.16s': 1 (lines of progress, then the answer) or 0", progress));
    web_route r = { .kind = WEB_ROUTE_SEARCH, .progress = progress && progress[0] == '1', .q.game = game };
    for (int i = 0; i < WEB_GAME_ARGS && game->arg[i]; i++)
        r.q.arg[i] = copy(argument, ctx, game->arg[i]);
    return r;
}

web_route web_route_request(const char *method, const char *url, const char *host, const char *const *hosts, int n,
                            web_argument argument, void *ctx)
{
    if (!host_allowed(host, hosts, n))
        return answer(web_error(421, "host '%.80s' is not served here (see gts serve --allow-host)",
                                host ? host : ""));
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
        return answer(web_error(405, "method %.16s: only GET", method));
    if (strncmp(url, "/api/", 5) == 0)
        return route_api(url, argument, ctx);
    const char *name = strcmp(url, "/") == 0 ? "index.html" : url + 1;
    const char *type = url[0] == '/' ? file_type(name) : NULL;
    if (!type)
        return answer(web_error(404, "no such page: %.80s", url));
    return (web_route){ .kind = WEB_ROUTE_FILE, .file = name, .type = type };
}
