/* Reversi on bitboards: moves, flips, positions as text, perft. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "gts/reversi.h"

/* The eight directions as shifts, with the files a shift must not wrap
 * into masked off: left shifts by 1, 9 and right by 7 move towards H, so
 * they may not land on file A; the others may not land on file H. */
#define NOT_A 0xfefefefefefefefeULL
#define NOT_H 0x7f7f7f7f7f7f7f7fULL

static inline uint64_t shift(uint64_t b, int dir)
{
    switch (dir) {
    case 0: return (b << 1) & NOT_A;   /* east */
    case 1: return (b >> 1) & NOT_H;   /* west */
    case 2: return b << 8;             /* south */
    case 3: return b >> 8;             /* north */
    case 4: return (b << 9) & NOT_A;   /* south-east */
    case 5: return (b << 7) & NOT_H;   /* south-west */
    case 6: return (b >> 7) & NOT_A;   /* north-east */
    default: return (b >> 9) & NOT_H;  /* north-west */
    }
}

void rv_start(rv_pos *p)
{
    /* d4 and e5 white, d5 and e4 black; black moves first. */
    p->me = (1ULL << 28) | (1ULL << 35);
    p->opp = (1ULL << 27) | (1ULL << 36);
}

uint64_t rv_moves(uint64_t me, uint64_t opp)
{
    const uint64_t empty = ~(me | opp);
    uint64_t moves = 0;
    for (int dir = 0; dir < 8; dir++) {
        /* Runs of opponent discs starting next to one of mine: at most six
         * long on an 8x8 board. */
        uint64_t t = shift(me, dir) & opp;
        for (int i = 0; i < 5; i++)
            t |= shift(t, dir) & opp;
        moves |= shift(t, dir) & empty;
    }
    return moves;
}

uint64_t rv_flips(uint64_t me, uint64_t opp, int sq)
{
    const uint64_t from = (uint64_t)1 << sq;
    if ((me | opp) & from)
        return 0;
    uint64_t flips = 0;
    for (int dir = 0; dir < 8; dir++) {
        uint64_t run = 0, x = shift(from, dir);
        while (x & opp) {
            run |= x;
            x = shift(x, dir);
        }
        if (x & me)
            flips |= run;
    }
    return flips;
}

int rv_final_score(const rv_pos *p)
{
    const int me = __builtin_popcountll(p->me), opp = __builtin_popcountll(p->opp);
    const int empty = 64 - me - opp;
    return me > opp ? me - opp + empty : me < opp ? me - opp - empty : 0;
}

int rv_parse_square(const char *s, char *err, size_t errlen)
{
    const int c = tolower((unsigned char)s[0]);
    if ((c == 'p' && (tolower((unsigned char)s[1]) == 's' || tolower((unsigned char)s[1]) == 'a')) && !s[2])
        return RV_PASS;
    if (c >= 'a' && c <= 'h' && s[1] >= '1' && s[1] <= '8' && !s[2])
        return (s[1] - '1') * 8 + (c - 'a');
    snprintf(err, errlen, "'%s' is not a square (a1..h8, or ps for a pass)", s);
    return -1;
}

void rv_format_square(int sq, char out[3])
{
    if (sq == RV_PASS) {
        memcpy(out, "ps", 3);
        return;
    }
    out[0] = (char)('a' + sq % 8);
    out[1] = (char)('1' + sq / 8);
    out[2] = '\0';
}

int rv_parse_board(const char *board, char side, rv_pos *p, bool *black_to_move, char *err, size_t errlen)
{
    uint64_t black = 0, white = 0;
    for (int sq = 0; sq < 64; sq++) {
        const char c = board[sq];
        if (!c) {
            snprintf(err, errlen, "the board has %d squares, not 64", sq);
            return -1;
        }
        if (c == 'X' || c == 'x' || c == '*')
            black |= (uint64_t)1 << sq;
        else if (c == 'O' || c == 'o')
            white |= (uint64_t)1 << sq;
        else if (c != '-' && c != '.') {
            snprintf(err, errlen, "square %d of the board is '%c' (X, O, - or .)", sq + 1, c);
            return -1;
        }
    }
    if (board[64] && !isspace((unsigned char)board[64])) {
        snprintf(err, errlen, "the board is longer than 64 squares");
        return -1;
    }
    if (side != 'X' && side != 'O' && side != 'x' && side != 'o' && side != '*') {
        snprintf(err, errlen, "side to move '%c' is not X or O", side);
        return -1;
    }
    *black_to_move = side != 'O' && side != 'o';
    p->me = *black_to_move ? black : white;
    p->opp = *black_to_move ? white : black;
    return 0;
}

int rv_parse_moves(const char *moves, rv_pos *p, bool *black_to_move, char *err, size_t errlen)
{
    rv_start(p);
    *black_to_move = true;
    int number = 0;
    for (const char *s = moves; *s;) {
        if (isspace((unsigned char)*s)) {
            s++;
            continue;
        }
        char tok[3] = { s[0], s[1] ? s[1] : '\0', '\0' };
        number++;
        char why[96];
        const int sq = rv_parse_square(tok, why, sizeof why);
        if (sq < 0) {
            snprintf(err, errlen, "move %d: %s", number, why);
            return -1;
        }
        s += 2;
        if (!rv_moves(p->me, p->opp)) {
            /* A side without a move passes, written or not. */
            rv_pass(p);
            *black_to_move = !*black_to_move;
            if (sq == RV_PASS)
                continue;
        }
        const uint64_t flips = sq == RV_PASS ? 0 : rv_flips(p->me, p->opp, sq);
        if (!flips) {
            snprintf(err, errlen, "move %d '%s' is illegal here", number, tok);
            return -1;
        }
        rv_play(p, sq, flips);
        *black_to_move = !*black_to_move;
    }
    return 0;
}

int rv_parse_obf(const char *line, rv_pos *p, bool *black_to_move, bool *has_score, int *best_score, char *err,
                 size_t errlen)
{
    while (isspace((unsigned char)*line))
        line++;
    if (strlen(line) < 66 || !isspace((unsigned char)line[64])) {
        snprintf(err, errlen, "expected 64 board characters, a space and the side to move");
        return -1;
    }
    if (rv_parse_board(line, line[65], p, black_to_move, err, errlen) != 0)
        return -1;
    *has_score = false;
    const char *rest = line + 66;
    char move[8];
    int score;
    if (sscanf(rest, " ; %7[^:]:%d", move, &score) == 2) {
        *has_score = true;
        *best_score = score;
    }
    return 0;
}

/* The last ply is counted, not played: a sequence per legal move, one for
 * a pass, none when the game ends. */
static uint64_t perft(uint64_t me, uint64_t opp, int depth)
{
    const uint64_t moves = rv_moves(me, opp);
    if (depth == 1) {
        if (moves)
            return (uint64_t)__builtin_popcountll(moves);
        return rv_moves(opp, me) ? 1 : 0;
    }
    if (!moves)
        return rv_moves(opp, me) ? perft(opp, me, depth - 1) : 0;
    uint64_t n = 0;
    for (uint64_t m = moves; m; m &= m - 1) {
        const int sq = __builtin_ctzll(m);
        const uint64_t flips = rv_flips(me, opp, sq);
        n += perft(opp & ~flips, me | flips | (m & -m), depth - 1);
    }
    return n;
}

uint64_t rv_perft(const rv_pos *p, int depth)
{
    return depth <= 0 ? 1 : perft(p->me, p->opp, depth);
}
