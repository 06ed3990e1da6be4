/*
 * Internal to the server: text put inside a JSON string.  Every answer of
 * gts serve is JSON, and parts of it come from the client (a URL, a move
 * list), so any byte may arrive: issue 38 (#12) found `GET /%c0%ae%ff`
 * answered with the raw bytes C0 AE FF, which no JSON reader takes.
 */
#ifndef GTS_WEB_JSON_H
#define GTS_WEB_JSON_H

#include <stddef.h>

/* The room web_json_escape needs at most for n bytes of text (each byte
 * may become a six-byte \u00XX), with its NUL. */
#define WEB_JSON_ROOM(n) (6 * (n) + 1)

/* text as the inside of a JSON string (no quotes around it) into out, of
 * len > 0 bytes, NUL-ended: '"' and '\' escaped, control bytes as \u00XX,
 * valid UTF-8 kept as it is and any other byte (an overlong form, a
 * surrogate, a stray continuation byte) as \u00XX, its Latin-1 reading.
 * Cut before a character or an escape that does not fit whole.  Returns
 * the length written. */
size_t web_json_escape(char *out, size_t len, const char *text);

#endif
