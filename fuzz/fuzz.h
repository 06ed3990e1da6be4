/*
 * What the libFuzzer targets of fuzz/ share: the input as a C string, a
 * check that aborts with a message (libFuzzer then saves the input as a
 * crash), the one-line rule of error messages, and, for the protocol
 * sessions, the input cut into lines and each line's replies captured.
 *
 * A target is one file defining LLVMFuzzerTestOneInput; fuzz/CMakeLists.txt
 * builds it with clang's -fsanitize=fuzzer,address,undefined against the
 * library built with the same instrumentation.
 */
#ifndef GTS_FUZZ_H
#define GTS_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Fails the run: the message, then abort() so that libFuzzer saves the
 * input that broke the rule. */
#define FUZZ_CHECK(cond, ...)                                                   \
    do {                                                                        \
        if (!(cond)) {                                                          \
            fprintf(stderr, "fuzz check failed (%s:%d): ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                                       \
            fputc('\n', stderr);                                                \
            abort();                                                            \
        }                                                                       \
    } while (0)

/* The input as a C string: a copy with a NUL added (a NUL byte inside
 * ends it early, as it would for any caller holding C text).  Free it. */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

/* A parser's reason for refusing its input: not empty, ended within its
 * buffer.  (It may quote the input's own control characters: the callers
 * hand over lines or command-line words.) */
static inline void fuzz_check_reason(const char *err, size_t errlen, const char *parser)
{
    FUZZ_CHECK(memchr(err, '\0', errlen) != NULL, "%s: reason not ended within its buffer", parser);
    FUZZ_CHECK(err[0] != '\0', "%s: refused without a reason", parser);
}

/* ---- protocol sessions ---- */

/* Calls each_line(ctx, line, len) for each line of data, ended by one of
 * the bytes in `ends` (not a NUL: memchr) or by the input's end, the end
 * byte left out, until it returns false. */
static inline void fuzz_each_line(const uint8_t *data, size_t size, const char *ends,
                                  bool (*each_line)(void *ctx, const uint8_t *line, size_t len), void *ctx)
{
    for (size_t pos = 0, n; pos < size; pos += n + 1) {
        for (n = 0; pos + n < size && !memchr(ends, data[pos + n], strlen(ends)); n++)
            ;
        if (!each_line(ctx, data + pos, n))
            return;
    }
}

/* The replies of a session, captured in memory: each line's replies are
 * the text written since the previous call to fuzz_replies. */
typedef struct fuzz_out {
    FILE *f;
    char *buf;
    size_t size;
    size_t seen;
} fuzz_out;

static inline void fuzz_out_open(fuzz_out *o)
{
    *o = (fuzz_out){ 0 };
    o->f = open_memstream(&o->buf, &o->size);
    if (!o->f)
        abort();
}

/* The text written since the last call (NUL-ended; valid until the next
 * write), and its length. */
static inline const char *fuzz_replies(fuzz_out *o, size_t *len)
{
    fflush(o->f);
    const char *text = o->buf + o->seen;
    *len = o->size - o->seen;
    o->seen = o->size;
    return text;
}

static inline void fuzz_out_close(fuzz_out *o)
{
    fclose(o->f);
    free(o->buf);
}

/* Whether the bytes [s, s + n) with blanks (space, tab) around them
 * trimmed are exactly word (ASCII case ignored when nocase) followed by
 * blanks or the end: *rest is then what follows the blanks. */
static inline bool fuzz_word(const char *s, size_t n, const char *word, bool nocase, const char **rest)
{
    size_t i = 0, w = strlen(word);
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (n - i < w || (nocase ? strncasecmp(s + i, word, w) : strncmp(s + i, word, w)) != 0)
        return false;
    i += w;
    if (i < n && s[i] != ' ' && s[i] != '\t')
        return false;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (rest)
        *rest = s + i;
    return true;
}

#endif
