/* Text inside a JSON string (web_json.h). */
#include "web/web_json.h"

#include <stdio.h>
#include <string.h>

/* The length of the valid UTF-8 character at s (1..4), or 0 when s does
 * not start one (RFC 3629: no overlong form, no surrogate, nothing past
 * U+10FFFF).  A NUL ends the text, so no byte past it is read. */
static size_t utf8_length(const unsigned char *s)
{
    const unsigned c = s[0];
    unsigned lo = 0x80, hi = 0xBF;
    size_t n;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        lo = c == 0xE0 ? 0xA0 : lo;   /* E0 80..9F: overlong */
        hi = c == 0xED ? 0x9F : hi;   /* ED A0..BF: surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        lo = c == 0xF0 ? 0x90 : lo;   /* F0 80..8F: overlong */
        hi = c == 0xF4 ? 0x8F : hi;   /* F4 90..: past U+10FFFF */
    } else {
        return 0;
    }
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return n;
}

size_t web_json_escape(char *out, size_t len, const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t at = 0;
    while (*s) {
        const size_t n = utf8_length(s);
        char piece[8];
        size_t width;
        if (n == 1 && (*s == '"' || *s == '\\')) {
            piece[0] = '\\', piece[1] = (char)*s;
            width = 2;
        } else if (n == 0 || *s < 0x20) {
            width = (size_t)snprintf(piece, sizeof piece, "\\u%04x", *s);
        } else {
            memcpy(piece, s, n);
            width = n;
        }
        if (at + width >= len)
            break;
        memcpy(out + at, piece, width);
        at += width;
        s += n ? n : 1;
    }
    out[at] = '\0';
    return at;
}
