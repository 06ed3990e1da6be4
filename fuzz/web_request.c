/*
 * gts serve's requests without a socket (issue 38, #12): the input is a
 * request as libmicrohttpd hands it over, decoded, one part a line:
 * method, URL, Host header (an empty line: none), then arguments as
 * name=value.  It is routed (web_route_request, with the Host allow-list
 * "localhost" and "gts.example" when the input's length is odd), and a
 * search's arguments are read by the game's API with its stop token
 * raised, so that every argument is parsed but nothing is searched.
 * Every answer is valid JSON (checked by a reader of its own, strict on
 * UTF-8) with an HTTP status; a file asked for is a plain name; and
 * web_json_escape of the whole input into a buffer of any size is the
 * inside of a valid JSON string.
 */
#include "fuzz.h"

#include "web/web_json.h"
#include "web/web_route.h"

/* ---- a strict JSON reader: where the value at s ends, or NULL ---- */

static const char *json_value(const char *s, int depth);

static const char *blanks(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    return s;
}

/* One UTF-8 character at s, decoded and checked by its code point. */
static const char *utf8_char(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    int n = u[0] >= 0xF0 ? 4 : u[0] >= 0xE0 ? 3 : u[0] >= 0xC0 ? 2 : u[0] >= 0x80 ? 0 : 1;
    if (n == 0 || u[0] >= 0xF8)
        return NULL;
    unsigned long cp = n == 1 ? u[0] : u[0] & (0x7Fu >> n);
    for (int i = 1; i < n; i++) {
        if ((u[i] & 0xC0) != 0x80)
            return NULL;
        cp = cp << 6 | (u[i] & 0x3F);
    }
    static const unsigned long least[5] = { 0, 0, 0x80, 0x800, 0x10000 };
    if (cp < least[n] || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
        return NULL;
    return s + n;
}

static const char *json_string(const char *s)
{
    if (*s++ != '"')
        return NULL;
    while (s && *s != '"') {
        if ((unsigned char)*s < 0x20)
            return NULL;
        if (*s != '\\') {
            s = utf8_char(s);
            continue;
        }
        s++;
        if (*s == 'u') {
            for (int i = 1; i <= 4; i++)
                if (!s[i] || !strchr("0123456789abcdefABCDEF", s[i]))
                    return NULL;
            s += 5;
        } else if (*s && strchr("\"\\/bfnrt", *s)) {
            s++;
        } else {
            return NULL;
        }
    }
    return s ? s + 1 : NULL;
}

static const char *json_number(const char *s)
{
    char *end;
    strtod(s, &end);
    return end > s && (*s == '-' || (*s >= '0' && *s <= '9')) ? end : NULL;
}

/* The members of an object (pairs) or an array, from after its opening. */
static const char *json_members(const char *s, char close, bool pairs, int depth)
{
    s = blanks(s);
    if (*s == close)
        return s + 1;
    for (;;) {
        if (pairs) {
            s = json_string(blanks(s));
            if (!s || *(s = blanks(s)) != ':')
                return NULL;
            s++;
        }
        s = json_value(s, depth + 1);
        if (!s)
            return NULL;
        s = blanks(s);
        if (*s == close)
            return s + 1;
        if (*s++ != ',')
            return NULL;
    }
}

static const char *json_value(const char *s, int depth)
{
    s = blanks(s);
    if (depth > 16)
        return NULL;
    if (*s == '{')
        return json_members(s + 1, '}', true, depth);
    if (*s == '[')
        return json_members(s + 1, ']', false, depth);
    if (*s == '"')
        return json_string(s);
    for (const char *const *w = (const char *const[]){ "true", "false", "null", NULL }; *w; w++)
        if (strncmp(s, *w, strlen(*w)) == 0)
            return s + strlen(*w);
    return json_number(s);
}

static void check_answer(const web_answer *a, const char *what)
{
    FUZZ_CHECK(a->body != NULL, "%s: no answer", what);
    FUZZ_CHECK(a->status >= 200 && a->status <= 599, "%s: status %d", what, a->status);
    const char *end = json_value(a->body, 0);
    FUZZ_CHECK(end && *blanks(end) == '\0', "%s: not one JSON value: %s", what, a->body);
}

/* ---- the request ---- */

#define MAX_ARGS 8

typedef struct request {
    char *part[3];   /* method, URL, Host */
    char *name[MAX_ARGS], *value[MAX_ARGS];
    int args;
} request;

static const char *argument(void *ctx, const char *name)
{
    const request *q = ctx;
    for (int i = 0; i < q->args; i++)
        if (strcmp(q->name[i], name) == 0)
            return q->value[i];
    return NULL;
}

/* text cut into q's lines, in place. */
static void read_request(char *text, request *q)
{
    *q = (request){ .part = { "", "", "" } };
    int n = 0;
    for (char *line = text, *next; line && n < 3 + MAX_ARGS; line = next, n++) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        if (n < 3) {
            q->part[n] = line;
            continue;
        }
        char *eq = strchr(line, '=');
        if (!eq)
            continue;
        *eq = '\0';
        q->name[q->args] = line;
        q->value[q->args++] = eq + 1;
    }
}

static void check_route(request *q, bool allow_list)
{
    static const char *const hosts[] = { "localhost", "gts.example" };
    web_route r = web_route_request(q->part[0], q->part[1], q->part[2][0] ? q->part[2] : NULL, hosts,
                                    allow_list ? 2 : 0, argument, q);
    switch (r.kind) {
    case WEB_ROUTE_ANSWER:
        check_answer(&r.answer, "a refusal");
        FUZZ_CHECK(r.answer.status >= 400, "a refusal with status %d", r.answer.status);
        free(r.answer.body);
        break;
    case WEB_ROUTE_FILE:
        FUZZ_CHECK(r.file && r.type && !strchr(r.file, '/') && r.file[0] != '.', "file '%s'", r.file);
        break;
    case WEB_ROUTE_STATUS:
        break;
    case WEB_ROUTE_SEARCH: {
        gts_stop stop = GTS_STOP_INIT;
        gts_stop_raise(&stop);
        const web_options o = { .bind = "127.0.0.1", .www = ".", .max_seconds = 1, .tt_bytes = 1 << 16,
                                .stop = &stop, .searches = 1, .client_seconds = 1 };
        web_answer a = web_answer_request(&o, &r.q, &stop, NULL);
        check_answer(&a, "a search's answer");
        free(a.body);
        web_request_free(&r.q);
        break;
    }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_string(data, size);
    /* The escaper alone, into a buffer of 1 to 64 bytes or of its room. */
    const size_t len = size % 3 ? 1 + size % 64 : WEB_JSON_ROOM(strlen(text));
    char *out = malloc(len + 2), *quoted = malloc(len + 3);
    FUZZ_CHECK(out && quoted, "out of memory");
    const size_t n = web_json_escape(out, len, text);
    FUZZ_CHECK(n < len && out[n] == '\0', "escaped length %zu in a buffer of %zu", n, len);
    snprintf(quoted, len + 3, "\"%s\"", out);
    const char *end = json_string(quoted);
    FUZZ_CHECK(end && *end == '\0', "escaped text not a JSON string: %s", quoted);
    free(out);
    free(quoted);
    request q;
    read_request(text, &q);
    check_route(&q, size & 1);
    free(text);
    return 0;
}
