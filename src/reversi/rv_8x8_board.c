/* Reversi on bitboards: moves, flips, positions as text, perft. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/number.h"
#include "gts/reversi.h"
#include "reversi/rv_8x8_bits.h"

const uint64_t rv_half_lines[64][2][4] = {
    { { 0x00000000000000feULL, 0x0101010101010100ULL, 0x8040201008040200ULL, 0x0000000000000000ULL },
      { 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL } },
    { { 0x00000000000000fcULL, 0x0202020202020200ULL, 0x0080402010080400ULL, 0x0000000000000100ULL },
      { 0x0000000000000001ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL } },
    { { 0x00000000000000f8ULL, 0x0404040404040400ULL, 0x0000804020100800ULL, 0x0000000000010200ULL },
      { 0x0000000000000003ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL } },
    { { 0x00000000000000f0ULL, 0x0808080808080800ULL, 0x0000008040201000ULL, 0x0000000001020400ULL },
      { 0x0000000000000007ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL } },
    { { 0x00000000000000e0ULL, 0x1010101010101000ULL, 0x0000000080402000ULL, 0x0000000102040800ULL },
      { 0x000000000000000fULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL } },
    { { 0x00000000000000c0ULL, 0x2020202020202000ULL, 0x0000000000804000ULL, 0x0000010204081000ULL },
      { 0x000000000000001fULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL } },
    { { 0x0000000000000080ULL, 0x4040404040404000ULL, 0x0000000000008000ULL, 0x0001020408102000ULL },
      { 0x000000000000003fULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL } },
    { { 0x0000000000000000ULL, 0x8080808080808000ULL, 0x0000000000000000ULL, 0x0102040810204000ULL },
      { 0x000000000000007fULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL } },
    { { 0x000000000000fe00ULL, 0x0101010101010000ULL, 0x4020100804020000ULL, 0x0000000000000000ULL },
      { 0x0000000000000000ULL, 0x0000000000000001ULL, 0x0000000000000000ULL, 0x0000000000000002ULL } },
    { { 0x000000000000fc00ULL, 0x0202020202020000ULL, 0x8040201008040000ULL, 0x0000000000010000ULL },
      { 0x0000000000000100ULL, 0x0000000000000002ULL, 0x0000000000000001ULL, 0x0000000000000004ULL } },
    { { 0x000000000000f800ULL, 0x0404040404040000ULL, 0x0080402010080000ULL, 0x0000000001020000ULL },
      { 0x0000000000000300ULL, 0x0000000000000004ULL, 0x0000000000000002ULL, 0x0000000000000008ULL } },
    { { 0x000000000000f000ULL, 0x0808080808080000ULL, 0x0000804020100000ULL, 0x0000000102040000ULL },
      { 0x0000000000000700ULL, 0x0000000000000008ULL, 0x0000000000000004ULL, 0x0000000000000010ULL } },
    { { 0x000000000000e000ULL, 0x1010101010100000ULL, 0x0000008040200000ULL, 0x0000010204080000ULL },
      { 0x0000000000000f00ULL, 0x0000000000000010ULL, 0x0000000000000008ULL, 0x0000000000000020ULL } },
    { { 0x000000000000c000ULL, 0x2020202020200000ULL, 0x0000000080400000ULL, 0x0001020408100000ULL },
      { 0x0000000000001f00ULL, 0x0000000000000020ULL, 0x0000000000000010ULL, 0x0000000000000040ULL } },
    { { 0x0000000000008000ULL, 0x4040404040400000ULL, 0x0000000000800000ULL, 0x0102040810200000ULL },
      { 0x0000000000003f00ULL, 0x0000000000000040ULL, 0x0000000000000020ULL, 0x0000000000000080ULL } },
    { { 0x0000000000000000ULL, 0x8080808080800000ULL, 0x0000000000000000ULL, 0x0204081020400000ULL },
      { 0x0000000000007f00ULL, 0x0000000000000080ULL, 0x0000000000000040ULL, 0x0000000000000000ULL } },
    { { 0x0000000000fe0000ULL, 0x0101010101000000ULL, 0x2010080402000000ULL, 0x0000000000000000ULL },
      { 0x0000000000000000ULL, 0x0000000000000101ULL, 0x0000000000000000ULL, 0x0000000000000204ULL } },
    { { 0x0000000000fc0000ULL, 0x0202020202000000ULL, 0x4020100804000000ULL, 0x0000000001000000ULL },
      { 0x0000000000010000ULL, 0x0000000000000202ULL, 0x0000000000000100ULL, 0x0000000000000408ULL } },
    { { 0x0000000000f80000ULL, 0x0404040404000000ULL, 0x8040201008000000ULL, 0x0000000102000000ULL },
      { 0x0000000000030000ULL, 0x0000000000000404ULL, 0x0000000000000201ULL, 0x0000000000000810ULL } },
    { { 0x0000000000f00000ULL, 0x0808080808000000ULL, 0x0080402010000000ULL, 0x0000010204000000ULL },
      { 0x0000000000070000ULL, 0x0000000000000808ULL, 0x0000000000000402ULL, 0x0000000000001020ULL } },
    { { 0x0000000000e00000ULL, 0x1010101010000000ULL, 0x0000804020000000ULL, 0x0001020408000000ULL },
      { 0x00000000000f0000ULL, 0x0000000000001010ULL, 0x0000000000000804ULL, 0x0000000000002040ULL } },
    { { 0x0000000000c00000ULL, 0x2020202020000000ULL, 0x0000008040000000ULL, 0x0102040810000000ULL },
      { 0x00000000001f0000ULL, 0x0000000000002020ULL, 0x0000000000001008ULL, 0x0000000000004080ULL } },
    { { 0x0000000000800000ULL, 0x4040404040000000ULL, 0x0000000080000000ULL, 0x0204081020000000ULL },
      { 0x00000000003f0000ULL, 0x0000000000004040ULL, 0x0000000000002010ULL, 0x0000000000008000ULL } },
    { { 0x0000000000000000ULL, 0x8080808080000000ULL, 0x0000000000000000ULL, 0x0408102040000000ULL },
      { 0x00000000007f0000ULL, 0x0000000000008080ULL, 0x0000000000004020ULL, 0x0000000000000000ULL } },
    { { 0x00000000fe000000ULL, 0x0101010100000000ULL, 0x1008040200000000ULL, 0x0000000000000000ULL },
      { 0x0000000000000000ULL, 0x0000000000010101ULL, 0x0000000000000000ULL, 0x0000000000020408ULL } },
    { { 0x00000000fc000000ULL, 0x0202020200000000ULL, 0x2010080400000000ULL, 0x0000000100000000ULL },
      { 0x0000000001000000ULL, 0x0000000000020202ULL, 0x0000000000010000ULL, 0x0000000000040810ULL } },
    { { 0x00000000f8000000ULL, 0x0404040400000000ULL, 0x4020100800000000ULL, 0x0000010200000000ULL },
      { 0x0000000003000000ULL, 0x0000000000040404ULL, 0x0000000000020100ULL, 0x0000000000081020ULL } },
    { { 0x00000000f0000000ULL, 0x0808080800000000ULL, 0x8040201000000000ULL, 0x0001020400000000ULL },
      { 0x0000000007000000ULL, 0x0000000000080808ULL, 0x0000000000040201ULL, 0x0000000000102040ULL } },
    { { 0x00000000e0000000ULL, 0x1010101000000000ULL, 0x0080402000000000ULL, 0x0102040800000000ULL },
      { 0x000000000f000000ULL, 0x0000000000101010ULL, 0x0000000000080402ULL, 0x0000000000204080ULL } },
    { { 0x00000000c0000000ULL, 0x2020202000000000ULL, 0x0000804000000000ULL, 0x0204081000000000ULL },
      { 0x000000001f000000ULL, 0x0000000000202020ULL, 0x0000000000100804ULL, 0x0000000000408000ULL } },
    { { 0x0000000080000000ULL, 0x4040404000000000ULL, 0x0000008000000000ULL, 0x0408102000000000ULL },
      { 0x000000003f000000ULL, 0x0000000000404040ULL, 0x0000000000201008ULL, 0x0000000000800000ULL } },
    { { 0x0000000000000000ULL, 0x8080808000000000ULL, 0x0000000000000000ULL, 0x0810204000000000ULL },
      { 0x000000007f000000ULL, 0x0000000000808080ULL, 0x0000000000402010ULL, 0x0000000000000000ULL } },
    { { 0x000000fe00000000ULL, 0x0101010000000000ULL, 0x0804020000000000ULL, 0x0000000000000000ULL },
      { 0x0000000000000000ULL, 0x0000000001010101ULL, 0x0000000000000000ULL, 0x0000000002040810ULL } },
    { { 0x000000fc00000000ULL, 0x0202020000000000ULL, 0x1008040000000000ULL, 0x0000010000000000ULL },
      { 0x0000000100000000ULL, 0x0000000002020202ULL, 0x0000000001000000ULL, 0x0000000004081020ULL } },
    { { 0x000000f800000000ULL, 0x0404040000000000ULL, 0x2010080000000000ULL, 0x0001020000000000ULL },
      { 0x0000000300000000ULL, 0x0000000004040404ULL, 0x0000000002010000ULL, 0x0000000008102040ULL } },
    { { 0x000000f000000000ULL, 0x0808080000000000ULL, 0x4020100000000000ULL, 0x0102040000000000ULL },
      { 0x0000000700000000ULL, 0x0000000008080808ULL, 0x0000000004020100ULL, 0x0000000010204080ULL } },
    { { 0x000000e000000000ULL, 0x1010100000000000ULL, 0x8040200000000000ULL, 0x0204080000000000ULL },
      { 0x0000000f00000000ULL, 0x0000000010101010ULL, 0x0000000008040201ULL, 0x0000000020408000ULL } },
    { { 0x000000c000000000ULL, 0x2020200000000000ULL, 0x0080400000000000ULL, 0x0408100000000000ULL },
      { 0x0000001f00000000ULL, 0x0000000020202020ULL, 0x0000000010080402ULL, 0x0000000040800000ULL } },
    { { 0x0000008000000000ULL, 0x4040400000000000ULL, 0x0000800000000000ULL, 0x0810200000000000ULL },
      { 0x0000003f00000000ULL, 0x0000000040404040ULL, 0x0000000020100804ULL, 0x0000000080000000ULL } },
    { { 0x0000000000000000ULL, 0x8080800000000000ULL, 0x0000000000000000ULL, 0x1020400000000000ULL },
      { 0x0000007f00000000ULL, 0x0000000080808080ULL, 0x0000000040201008ULL, 0x0000000000000000ULL } },
    { { 0x0000fe0000000000ULL, 0x0101000000000000ULL, 0x0402000000000000ULL, 0x0000000000000000ULL },
      { 0x0000000000000000ULL, 0x0000000101010101ULL, 0x0000000000000000ULL, 0x0000000204081020ULL } },
    { { 0x0000fc0000000000ULL, 0x0202000000000000ULL, 0x0804000000000000ULL, 0x0001000000000000ULL },
      { 0x0000010000000000ULL, 0x0000000202020202ULL, 0x0000000100000000ULL, 0x0000000408102040ULL } },
    { { 0x0000f80000000000ULL, 0x0404000000000000ULL, 0x1008000000000000ULL, 0x0102000000000000ULL },
      { 0x0000030000000000ULL, 0x0000000404040404ULL, 0x0000000201000000ULL, 0x0000000810204080ULL } },
    { { 0x0000f00000000000ULL, 0x0808000000000000ULL, 0x2010000000000000ULL, 0x0204000000000000ULL },
      { 0x0000070000000000ULL, 0x0000000808080808ULL, 0x0000000402010000ULL, 0x0000001020408000ULL } },
    { { 0x0000e00000000000ULL, 0x1010000000000000ULL, 0x4020000000000000ULL, 0x0408000000000000ULL },
      { 0x00000f0000000000ULL, 0x0000001010101010ULL, 0x0000000804020100ULL, 0x0000002040800000ULL } },
    { { 0x0000c00000000000ULL, 0x2020000000000000ULL, 0x8040000000000000ULL, 0x0810000000000000ULL },
      { 0x00001f0000000000ULL, 0x0000002020202020ULL, 0x0000001008040201ULL, 0x0000004080000000ULL } },
    { { 0x0000800000000000ULL, 0x4040000000000000ULL, 0x0080000000000000ULL, 0x1020000000000000ULL },
      { 0x00003f0000000000ULL, 0x0000004040404040ULL, 0x0000002010080402ULL, 0x0000008000000000ULL } },
    { { 0x0000000000000000ULL, 0x8080000000000000ULL, 0x0000000000000000ULL, 0x2040000000000000ULL },
      { 0x00007f0000000000ULL, 0x0000008080808080ULL, 0x0000004020100804ULL, 0x0000000000000000ULL } },
    { { 0x00fe000000000000ULL, 0x0100000000000000ULL, 0x0200000000000000ULL, 0x0000000000000000ULL },
      { 0x0000000000000000ULL, 0x0000010101010101ULL, 0x0000000000000000ULL, 0x0000020408102040ULL } },
    { { 0x00fc000000000000ULL, 0x0200000000000000ULL, 0x0400000000000000ULL, 0x0100000000000000ULL },
      { 0x0001000000000000ULL, 0x0000020202020202ULL, 0x0000010000000000ULL, 0x0000040810204080ULL } },
    { { 0x00f8000000000000ULL, 0x0400000000000000ULL, 0x0800000000000000ULL, 0x0200000000000000ULL },
      { 0x0003000000000000ULL, 0x0000040404040404ULL, 0x0000020100000000ULL, 0x0000081020408000ULL } },
    { { 0x00f0000000000000ULL, 0x0800000000000000ULL, 0x1000000000000000ULL, 0x0400000000000000ULL },
      { 0x0007000000000000ULL, 0x0000080808080808ULL, 0x0000040201000000ULL, 0x0000102040800000ULL } },
    { { 0x00e0000000000000ULL, 0x1000000000000000ULL, 0x2000000000000000ULL, 0x0800000000000000ULL },
      { 0x000f000000000000ULL, 0x0000101010101010ULL, 0x0000080402010000ULL, 0x0000204080000000ULL } },
    { { 0x00c0000000000000ULL, 0x2000000000000000ULL, 0x4000000000000000ULL, 0x1000000000000000ULL },
      { 0x001f000000000000ULL, 0x0000202020202020ULL, 0x0000100804020100ULL, 0x0000408000000000ULL } },
    { { 0x0080000000000000ULL, 0x4000000000000000ULL, 0x8000000000000000ULL, 0x2000000000000000ULL },
      { 0x003f000000000000ULL, 0x0000404040404040ULL, 0x0000201008040201ULL, 0x0000800000000000ULL } },
    { { 0x0000000000000000ULL, 0x8000000000000000ULL, 0x0000000000000000ULL, 0x4000000000000000ULL },
      { 0x007f000000000000ULL, 0x0000808080808080ULL, 0x0000402010080402ULL, 0x0000000000000000ULL } },
    { { 0xfe00000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL },
      { 0x0000000000000000ULL, 0x0001010101010101ULL, 0x0000000000000000ULL, 0x0002040810204080ULL } },
    { { 0xfc00000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL },
      { 0x0100000000000000ULL, 0x0002020202020202ULL, 0x0001000000000000ULL, 0x0004081020408000ULL } },
    { { 0xf800000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL },
      { 0x0300000000000000ULL, 0x0004040404040404ULL, 0x0002010000000000ULL, 0x0008102040800000ULL } },
    { { 0xf000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL },
      { 0x0700000000000000ULL, 0x0008080808080808ULL, 0x0004020100000000ULL, 0x0010204080000000ULL } },
    { { 0xe000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL },
      { 0x0f00000000000000ULL, 0x0010101010101010ULL, 0x0008040201000000ULL, 0x0020408000000000ULL } },
    { { 0xc000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL },
      { 0x1f00000000000000ULL, 0x0020202020202020ULL, 0x0010080402010000ULL, 0x0040800000000000ULL } },
    { { 0x8000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL },
      { 0x3f00000000000000ULL, 0x0040404040404040ULL, 0x0020100804020100ULL, 0x0080000000000000ULL } },
    { { 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL },
      { 0x7f00000000000000ULL, 0x0080808080808080ULL, 0x0040201008040201ULL, 0x0000000000000000ULL } },
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
    return sq < 0 || sq >= 64 || ((me | opp) >> sq) & 1 ? 0 : rv_flips_fast(me, opp, sq);
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
    if (sq < 0 || sq >= 64) {
        out[0] = '\0';
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

/* text[0..n) without the spaces around it, into out (size len); false if
 * it does not fit. */
static bool trimmed(const char *text, size_t n, char *out, size_t len)
{
    while (n > 0 && isspace((unsigned char)*text))
        text++, n--;
    while (n > 0 && isspace((unsigned char)text[n - 1]))
        n--;
    if (n >= len)
        return false;
    memcpy(out, text, n);
    out[n] = '\0';
    return true;
}

/* One "move:score" field of an .obf line: 0 with the score, or -1 with
 * the field named in err. */
static int parse_obf_field(const char *field, int *score, char *err, size_t errlen)
{
    const char *colon = strchr(field, ':');
    char move[8], value[24], why[96];
    if (!colon) {
        snprintf(err, errlen, "field '%s' is not move:score", field);
        return -1;
    }
    if (!trimmed(field, (size_t)(colon - field), move, sizeof move) || rv_parse_square(move, why, sizeof why) < 0) {
        snprintf(err, errlen, "field '%s': the move is not a square (a1..h8, or ps for a pass)", field);
        return -1;
    }
    long v;
    if (!trimmed(colon + 1, strlen(colon + 1), value, sizeof value) || !gts_whole_number(value, -64, 64, &v)) {
        snprintf(err, errlen, "field '%s': the score is not a whole number in -64..64", field);
        return -1;
    }
    *score = (int)v;
    return 0;
}

/* What follows the side to move on an .obf line: nothing, or fields
 * "; move:score" (a last empty one allowed), every one checked, the first
 * the best score. */
static int parse_obf_scores(const char *rest, bool *has_score, int *best_score, char *err, size_t errlen)
{
    *has_score = false;
    rest += strspn(rest, " \t\r\n");
    if (*rest && *rest != ';') {
        const size_t n = strcspn(rest, "\r\n");
        snprintf(err, errlen, "expected '; move:score' after the side to move, not '%.*s'", n < 20 ? (int)n : 20,
                 rest);
        return -1;
    }
    while (*rest == ';') {
        rest++;
        const size_t n = strcspn(rest, ";");
        char field[48];
        if (!trimmed(rest, n, field, sizeof field)) {
            snprintf(err, errlen, "field '%.20s...' is too long for move:score", rest + strspn(rest, " "));
            return -1;
        }
        rest += n;
        int score;
        if (!*field)
            continue;
        if (parse_obf_field(field, &score, err, errlen) != 0)
            return -1;
        if (!*has_score)
            *best_score = score;
        *has_score = true;
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
    return parse_obf_scores(line + 66, has_score, best_score, err, errlen);
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
