/* Boards of any size as text: sizes, square names, move lists, boards. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gts/reversi_board.h"

/* A decimal number of at most 4 digits at *s; -1 if there is none. */
static int number(const char **s)
{
    int v = 0, n = 0;
    while (isdigit((unsigned char)**s) && n < 5) {
        v = v * 10 + (**s - '0');
        (*s)++;
        n++;
    }
    return n && n < 5 ? v : -1;
}

int rvb_parse_size(const char *s, int *width, int *height, char *err, size_t errlen)
{
    const char *p = s;
    const int w = number(&p);
    int h = w;
    if (*p == 'x' || *p == 'X') {
        p++;
        h = number(&p);
    }
    if (w < 0 || h < 0 || *p) {
        snprintf(err, errlen, "board size '%s' is not WxH or N (e.g. 16x8, 8)", s);
        return -1;
    }
    rvb b;
    if (rvb_init(&b, w, h, err, errlen) != 0)
        return -1;
    *width = w;
    *height = h;
    return 0;
}

void rvb_from_pos(rvb *b, const rv_pos *p)
{
    char err[8];
    rvb_init(b, 8, 8, err, sizeof err);
    b->me[0] = p->me;
    b->opp[0] = p->opp;
}

bool rvb_to_pos(const rvb *b, rv_pos *p)
{
    if (b->width != 8 || b->height != 8)
        return false;
    p->me = b->me[0];
    p->opp = b->opp[0];
    return true;
}

/* Column letters like a spreadsheet's: a..z, aa..az, ba.. */
static int parse_column(const char **s)
{
    int c = -1, n = 0;
    while (isalpha((unsigned char)**s) && n < 3) {
        c = (c + 1) * 26 + (tolower((unsigned char)**s) - 'a');
        (*s)++;
        n++;
    }
    return n < 3 ? c : -1;
}

int rvb_parse_square(const rvb *b, const char *s, char *err, size_t errlen)
{
    if ((tolower((unsigned char)s[0]) == 'p') &&
        (tolower((unsigned char)s[1]) == 's' || tolower((unsigned char)s[1]) == 'a') && !s[2])
        return RVB_PASS;
    const char *p = s;
    const int x = parse_column(&p);
    const int row = number(&p);
    if (x < 0 || row < 0 || *p) {
        snprintf(err, errlen, "'%s' is not a square (a column a..z, aa.., a row from 1; ps for a pass)", s);
        return -1;
    }
    if (x >= b->width || row < 1 || row > b->height) {
        snprintf(err, errlen, "square '%s' is off the %dx%d board", s, b->width, b->height);
        return -1;
    }
    return (row - 1) * b->width + x;
}

void rvb_format_square(const rvb *b, int sq, char out[8])
{
    if (sq == RVB_PASS) {
        strcpy(out, "ps");
        return;
    }
    if (sq < 0 || sq >= b->width * b->height) {
        out[0] = '\0';
        return;
    }
    const int x = sq % b->width, row = sq / b->width + 1;
    char *o = out;
    if (x >= 26)
        *o++ = (char)('a' + x / 26 - 1);
    *o++ = (char)('a' + x % 26);
    if (row >= 10)
        *o++ = (char)('0' + row / 10);
    *o++ = (char)('0' + row % 10);
    *o = '\0';
}

