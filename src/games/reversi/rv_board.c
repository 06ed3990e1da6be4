/* Reversi on bitboards: moves, flips, positions as text, perft. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "gts/reversi.h"
#include "rv_bits.h"

const uint64_t rv_lines[64][4] = {
    { 0x00000000000000ffULL, 0x0101010101010101ULL, 0x8040201008040201ULL, 0x0000000000000001ULL },
    { 0x00000000000000ffULL, 0x0202020202020202ULL, 0x0080402010080402ULL, 0x0000000000000102ULL },
    { 0x00000000000000ffULL, 0x0404040404040404ULL, 0x0000804020100804ULL, 0x0000000000010204ULL },
    { 0x00000000000000ffULL, 0x0808080808080808ULL, 0x0000008040201008ULL, 0x0000000001020408ULL },
    { 0x00000000000000ffULL, 0x1010101010101010ULL, 0x0000000080402010ULL, 0x0000000102040810ULL },
    { 0x00000000000000ffULL, 0x2020202020202020ULL, 0x0000000000804020ULL, 0x0000010204081020ULL },
    { 0x00000000000000ffULL, 0x4040404040404040ULL, 0x0000000000008040ULL, 0x0001020408102040ULL },
    { 0x00000000000000ffULL, 0x8080808080808080ULL, 0x0000000000000080ULL, 0x0102040810204080ULL },
    { 0x000000000000ff00ULL, 0x0101010101010101ULL, 0x4020100804020100ULL, 0x0000000000000102ULL },
    { 0x000000000000ff00ULL, 0x0202020202020202ULL, 0x8040201008040201ULL, 0x0000000000010204ULL },
    { 0x000000000000ff00ULL, 0x0404040404040404ULL, 0x0080402010080402ULL, 0x0000000001020408ULL },
    { 0x000000000000ff00ULL, 0x0808080808080808ULL, 0x0000804020100804ULL, 0x0000000102040810ULL },
    { 0x000000000000ff00ULL, 0x1010101010101010ULL, 0x0000008040201008ULL, 0x0000010204081020ULL },
    { 0x000000000000ff00ULL, 0x2020202020202020ULL, 0x0000000080402010ULL, 0x0001020408102040ULL },
    { 0x000000000000ff00ULL, 0x4040404040404040ULL, 0x0000000000804020ULL, 0x0102040810204080ULL },
    { 0x000000000000ff00ULL, 0x8080808080808080ULL, 0x0000000000008040ULL, 0x0204081020408000ULL },
    { 0x0000000000ff0000ULL, 0x0101010101010101ULL, 0x2010080402010000ULL, 0x0000000000010204ULL },
    { 0x0000000000ff0000ULL, 0x0202020202020202ULL, 0x4020100804020100ULL, 0x0000000001020408ULL },
    { 0x0000000000ff0000ULL, 0x0404040404040404ULL, 0x8040201008040201ULL, 0x0000000102040810ULL },
    { 0x0000000000ff0000ULL, 0x0808080808080808ULL, 0x0080402010080402ULL, 0x0000010204081020ULL },
    { 0x0000000000ff0000ULL, 0x1010101010101010ULL, 0x0000804020100804ULL, 0x0001020408102040ULL },
    { 0x0000000000ff0000ULL, 0x2020202020202020ULL, 0x0000008040201008ULL, 0x0102040810204080ULL },
    { 0x0000000000ff0000ULL, 0x4040404040404040ULL, 0x0000000080402010ULL, 0x0204081020408000ULL },
    { 0x0000000000ff0000ULL, 0x8080808080808080ULL, 0x0000000000804020ULL, 0x0408102040800000ULL },
    { 0x00000000ff000000ULL, 0x0101010101010101ULL, 0x1008040201000000ULL, 0x0000000001020408ULL },
    { 0x00000000ff000000ULL, 0x0202020202020202ULL, 0x2010080402010000ULL, 0x0000000102040810ULL },
    { 0x00000000ff000000ULL, 0x0404040404040404ULL, 0x4020100804020100ULL, 0x0000010204081020ULL },
    { 0x00000000ff000000ULL, 0x0808080808080808ULL, 0x8040201008040201ULL, 0x0001020408102040ULL },
    { 0x00000000ff000000ULL, 0x1010101010101010ULL, 0x0080402010080402ULL, 0x0102040810204080ULL },
    { 0x00000000ff000000ULL, 0x2020202020202020ULL, 0x0000804020100804ULL, 0x0204081020408000ULL },
    { 0x00000000ff000000ULL, 0x4040404040404040ULL, 0x0000008040201008ULL, 0x0408102040800000ULL },
    { 0x00000000ff000000ULL, 0x8080808080808080ULL, 0x0000000080402010ULL, 0x0810204080000000ULL },
    { 0x000000ff00000000ULL, 0x0101010101010101ULL, 0x0804020100000000ULL, 0x0000000102040810ULL },
    { 0x000000ff00000000ULL, 0x0202020202020202ULL, 0x1008040201000000ULL, 0x0000010204081020ULL },
    { 0x000000ff00000000ULL, 0x0404040404040404ULL, 0x2010080402010000ULL, 0x0001020408102040ULL },
    { 0x000000ff00000000ULL, 0x0808080808080808ULL, 0x4020100804020100ULL, 0x0102040810204080ULL },
    { 0x000000ff00000000ULL, 0x1010101010101010ULL, 0x8040201008040201ULL, 0x0204081020408000ULL },
    { 0x000000ff00000000ULL, 0x2020202020202020ULL, 0x0080402010080402ULL, 0x0408102040800000ULL },
    { 0x000000ff00000000ULL, 0x4040404040404040ULL, 0x0000804020100804ULL, 0x0810204080000000ULL },
    { 0x000000ff00000000ULL, 0x8080808080808080ULL, 0x0000008040201008ULL, 0x1020408000000000ULL },
    { 0x0000ff0000000000ULL, 0x0101010101010101ULL, 0x0402010000000000ULL, 0x0000010204081020ULL },
    { 0x0000ff0000000000ULL, 0x0202020202020202ULL, 0x0804020100000000ULL, 0x0001020408102040ULL },
    { 0x0000ff0000000000ULL, 0x0404040404040404ULL, 0x1008040201000000ULL, 0x0102040810204080ULL },
    { 0x0000ff0000000000ULL, 0x0808080808080808ULL, 0x2010080402010000ULL, 0x0204081020408000ULL },
    { 0x0000ff0000000000ULL, 0x1010101010101010ULL, 0x4020100804020100ULL, 0x0408102040800000ULL },
    { 0x0000ff0000000000ULL, 0x2020202020202020ULL, 0x8040201008040201ULL, 0x0810204080000000ULL },
    { 0x0000ff0000000000ULL, 0x4040404040404040ULL, 0x0080402010080402ULL, 0x1020408000000000ULL },
    { 0x0000ff0000000000ULL, 0x8080808080808080ULL, 0x0000804020100804ULL, 0x2040800000000000ULL },
    { 0x00ff000000000000ULL, 0x0101010101010101ULL, 0x0201000000000000ULL, 0x0001020408102040ULL },
    { 0x00ff000000000000ULL, 0x0202020202020202ULL, 0x0402010000000000ULL, 0x0102040810204080ULL },
    { 0x00ff000000000000ULL, 0x0404040404040404ULL, 0x0804020100000000ULL, 0x0204081020408000ULL },
    { 0x00ff000000000000ULL, 0x0808080808080808ULL, 0x1008040201000000ULL, 0x0408102040800000ULL },
    { 0x00ff000000000000ULL, 0x1010101010101010ULL, 0x2010080402010000ULL, 0x0810204080000000ULL },
    { 0x00ff000000000000ULL, 0x2020202020202020ULL, 0x4020100804020100ULL, 0x1020408000000000ULL },
    { 0x00ff000000000000ULL, 0x4040404040404040ULL, 0x8040201008040201ULL, 0x2040800000000000ULL },
    { 0x00ff000000000000ULL, 0x8080808080808080ULL, 0x0080402010080402ULL, 0x4080000000000000ULL },
    { 0xff00000000000000ULL, 0x0101010101010101ULL, 0x0100000000000000ULL, 0x0102040810204080ULL },
    { 0xff00000000000000ULL, 0x0202020202020202ULL, 0x0201000000000000ULL, 0x0204081020408000ULL },
    { 0xff00000000000000ULL, 0x0404040404040404ULL, 0x0402010000000000ULL, 0x0408102040800000ULL },
    { 0xff00000000000000ULL, 0x0808080808080808ULL, 0x0804020100000000ULL, 0x0810204080000000ULL },
    { 0xff00000000000000ULL, 0x1010101010101010ULL, 0x1008040201000000ULL, 0x1020408000000000ULL },
    { 0xff00000000000000ULL, 0x2020202020202020ULL, 0x2010080402010000ULL, 0x2040800000000000ULL },
    { 0xff00000000000000ULL, 0x4040404040404040ULL, 0x4020100804020100ULL, 0x4080000000000000ULL },
    { 0xff00000000000000ULL, 0x8080808080808080ULL, 0x8040201008040201ULL, 0x8000000000000000ULL },
};

void rv_start(rv_pos *p)
{
    /* d4 and e5 white, d5 and e4 black; black moves first. */
    p->me = (1ULL << 28) | (1ULL << 35);
    p->opp = (1ULL << 27) | (1ULL << 36);
}

