/* An 8x8 game from GGF text (rv_ggf.h). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "reversi/engine/rv_ggf.h"

enum { VALUE_MAX = 256 };

static const char *skip_space(const char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    return s;
}

/* The next property NAME[VALUE] from *s: 1, 0 at the game's end ";)", or
 * -1 with a reason.  The value is unescaped ("\]" is ']') and cut to
 * VALUE_MAX - 1 characters (only comments are that long). */
static int next_property(const char **s, char name[8], char value[VALUE_MAX], char *err, size_t errlen)
{
    const char *t = skip_space(*s);
    if (t[0] == ';') {
        t = skip_space(t + 1);
        if (*t != ')') {
            snprintf(err, errlen, "';' not followed by ')' at the end of the game");
            return -1;
        }
        t = skip_space(t + 1);
        if (*t) {
            snprintf(err, errlen, "text after the game's closing ')'");
            return -1;
        }
        *s = t;
        return 0;
    }
    size_t n = 0;
    while (isupper((unsigned char)t[n]) && n < 7) {
        name[n] = t[n];
        n++;
    }
    name[n] = '\0';
    if (n == 0 || t[n] != '[') {
        if (!*t)
            snprintf(err, errlen, "the game has no end (\";)\")");
        else
            snprintf(err, errlen, "expected a property NAME[value] at '%.12s'", t);
        return -1;
    }
    t += n + 1;
    size_t k = 0;
    for (; *t && *t != ']'; t++) {
        if (*t == '\\' && t[1])
            t++;
        if (k < VALUE_MAX - 1)
            value[k++] = *t;
    }
    value[k] = '\0';
    if (*t != ']') {
        snprintf(err, errlen, "property %s has no closing ']'", name);
        return -1;
    }
    *s = t + 1;
    return 1;
}

/* TY[8], TY[8r], TY[8r20]: the board size, then at most a random start
 * (whose board BO gives); anti, synchro, komi or any other variant is
 * refused, since gts would play it by the standard rules. */
static int check_type(const char *value, char *err, size_t errlen)
{
    int size = 0;
    const char *t = skip_space(value);
    if (strchr(value, 'a') || *t == 's') {
        snprintf(err, errlen, "TY[%s]: anti and synchro Othello are not played", value);
        return -1;
    }
    while (isdigit((unsigned char)*t) && size < 1000)
        size = size * 10 + (*t++ - '0');
    if (size != 8) {
        snprintf(err, errlen, "TY[%s]: board size %s, gts plays 8x8 games only", value, size ? "not 8" : "missing");
        return -1;
    }
    if (*t == 'r')
        t += 1 + strspn(t + 1, "0123456789");
    if (*skip_space(t)) {
        snprintf(err, errlen, "TY[%s]: the variant '%s' is not played (only TY[8], or TY[8r] from BO)", value, t);
        return -1;
    }
    return 0;
}

/* SZ[8] (an SGF-style size some writers add): anything else is another
 * board. */
static int check_size(const char *value, char *err, size_t errlen)
{
    const char *t = skip_space(value);
    if (t[0] != '8' || *skip_space(t + 1)) {
        snprintf(err, errlen, "SZ[%s]: the board is not 8x8 (gts plays 8x8 games only)", value);
        return -1;
    }
    return 0;
}

/* RU[...] (SGF-style rules): only Othello's own. */
static int check_rules(const char *value, char *err, size_t errlen)
{
    static const char *const ours[] = { "othello", "reversi", "standard" };
    for (size_t i = 0; i < sizeof ours / sizeof *ours; i++)
        if (strcasecmp(value, ours[i]) == 0)
            return 0;
    snprintf(err, errlen, "RU[%s]: rules gts does not play (only standard Othello)", value);
    return -1;
}

/* BO[8 <64 squares> <side>]: the start position; the squares may be split
 * by spaces (rows). */