int rvb_parse_moves(rvb *b, const char *moves, bool *black_to_move, char *err, size_t errlen)
{
    if (rvb_init(b, b->width, b->height, err, errlen) != 0)
        return -1;
    *black_to_move = true;
    int number_ = 0;
    for (const char *s = moves; *s;) {
        if (isspace((unsigned char)*s)) {
            s++;
            continue;
        }
        /* A token: letters, then digits. */
        char tok[16];
        size_t n = 0;
        while (isalpha((unsigned char)s[n]) && n < 8)
            n++;
        while (isdigit((unsigned char)s[n]) && n < 12)
            n++;
        if (!n)
            n = 1;
        snprintf(tok, sizeof tok, "%.*s", (int)n, s);
        s += n;
        number_++;
        char why[128];
        const int sq = rvb_parse_square(b, tok, why, sizeof why);
        if (sq < 0) {
            snprintf(err, errlen, "move %d: %s", number_, why);
            return -1;
        }
        if (!rvb_mobility(b, false)) {
            /* A side without a move passes, written or not. */
            if (!rvb_mobility(b, true)) {
                snprintf(err, errlen, "move %d '%s': the game is over", number_, tok);
                return -1;
            }
            rvb_pass(b);
            *black_to_move = !*black_to_move;
            if (sq == RVB_PASS)
                continue;
        }
        if (sq == RVB_PASS || !rvb_play(b, sq)) {
            snprintf(err, errlen, "move %d '%s' is illegal here", number_, tok);
            return -1;
        }
        *black_to_move = !*black_to_move;
    }
    return 0;
}

int rvb_parse_text(rvb *b, int width, int height, const char *text, bool *black_to_move, char *err,
                   size_t errlen)
{
    if (rvb_init(b, width, height, err, errlen) != 0)
        return -1;
    uint64_t black[RVB_MAX_WORDS] = { 0 }, white[RVB_MAX_WORDS] = { 0 };
    const int squares = width * height;
    int sq = 0;
    const char *s = text;
    while (isspace((unsigned char)*s))
        s++;
    for (; *s && sq < squares; s++) {
        const char c = *s;
        if (c == '\n' || c == '\r' || c == '/') {
            if (sq % width) {
                snprintf(err, errlen, "row %d ends after %d of its %d squares", sq / width + 1, sq % width, width);
                return -1;
            }
            continue;
        }
        const uint64_t bit = (uint64_t)1 << (sq & 63);
        if (c == 'X' || c == 'x' || c == '*')
            black[sq >> 6] |= bit;
        else if (c == 'O' || c == 'o')
            white[sq >> 6] |= bit;
        else if (c != '-' && c != '.') {
            snprintf(err, errlen, "row %d, column %d: '%c' is not X, O, - or .", sq / width + 1, sq % width + 1, c);
            return -1;
        }
        sq++;
    }
    if (sq < squares) {
        snprintf(err, errlen, "the board has %d squares, not %d (%dx%d)", sq, squares, width, height);
        return -1;
    }
    while (*s == '\n' || *s == '\r' || *s == '/' || isspace((unsigned char)*s))
        s++;
    const char *side_at = s, side = *s;
    if (!side) {
        snprintf(err, errlen, "the side to move (X or O) is missing after the board");
        return -1;
    }
    s++;
    while (isspace((unsigned char)*s))
        s++;
    if ((side != 'X' && side != 'x' && side != 'O' && side != 'o' && side != '*') || *s) {
        snprintf(err, errlen, "expected the side to move (X or O) after the board, found '%.16s'", side_at);
        return -1;
    }
    *black_to_move = side != 'O' && side != 'o';
    memcpy(b->me, *black_to_move ? black : white, sizeof b->me);
    memcpy(b->opp, *black_to_move ? white : black, sizeof b->opp);
    return 0;
}

void rvb_format_text(const rvb *b, bool black_to_move, char *out)
{
    const uint64_t *black = black_to_move ? b->me : b->opp, *white = black_to_move ? b->opp : b->me;
    char *o = out;
    for (int sq = 0; sq < b->width * b->height; sq++) {
        const uint64_t bit = (uint64_t)1 << (sq & 63);
        *o++ = black[sq >> 6] & bit ? 'X' : white[sq >> 6] & bit ? 'O' : '-';
        if ((sq + 1) % b->width == 0)
            *o++ = '\n';
    }
    *o++ = black_to_move ? 'X' : 'O';
    *o++ = '\n';
    *o = '\0';
}
