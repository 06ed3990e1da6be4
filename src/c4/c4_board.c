/* Connect 4 positions: geometry, parsing (moves, and a position file's lines), keys and printing. */
#include "gts/c4.h"

#include <stdio.h>
#include <string.h>

#include "core/number.h"

const c4_geom c4_standard = C4_STANDARD_GEOM;

int c4_geom_init(c4_geom *g, int width, int height, char *err, size_t errlen)
{
    /* height > 64 / width - 1 is width * (height + 1) > 64 without its
     * overflow for a height near INT_MAX (a book header's, say). */
    if (width < 4 || width > C4_MAX_WIDTH || height < 4 || height > 64 / width - 1) {
        snprintf(err, errlen,
                 "board size %dx%d out of range: need 4 <= width <= %d, height >= 4 and "
                 "width*(height+1) <= 64",
                 width, height, C4_MAX_WIDTH);
        return -1;
    }
    g->width = width;
    g->height = height;
    g->cells = width * height;
    g->key_bits = width * (height + 1);
    g->bottom = g->board = g->even_rows = 0;
    for (int c = 0; c < width; c++) {
        g->bottom |= c4_bottom_cell(g, c);
        g->board |= c4_column_mask(g, c);
        for (int r = 0; r < height; r += 2)
            g->even_rows |= c4_bottom_cell(g, c) << r;
    }
    return 0;
}

uint64_t c4_mirror_key(const c4_geom *g, const c4_pos *p)
{
    const int stride = g->height + 1;
    const uint64_t column = ((uint64_t)1 << stride) - 1;
    uint64_t key = c4_key(p), mirrored = 0;
    for (int c = 0; c < g->width; c++)
        mirrored |= ((key >> (c * stride)) & column) << ((g->width - 1 - c) * stride);
    return mirrored;
}

int c4_parse(const c4_geom *g, c4_pos *p, const char *moves, char *err, size_t errlen)
{
    c4_init(p);
    for (int i = 0; moves[i]; i++) {
        const char ch = moves[i];
        if (ch < '0' || ch > '9') {
            snprintf(err, errlen, "move %d: '%c' is not a column digit", i + 1, ch);
            return -1;
        }
        const int col = ch - '1';
        if (col < 0 || col >= g->width) {
            snprintf(err, errlen, "move %d: column %c out of range 1..%d", i + 1, ch, g->width);
            return -1;
        }
        if (!c4_can_play(g, p, col)) {
            snprintf(err, errlen, "move %d: column %c is full", i + 1, ch);
            return -1;
        }
        if (c4_is_winning_move(g, p, col)) {
            if (moves[i + 1]) {
                snprintf(err, errlen, "move %d: game already won by move %d", i + 2, i + 1);
                return -1;
            }
        }
        c4_play(g, p, col);
    }
    return 0;
}

int c4_cell(const c4_geom *g, const c4_pos *p, int col, int row)
{
    if (col < 0 || col >= g->width || row < 0 || row >= g->height)
        return -1;
    const uint64_t bit = (uint64_t)1 << (col * (g->height + 1) + row);
    if (!(p->mask & bit))
        return 0;
    /* cur holds the stones of the side to move: the first player when an
     * even number of stones is down. */
    const int cur_player = (p->moves & 1) ? 2 : 1;
    return (p->cur & bit) ? cur_player : 3 - cur_player;
}

int c4_format_board(const c4_geom *g, const c4_pos *p, char *buf, size_t len)
{
    static const char glyph[3] = { '.', 'X', 'O' };
    size_t n = 0;
    for (int row = g->height - 1; row >= 0; row--) {
        for (int col = 0; col < g->width; col++) {
            if (n + 1 < len)
                buf[n] = glyph[c4_cell(g, p, col, row)];
            n++;
        }
        if (n + 1 < len)
            buf[n] = '\n';
        n++;
    }
    if (len)
        buf[n < len ? n : len - 1] = '\0';
    return (int)n;
}

/* The next blank-separated field of a line from *at on: moved to its
 * start, its length in *len; false when none is left. */
static bool next_field(const char **at, size_t *len)
{
    *at += strspn(*at, " \t\r\n");
    *len = strcspn(*at, " \t\r\n");
    return *len > 0;
}

int c4_parse_line(const c4_geom *g, const char *line, c4_pos *p, char *shown, bool *has_expected, int *expected,
                  char *err, size_t errlen)
{
    const char *moves = line, *score, *extra;
    size_t nmoves, nscore, nextra;
    if (!next_field(&moves, &nmoves) || moves[0] == '#')
        return 0;
    if (nmoves > (size_t)g->cells) {
        snprintf(err, errlen, "position too long (%zu moves, max %d on %dx%d)", nmoves, g->cells, g->width,
                 g->height);
        return -1;
    }
    score = moves + nmoves;
    *has_expected = next_field(&score, &nscore);
    long v = 0;
    if (*has_expected) {
        char text[32];
        snprintf(text, sizeof text, "%.*s", (int)nscore, score);
        if (nscore >= sizeof text || !gts_whole_number(text, -64, 64, &v)) {
            snprintf(err, errlen, "expected score '%.20s%s' is not an integer", text, nscore > 20 ? "..." : "");
            return -1;
        }
        extra = score + nscore;
        if (next_field(&extra, &nextra)) {
            snprintf(err, errlen, "unexpected text '%.*s%s' after the score", nextra > 20 ? 20 : (int)nextra, extra,
                     nextra > 20 ? "..." : "");
            return -1;
        }
    }
    *expected = (int)v;
    snprintf(shown, C4_LINE_MOVES, "%.*s", (int)nmoves, moves);
    return c4_parse(g, p, strcmp(shown, "-") == 0 ? "" : shown, err, errlen) == 0 ? 1 : -1;
}