static int read_board(const char *value, rv_pos *p, bool *black, char *err, size_t errlen)
{
    const char *t = skip_space(value);
    if (t[0] != '8' || !isspace((unsigned char)t[1])) {
        snprintf(err, errlen, "BO[...]: the board is not 8x8 (gts plays 8x8 games only)");
        return -1;
    }
    char board[65];
    int k = 0;
    for (t += 2; *t && k < 64; t++)
        if (!isspace((unsigned char)*t))
            board[k++] = *t;
    board[k] = '\0';
    t = skip_space(t);
    const char side = *t;
    if (k < 64 || !side || *skip_space(t + 1)) {
        snprintf(err, errlen, "BO[...]: expected 8, 64 squares and the side to move (* or O)");
        return -1;
    }
    char why[160];
    if (rv_parse_board(board, side, p, black, why, sizeof why) != 0) {
        snprintf(err, errlen, "BO[...]: %s", why);
        return -1;
    }
    return 0;
}

/* The game's kind and start, from every property but the moves. */
static int read_header(const char *props, rv_pos *start, bool *black, char *err, size_t errlen)
{
    char name[8], value[VALUE_MAX];
    bool has_board = false;
    int k;
    while ((k = next_property(&props, name, value, err, errlen)) == 1) {
        if (strcmp(name, "GM") == 0 && strcasecmp(value, "othello") != 0 && strcasecmp(value, "reversi") != 0) {
            snprintf(err, errlen, "GM[%s] is not an Othello game", value);
            return -1;
        }
        if ((strcmp(name, "TY") == 0 && check_type(value, err, errlen) != 0) ||
            (strcmp(name, "SZ") == 0 && check_size(value, err, errlen) != 0) ||
            (strcmp(name, "RU") == 0 && check_rules(value, err, errlen) != 0) ||
            (strcmp(name, "BO") == 0 && read_board(value, start, black, err, errlen) != 0))
            return -1;
        has_board |= strcmp(name, "BO") == 0;
    }
    if (k == 0 && !has_board) {
        snprintf(err, errlen, "no BO[8 <64 squares> <side>]: the game's board is missing");
        return -1;
    }
    return k;
}

/* B[F5/1.0/2.5] or W[PA]: the square (RV_PASS), or -1 with a reason. */
static int read_move(const char *name, const char *value, char *err, size_t errlen)
{
    char move[8];
    const char *t = skip_space(value);
    size_t n = strcspn(t, "/ \t");
    if (n >= sizeof move) {
        snprintf(err, errlen, "%s[%s]: not a move", name, value);
        return -1;
    }
    memcpy(move, t, n);
    move[n] = '\0';
    if (strcmp(move, "pass") == 0 || strcmp(move, "PASS") == 0)
        return RV_PASS;
    char why[128];
    const int sq = rv_parse_square(move, why, sizeof why);
    if (sq < 0)
        snprintf(err, errlen, "%s[%s]: %s", name, value, why);
    return sq;
}

int rv_ggf_parse(const char *text, rv_game *g, char *err, size_t errlen)
{
    const char *s = skip_space(text);
    if (s[0] != '(' || s[1] != ';') {
        snprintf(err, errlen, "a GGF game starts with \"(;\"");
        return -1;
    }
    s += 2;
    char name[8], value[VALUE_MAX];
    rv_pos start;
    bool black = true;
    /* The game's kind and start first: some writers put BO after moves. */
    if (read_header(s, &start, &black, err, errlen) != 0)
        return -1;
    rv_game_start(g, &start, black);
    while (next_property(&s, name, value, err, errlen) == 1) {
        if (strcmp(name, "B") != 0 && strcmp(name, "W") != 0)
            continue;
        const int sq = read_move(name, value, err, errlen);
        char why[192];
        if (sq < 0)
            return -1;
        if (rv_game_play(g, sq, name[0] == 'B' ? RV_BY_BLACK : RV_BY_WHITE, why, sizeof why) != 0) {
            snprintf(err, errlen, "move %d %s[%s]: %s", g->n + 1, name, value, why);
            return -1;
        }
    }
    return 0;
}
