/* Gomoku boards and scores as text: cells ("h8", "x,y"), move lists, the
 * board drawn in rows, a search's score ("win in 7"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gts/gomoku.h"
#include "gts/gomoku_search.h"

/* A whole number at *s (digits after an optional '-'), *s moved past it;
 * one too large for a long reads as LONG_MIN or LONG_MAX, off any board. */
static bool read_coordinate(const char **s, long *v)
{
    const char *p = *s + (**s == '-');
    if (*p < '0' || *p > '9')
        return false;
    char *end;
    *v = strtol(*s, &end, 10);
    *s = end;
    return true;
}

/* "x,y": true with both. */
static bool read_xy(const char *s, long *x, long *y)
{
    return read_coordinate(&s, x) && *s++ == ',' && read_coordinate(&s, y) && *s == '\0';
}

int gm_parse_cell(const gm_board *b, const char *s, int *cell, char *err, size_t errlen)
{
    long x, y;
    if (read_xy(s, &x, &y)) {
        if (x < 0 || x >= b->width || y < 0 || y >= b->height) {
            snprintf(err, errlen, "cell '%s' is off the %dx%d board", s, b->width, b->height);
            return -1;
        }
        *cell = gm_cell(b, (int)x, (int)y);
        return 0;
    }
    const char col = s[0], *digits = s + 1;
    long row;
    if (col >= 'a' && col <= 'z' && *digits != '-' && read_coordinate(&digits, &row) && *digits == '\0') {
        x = col - 'a';
        if (x >= b->width || row < 1 || row > b->height) {
            snprintf(err, errlen, "cell '%s' is off the %dx%d board", s, b->width, b->height);
            return -1;
        }
        *cell = gm_cell(b, (int)x, b->height - (int)row);
        return 0;
    }
    snprintf(err, errlen, "'%s' is not a cell (write h8, or x,y from 0)", s);
    return -1;
}

int gm_format_cell(const gm_board *b, int cell, char *out, size_t len)
{
    if (cell < 0 || cell >= b->width * b->height) {
        if (len > 0)
            out[0] = '\0';
        return -1;
    }
    const int x = cell % b->width, y = cell / b->width;
    if (x < 26)
        return snprintf(out, len, "%c%d", 'a' + x, b->height - y);
    return snprintf(out, len, "%d,%d", x, y);
}

int gm_parse_moves(gm_board *b, const char *moves, char *err, size_t errlen)
{
    int number = 0;
    const char *s = moves;
    while (*s) {
        if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
            s++;
            continue;
        }
        /* One cell: "x,y" (a minus sign too, so that "-1,3" is named as
         * off the board), or a letter and the digits after it. */
        char tok[32];
        size_t n = 0;
        if ((*s >= '0' && *s <= '9') || *s == '-') {
            while (s[n] && s[n] != ' ' && s[n] != '\t' && s[n] != '\n' && s[n] != '\r' && n < sizeof tok - 1)
                n++;
        } else {
            n = 1;
            while (s[n] >= '0' && s[n] <= '9' && n < sizeof tok - 1)
                n++;
        }
        memcpy(tok, s, n);
        tok[n] = '\0';
        s += n;
        number++;
        char why[128];
        int cell;
        if (gm_parse_cell(b, tok, &cell, why, sizeof why) != 0) {
            snprintf(err, errlen, "move %d: %s", number, why);
            return -1;
        }
        if (!gm_can_play(b, cell)) {
            snprintf(err, errlen, "move %d '%s': %s", number, tok,
                     b->cell[cell] != GM_EMPTY ? "the cell is taken" : "the game is already over");
            return -1;
        }
        gm_play(b, cell);
    }
    return 0;
}

void gm_print(const gm_board *b, char *out, size_t len)
{
    size_t at = 0;
#define PUT(...)                                                          \
    do {                                                                  \
        if (at < len)                                                     \
            at += (size_t)snprintf(out + at, len - at, __VA_ARGS__);      \
    } while (0)
    for (int y = 0; y < b->height; y++) {
        PUT("%3d ", b->height - y);
        for (int x = 0; x < b->width; x++)
            PUT(" %c", ".XO"[b->cell[gm_cell(b, x, y)]]);
        PUT("\n");
    }
    PUT("    ");
    for (int x = 0; x < b->width; x++)
        PUT(" %c", x < 26 ? 'a' + x : '?');
    PUT("\n");
#undef PUT
    if (len)
        out[len - 1] = '\0';
}

void gm_format_score(int32_t score, char *out, size_t len)
{
    if (score > GM_WIN_BOUND)
        snprintf(out, len, "win in %d", GM_WIN - score);
    else if (score < -GM_WIN_BOUND)
        snprintf(out, len, "loss in %d", GM_WIN + score);
    else
        snprintf(out, len, "%+d", score);
}