uint64_t rv_moves(uint64_t me, uint64_t opp)
{
    return rv_moves_fast(me, opp);
}

uint64_t rv_flips(uint64_t me, uint64_t opp, int sq)
{
    return ((me | opp) >> sq) & 1 ? 0 : rv_flips_fast(me, opp, sq);
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
 * a pass, none when the game ends.  Depth 2 is unrolled so that the
 * children's moves are counted where the flips are made. */
static uint64_t perft(uint64_t me, uint64_t opp, int depth)
{
    const uint64_t moves = rv_moves_fast(me, opp);
    if (!moves) {
        if (!rv_moves_fast(opp, me))
            return 0;
        return depth == 1 ? 1 : perft(opp, me, depth - 1);
    }
    if (depth == 1)
        return (uint64_t)__builtin_popcountll(moves);
    uint64_t n = 0;
    for (uint64_t m = moves; m; m &= m - 1) {
        const int sq = __builtin_ctzll(m);
        const uint64_t flips = rv_flips_fast(me, opp, sq);
        const uint64_t child_me = opp & ~flips, child_opp = me | flips | (m & -m);
        if (depth > 2) {
            n += perft(child_me, child_opp, depth - 1);
            continue;
        }
        const uint64_t replies = rv_moves_fast(child_me, child_opp);
        /* No reply: the pass counts as one if the game goes on, which it
         * does when I (who just moved) can move again. */
        n += replies ? (uint64_t)__builtin_popcountll(replies) : rv_moves_fast(child_opp, child_me) != 0;
    }
    return n;
}

uint64_t rv_perft(const rv_pos *p, int depth)
{
    return depth <= 0 ? 1 : perft(p->me, p->opp, depth);
}
