/*
 * gts - Connect 4 rules on bitboards.
 *
 * A board of W columns and H rows is stored column by column in one 64-bit
 * word, H+1 bits per column: the extra bit on top of each column stays empty
 * and stops shifts from wrapping from one column into the next.  Sizes
 * from 4x4 up are accepted while W <= 9 (one digit per move) and
 * W*(H+1) <= 64.
 *
 * A position is two words: `cur`, the stones of the side to move, and
 * `mask`, every stone.  The side to move changes with every move, so `cur`
 * is flipped by each play.  `key` = cur + mask identifies a position
 * uniquely in W*(H+1) bits (in each column, mask + cur lands in a range
 * that depends only on the column's height, and never carries into the next
 * column).
 *
 * Scores follow the usual convention of the standard test sets: a side to
 * move that wins with the stone it plays when `moves` stones are on the
 * board scores (W*H + 1 - moves) / 2; a draw scores 0; a loss is the
 * negation of the winner's score.
 *
 * Bad input: every function that reads text, sizes or options checks them
 * and returns -1 (or NULL) with a one-line reason in err (never more than
 * errlen bytes, always terminated when errlen > 0).  The move functions of
 * the search's inner loop (c4_play and its kin) check nothing, for speed: a move
 * they are given must be one that c4_can_play accepts, and what they do with
 * any other is undefined.  Pointers are never NULL unless a comment says so.
 */
#ifndef GTS_C4_H
#define GTS_C4_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The inline rules below are compiled for the GPU too when nvcc includes
 * this header. */
#ifdef __CUDACC__
#define C4_INLINE static inline __host__ __device__
#else
#define C4_INLINE static inline
#endif

#define C4_MAX_WIDTH 9   /* moves are written as one digit per column */
#define C4_DEFAULT_WIDTH 7
#define C4_DEFAULT_HEIGHT 6

/* Board geometry, computed once by c4_geom_init. */
typedef struct c4_geom {
    int width, height;
    int cells;          /* width * height */
    int key_bits;       /* width * (height + 1): keys are below 2^key_bits */
    uint64_t bottom;    /* lowest cell of every column */
    uint64_t board;     /* every playable cell */
    uint64_t even_rows; /* cells in rows 0, 2, 4, ... (from the bottom) */
} c4_geom;

typedef struct c4_pos {
    uint64_t cur;   /* stones of the side to move */
    uint64_t mask;  /* all stones */
    int moves;      /* stones on the board */
} c4_pos;

/* Fills g for a W x H board.  Returns 0, or -1 with a one-line reason in
 * err (size errlen) when the size is out of range. */
int c4_geom_init(c4_geom *g, int width, int height, char *err, size_t errlen);

/* The standard 7x6 board.  The initializer is public so that code
 * specialised for this size can see the fields as constants. */
#define C4_STANDARD_GEOM                                                   \
    {                                                                      \
        .width = 7, .height = 6, .cells = 42, .key_bits = 49,              \
        .bottom = 0x0040810204081ULL, /* bit 0 of each 7-bit column */     \
        .board = 0x0fdfbf7efdfbfULL,  /* rows 0..5 of each column */       \
        .even_rows = 0x0054a952a54a95ULL,                                  \
    }
extern const c4_geom c4_standard;

C4_INLINE int c4_popcount(uint64_t x)
{
#ifdef __CUDA_ARCH__
    return __popcll(x);
#else
    return __builtin_popcountll(x);
#endif
}

C4_INLINE uint64_t c4_column_mask(const c4_geom *g, int col)
{
    return (((uint64_t)1 << g->height) - 1) << (col * (g->height + 1));
}

C4_INLINE uint64_t c4_top_cell(const c4_geom *g, int col)
{
    return (uint64_t)1 << (g->height - 1 + col * (g->height + 1));
}

C4_INLINE uint64_t c4_bottom_cell(const c4_geom *g, int col)
{
    return (uint64_t)1 << (col * (g->height + 1));
}

/* The i-th column in centre-out order (centre, then left and right of it
 * alternately): the order every search tries moves in when nothing else
 * tells them apart. */
C4_INLINE int c4_centre_column(const c4_geom *g, int i)
{
    return g->width / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2;
}

C4_INLINE void c4_init(c4_pos *p)
{
    p->cur = p->mask = 0;
    p->moves = 0;
}

C4_INLINE bool c4_can_play(const c4_geom *g, const c4_pos *p, int col)
{
    return (p->mask & c4_top_cell(g, col)) == 0;
}

/* Plays the stone given as a one-bit mask (a cell from c4_possible). */
C4_INLINE void c4_play_cell(c4_pos *p, uint64_t cell)
{
    p->cur ^= p->mask;
    p->mask |= cell;
    p->moves++;
}

/* Plays in column col (0-based); the caller has checked c4_can_play. */
C4_INLINE void c4_play(const c4_geom *g, c4_pos *p, int col)
{
    c4_play_cell(p, (p->mask + c4_bottom_cell(g, col)) & c4_column_mask(g, col));
}

/* The empty cells that would complete a line of four for the stones in
 * `stones`, whether or not they can be played now. */
