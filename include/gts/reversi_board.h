/* gts - Reversi, the W x H board: row words (src/reversi/wxh/rv_wxh_*); the 8x8 bitboard is reversi.h.
 *
 * Reversi on boards of any width and height in {8, 16, 32, 64}.
 *
 * The board is the 8x8 bitboard (reversi.h) generalised: the squares, row
 * by row from the top, left to right, are the bits of an array of 64-bit
 * words, square y * width + x at bit (sq & 63) of word (sq >> 6).  A word
 * holds 64 / width whole rows, so an 8x8 board is one word laid out
 * exactly as rv_pos, and 64x64 is 64 words of one row each.  Moves are
 * generated for all squares at once by shifting the whole array (by 1 for
 * a column, by width for a row) with the edge files masked, as on 8x8.
 *
 * Square names: a column letter ("a".."z", then "aa".."az", "ba".., as in
 * a spreadsheet) and a row number from 1 at the top: "f5" is the same
 * square on every board.  The start is the four centre squares, white on
 * the top-left and bottom-right ones (d4 and e5 on 8x8), black to move.
 *
 * Like rv_pos the board holds the side to move's discs and the other
 * side's; who is black is the caller's to track.
 */
#ifndef GTS_REVERSI_BOARD_H
#define GTS_REVERSI_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gts/reversi.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RVB_MAX_SIDE 64
#define RVB_MAX_WORDS 64                      /* 64 x 64 squares / 64 bits */
#define RVB_MAX_SQUARES (RVB_MAX_SIDE * RVB_MAX_SIDE)
#define RVB_PASS RVB_MAX_SQUARES              /* the move of a side that cannot move */
#define RVB_NO_MOVE (-1)

typedef struct rvb {
    int width, height;          /* each 8, 16, 32 or 64 */
    int words;                  /* width * height / 64 */
    uint64_t me[RVB_MAX_WORDS];  /* the side to move; only the first `words` are used */
    uint64_t opp[RVB_MAX_WORDS];
} rvb;

/* A board of width x height at the start.  Returns 0, or -1 with a reason
 * (a size that is not 8, 16, 32 or 64). */
int rvb_init(rvb *b, int width, int height, char *err, size_t errlen);

/* "WxH" or "N" (square) -> width, height; -1 with a reason. */
int rvb_parse_size(const char *s, int *width, int *height, char *err, size_t errlen);

/* The 8x8 position as a board and back (rvb_to_pos: false unless 8x8). */
void rvb_from_pos(rvb *b, const rv_pos *p);
bool rvb_to_pos(const rvb *b, rv_pos *p);

/* Copies the used words only: a 64x64 board is 1 KB, an 8x8 one 16 bytes. */
void rvb_copy(rvb *dst, const rvb *src);

/* The side to move's legal moves, one bit per square in `words` words;
 * returns how many. */
int rvb_moves(const rvb *b, uint64_t *moves);

/* How many moves the side to move has (of_opponent: the other side);
 * rvb_mobilities counts both at once. */
int rvb_mobility(const rvb *b, bool of_opponent);
void rvb_mobilities(const rvb *b, int *mine, int *theirs);

/* The legal moves as squares in increasing order (out: room for
 * width * height); returns how many. */
int rvb_move_list(const rvb *b, int *out);

/* The words that hold discs: [*lo, *hi] (lo > hi on an empty board).
 * Every word outside is zero, so work can be kept to these. */
void rvb_span(const rvb *b, int *lo, int *hi);

bool rvb_can_play(const rvb *b, int sq);

/* Plays sq if legal (returns false and leaves b alone if not); the other
 * side is then to move.  rvb_pass hands the move over. */
bool rvb_play(rvb *b, int sq);
void rvb_pass(rvb *b);

/* The discs that the move sq would flip, as bits in flips[] words
 * [*lo, *hi] (the rows from the move to its farthest flip; other words
 * are not written); returns how many (0: not a legal move, *lo and *hi
 * not set).  rvb_play_flips makes dst the position after src plays sq
 * with those flips (dst may be src): one pass over the words, where a
 * copy and rvb_play take three.  A search that keeps its evaluation up to
 * date from the flips (rv_search.c) uses the two. */
int rvb_flips(const rvb *b, int sq, uint64_t *flips, int *lo, int *hi);
void rvb_play_flips(rvb *dst, const rvb *src, int sq, const uint64_t *flips, int lo, int hi);

int rvb_empties(const rvb *b);
bool rvb_game_over(const rvb *b);

/* Final score for the side to move: disc difference, empties to the winner. */
int rvb_final_score(const rvb *b);

/* Square names (see above; "ps" or "pa" is a pass).  rvb_parse_square
 * returns the square, RVB_PASS, or -1 with a reason naming the text; a
 * square off this board is an error.  rvb_format_square writes "" for a
 * square off the board that is not RVB_PASS (RVB_NO_MOVE among them). */
int rvb_parse_square(const rvb *b, const char *s, char *err, size_t errlen);
void rvb_format_square(const rvb *b, int sq, char out[8]);

/* Sets b to the start of its size (b->width x b->height, as set by
 * rvb_init) and plays a move list ("f5d6c3", "j9 h10"; passes optional as
 * with rv_parse_moves).  *black_to_move tells whose turn it is after. */
int rvb_parse_moves(rvb *b, const char *moves, bool *black_to_move, char *err, size_t errlen);

/* A text board: `height` rows of `width` characters (X or * black, O
 * white, - or . empty), rows separated by newlines, '/' or nothing, then
 * the side to move (X or O) after white space.  The size is given.
 * rvb_format_text writes the same form, rows separated by newlines, with
 * the side to move on its own last line; out needs width * height +
 * height + 4 bytes. */
int rvb_parse_text(rvb *b, int width, int height, const char *text, bool *black_to_move, char *err,
                   size_t errlen);
void rvb_format_text(const rvb *b, bool black_to_move, char *out);

#ifdef __cplusplus
}
#endif

#endif