C4_INLINE uint64_t c4_winning_cells(const c4_geom *g, uint64_t stones, uint64_t mask)
{
    const int h = g->height;
    uint64_t r = (stones << 1) & (stones << 2) & (stones << 3);
    const int dirs[3] = { h + 1, h, h + 2 };
    for (int i = 0; i < 3; i++) {
        const int d = dirs[i];
        uint64_t p = (stones << d) & (stones << 2 * d);
        r |= p & (stones << 3 * d);
        r |= p & (stones >> d);
        p = (stones >> d) & (stones >> 2 * d);
        r |= p & (stones >> 3 * d);
        r |= p & (stones << d);
    }
    return r & (g->board ^ mask);
}

/* Whether `stones` hold a line of four. */
C4_INLINE bool c4_has_four(const c4_geom *g, uint64_t stones)
{
    const int h = g->height;
    const int dirs[4] = { 1, h + 1, h, h + 2 };
    for (int i = 0; i < 4; i++) {
        const uint64_t m = stones & (stones >> dirs[i]);
        if (m & (m >> 2 * dirs[i]))
            return true;
    }
    return false;
}

/* Whether the player who just moved has won. */
C4_INLINE bool c4_game_won(const c4_geom *g, const c4_pos *p)
{
    return c4_has_four(g, p->cur ^ p->mask);
}

/* Cells the side to move can play now, one per non-full column. */
C4_INLINE uint64_t c4_possible(const c4_geom *g, const c4_pos *p)
{
    return (p->mask + g->bottom) & g->board;
}

C4_INLINE uint64_t c4_opponent_winning_cells(const c4_geom *g, const c4_pos *p)
{
    return c4_winning_cells(g, p->cur ^ p->mask, p->mask);
}

C4_INLINE bool c4_can_win_next(const c4_geom *g, const c4_pos *p)
{
    return (c4_winning_cells(g, p->cur, p->mask) & c4_possible(g, p)) != 0;
}

C4_INLINE bool c4_is_winning_move(const c4_geom *g, const c4_pos *p, int col)
{
    return (c4_winning_cells(g, p->cur, p->mask) & c4_possible(g, p) & c4_column_mask(g, col)) != 0;
}

/* The moves that do not hand the opponent an immediate win: a forced block
 * if the opponent threatens one cell, nothing if it threatens two, and never
 * a cell right below an opponent's winning cell.  Assumes the side to move
 * cannot win at once. */
C4_INLINE uint64_t c4_non_losing_moves(const c4_geom *g, const c4_pos *p)
{
    uint64_t possible = c4_possible(g, p);
    uint64_t opp = c4_opponent_winning_cells(g, p);
    uint64_t forced = possible & opp;
    if (forced) {
        if (forced & (forced - 1))
            return 0;
        possible = forced;
    }
    return possible & ~(opp >> 1);
}

C4_INLINE uint64_t c4_key(const c4_pos *p)
{
    return p->cur + p->mask;
}

/* The key of the position mirrored left-right. */
uint64_t c4_mirror_key(const c4_geom *g, const c4_pos *p);

/* The smaller of the key and the mirrored key: one key per pair of
 * mirror-image positions. */
C4_INLINE uint64_t c4_symmetric_key(const c4_geom *g, const c4_pos *p)
{
    uint64_t k = c4_key(p), m = c4_mirror_key(g, p);
    return k < m ? k : m;
}

/* Score of a win for the side to move with the stone it plays next. */
C4_INLINE int c4_win_score(const c4_geom *g, int moves)
{
    return (g->cells + 1 - moves) / 2;
}

/* If the game is over (a line of four for the player who just moved, or a
 * full board), sets *score for the side to move and returns true. */
C4_INLINE bool c4_final_score(const c4_geom *g, const c4_pos *p, int *score)
{
    if (p->moves > 0 && c4_game_won(g, p)) {
        *score = -c4_win_score(g, p->moves - 1);
        return true;
    }
    if (p->moves == g->cells) {
        *score = 0;
        return true;
    }
    return false;
}

/* Parses a move string ("4453": 1-based columns, first player first) into p
 * (which it resets).  Returns 0, or -1 with a one-line reason naming the
 * problem and its 1-based position in the string: not a digit, column out of
 * range, column full, or a move after the game was already won. */
int c4_parse(const c4_geom *g, c4_pos *p, const char *moves, char *err, size_t errlen);

/* Parses a line of a position file, "moves [expected_score]" ('-' for the
 * empty board), as the standard test sets are written.  Returns 1 with the
 * position in p and the score if the line gives one (*has_expected,
 * *expected), 0 for a blank or '#' comment line, or -1 with a reason in
 * err.  The moves' text ('-' for the empty board) goes to shown, at least
 * C4_LINE_MOVES bytes. */
#define C4_LINE_MOVES 128
int c4_parse_line(const c4_geom *g, const char *line, c4_pos *p, char *shown, bool *has_expected, int *expected,
                  char *err, size_t errlen);

/* The stone (0 empty, 1 first player, 2 second player) at column col, row
 * row (0 = bottom); -1 for a cell not on the board. */
int c4_cell(const c4_geom *g, const c4_pos *p, int col, int row);

/* Writes the board as text rows, top row first ('X' first player, 'O'
 * second, '.' empty).  Returns the length written (or needed). */
int c4_format_board(const c4_geom *g, const c4_pos *p, char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif
