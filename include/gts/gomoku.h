/*
 * gts - Gomoku / Connect-5 boards from 5x5 to 32x32 (rectangles too).
 *
 * Black moves first.  A player wins by making five in a row: under the
 * freestyle rule five or more, under the standard rule exactly five (an
 * overline wins nothing), under renju exactly five for black, who may not
 * play its forbidden points, and five or more for white; under caro a five
 * with the opponent's stones at both ends wins nothing (gm_rule).
 *
 * Every row, column and diagonal of the board is a "line" of at most 32
 * cells, kept per colour as one 64-bit word: cell i of the line is bit
 * GM_LINE_OFFSET + i.  Bits outside the line are set in the line's wall
 * word, so an edge blocks a shape like an enemy stone and a shift never
 * wraps into another line.  A move sets four bits per colour, and
 * everything the search needs about shapes is read with shifts and
 * count-zeros on the four lines through a cell, never by walking cells.
 *
 * Shapes are maximal runs of one colour's consecutive stones in a line,
 * classified by length and open ends (empty cells next to the run): five,
 * open four, four, open three, three, open two, two.  Each colour's shape
 * value is kept up to date by play and undo, so a leaf's evaluation costs
 * nothing more.
 *
 * Cells are numbered y * width + x; the protocol writes them "x,y" and
 * people write them column letter + row number from 1 ("h8"; the letter
 * 'i' is not skipped).
 *
 * Bad input: every function that reads text, sizes or options checks them
 * and returns -1 (or NULL) with a one-line reason in err (never more than
 * errlen bytes, always terminated when errlen > 0).  The move functions of
 * the search's inner loop (gm_play, gm_undo) check nothing, for speed: a move
 * they are given must be one that gm_can_play accepts, and what they do with
 * any other is undefined.  Pointers are never NULL unless a comment says so.
 */
#ifndef GTS_GOMOKU_H
#define GTS_GOMOKU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GM_MIN_SIZE 5
#define GM_MAX_SIZE 32
#define GM_MAX_CELLS (GM_MAX_SIZE * GM_MAX_SIZE)
#define GM_LINES (2 * GM_MAX_SIZE - 1)    /* lines per direction at most */
#define GM_LINE_OFFSET 8                   /* bit of a line's cell 0 */
#define GM_NO_MOVE (-1)

/* Renju: black wins by exactly five and may not make an overline, two
 * fours or two open threes (gm_renju.h finds those points); white wins by
 * five or more.  Every CPU search keeps black off the forbidden points,
 * also when black is lost; the threat searches (VCF, VCT) are not run for
 * black under renju.
 *
 * Caro, as the Gomocup manager judges it (Piskvork, source/game.cpp, its
 * "Caro rule"; INFO rule bit 8 of the protocol since 2023-03-20): a run of
 * exactly five does not win when the cells just past both of its ends hold
 * the opponent's stones; one such stone does not stop it.  The board's
 * edge is not an opponent's stone, so a five against the edge wins.
 * Sources disagree: Board Game Arena's Gomoku+ wants a five free at both
 * ends, qpiskvork (src/caro.h) never lets a five against the edge win;
 * Gomocup's judge is the one followed here.  INFO rule 8 is GM_CARO, where
 * an overline wins whatever its ends (Piskvork's "Caro with overlines");
 * rule 9 (8 + exactly five) is GM_CARO_EXACT, where an overline wins
 * nothing (Piskvork's "standard Caro"). */
typedef enum { GM_FREESTYLE = 0, GM_STANDARD = 1, GM_RENJU = 2, GM_CARO = 3, GM_CARO_EXACT = 4, GM_RULES } gm_rule;

/* The rules' names, by gm_rule, then NULL: "freestyle", "standard",
 * "renju", "caro", "caro-exact" (the CLI's --rule and the web API's). */
extern const char *const gm_rule_names[GM_RULES + 1];
enum { GM_BLACK = 0, GM_WHITE = 1 };
enum { GM_EMPTY = 0, GM_BLACK_STONE = 1, GM_WHITE_STONE = 2 };

/* Shape classes, weakest first. */
typedef enum {
    GM_SHAPE_NONE,
    GM_SHAPE_TWO, GM_SHAPE_OPEN_TWO,
    GM_SHAPE_THREE, GM_SHAPE_OPEN_THREE,
    GM_SHAPE_FOUR, GM_SHAPE_OPEN_FOUR,
    GM_SHAPE_FIVE,
    GM_SHAPES
} gm_shape;

/* The weight of each shape in the evaluation (src/gomoku/gm_eval.c). */
extern const int32_t gm_shape_weight[GM_SHAPES];
extern const char *const gm_shape_name[GM_SHAPES];

/* What a move changed, to be undone. */
typedef struct gm_undo_rec {
    int16_t cell;
    int8_t winner;
    int32_t value[2];
} gm_undo_rec;

typedef struct gm_board {
    int width, height, cells;
    gm_rule rule;
    int near;                /* candidate radius (0: none), gm_candidate_rows */
    int side;                /* GM_BLACK or GM_WHITE: the side to move */
    int stones;
    int winner;              /* -1, or the colour that made five */
    int32_t value[2];        /* each colour's shape value */
    uint64_t hash;           /* Zobrist key of stones and side to move */
    uint64_t line[2][4][GM_LINES];
    uint64_t wall[4][GM_LINES];
    uint8_t cell[GM_MAX_CELLS];        /* GM_EMPTY, GM_BLACK_STONE, GM_WHITE_STONE */
    uint8_t line_id[4][GM_MAX_CELLS], line_pos[4][GM_MAX_CELLS];
    gm_undo_rec history[GM_MAX_CELLS];
} gm_board;

/* Copies a board: only the cells and the history in use, so that a small
 * board costs little (the search copies one per search and thread). */
void gm_copy(gm_board *dst, const gm_board *src);

/* Sets up an empty width x height board.  near (0..4) is the radius of the
 * candidate cells around the stones (gm_candidates; 0: none, every empty
 * cell is a candidate).  Returns 0, or -1 with a one-line reason when a size or the
 * radius is out of range. */
int gm_init(gm_board *b, int width, int height, gm_rule rule, int near, char *err, size_t errlen);

static inline int gm_cell(const gm_board *b, int x, int y)
{
    return y * b->width + x;
}

/* A move is legal while the game goes on and the cell is empty. */
static inline bool gm_can_play(const gm_board *b, int cell)
{
    return cell >= 0 && cell < b->cells && b->cell[cell] == GM_EMPTY && b->winner < 0 && b->stones < b->cells;
}

/* Plays the side to move's stone at cell (which must be legal). */
void gm_play(gm_board *b, int cell);

/* gm_play without the shape values: b->value stays as it was (gm_undo
 * takes either back), and five says whether the move makes five
 * (gm_is_winning_move), which the caller knows.  For searches that keep
 * their own patterns and evaluation (the pattern search): gm_move_delta
 * was 3 % of their time, gm_is_winning_move 2.5 % of their instructions. */
void gm_play_stone(gm_board *b, int cell, bool five);

/* Takes back the last move. */
void gm_undo(gm_board *b);

/* Passes: the other side is to move (the search's null move); a second
 * pass undoes it. */
void gm_pass(gm_board *b);

/* The game is over: a five was made, or the board is full. */
static inline bool gm_game_over(const gm_board *b)
{
    return b->winner >= 0 || b->stones == b->cells;
}

/* Static evaluation for the side to move: its shape value less the
 * opponent's. */
static inline int32_t gm_eval(const gm_board *b)
{
    return b->value[b->side] - b->value[b->side ^ 1];
}

/* The change in (value[colour], value[other]) if colour played at cell,
 * and whether the move makes five, without playing it.  The search calls
 * it for the children of its last ply. */
void gm_move_delta(const gm_board *b, int cell, int colour, int32_t delta[2], bool *five);

/* True if colour playing at cell makes five under the board's rule. */
bool gm_is_winning_move(const gm_board *b, int cell, int colour);

/* Cells where colour would make five (its "five points"), into out (room
 * for b->cells); returns how many.  Only lines through `around` are looked
 * at when it is a cell (the lines a move just changed), every line when it
 * is GM_NO_MOVE. */
int gm_five_points(const gm_board *b, int colour, int around, int16_t *out);

/* Cells where colour would make a four (a move after which it has a five
 * point in that line), into out; returns how many. */
int gm_four_points(const gm_board *b, int colour, int16_t *out);

/* How many of colour's five points (fives, n of them: gm_five_points')
 * still win once the other colour has a stone on m: those other than m,
 * and under caro not shut by m at the far end of their five. */
int gm_fives_left(const gm_board *b, int colour, const int16_t *fives, int n, int m);

/* The cells where the other colour's stone takes away some of colour's
 * five points (fives, n of them), into out (room for 5 * n); returns how
 * many.  The five points themselves, and under caro the empty cell past
 * the end of a five whose other end holds the other colour's stone. */
int gm_five_answers(const gm_board *b, int colour, const int16_t *fives, int n, int16_t *out);

/* The shape counts of colour, recomputed from the lines (for tests and
 * for `gts gomoku show`). */
void gm_count_shapes(const gm_board *b, int colour, int counts[GM_SHAPES]);

/* The shape value of colour recomputed from scratch: equals b->value. */
int32_t gm_value_slow(const gm_board *b, int colour);

/* The "maximum potential" evaluation of the Connect-5 report: every empty
 * cell near the stones scored by the longest run each colour would make
 * there.  A full scan: an alternative leaf evaluation, not incremental.
 * Its scans read each colour's own stones only, so under caro its five
 * points are those of five or more (GM_CARO) or exactly five
 * (GM_CARO_EXACT), blocks unseen. */
int32_t gm_eval_potential(const gm_board *b);

/* The same value as gm_eval_potential, computed by scanning each direction
 * of the board once with shifts of its row words, for every cell of a row
 * at a time (src/gomoku/shapes/gm_scan.h, which the GPU can compile too): 8 rows
 * at a time in AVX2 vectors where the CPU has AVX2. */
int32_t gm_eval_scan(const gm_board *b);

/* Candidate moves: every empty cell when b->near is 0, else every empty
 * cell within b->near of a stone (the centre on an empty board). Returns
 * how many were written to out. */
int gm_candidates(const gm_board *b, int16_t *out);

/* The candidate cells of gm_candidates (the empty board's centre apart)
 * as one word a row: bit x of rows[y] for the cell (x, y), rows 0 to
 * height - 1 written.  Read from the rows' line words with shifts, so a
 * search's move loop visits only these cells, in cell order: the cell by
 * cell scan of the counts of stones near each cell that play kept was 6 %
 * of the pattern search's instructions, and the counts themselves 5 %. */
void gm_candidate_rows(const gm_board *b, uint32_t rows[GM_MAX_SIZE]);

/* Coordinates.  gm_parse_cell reads "h8" (column letter, row from 1) or
 * "x,y" (from 0) into *cell; returns 0, or -1 with a reason in err for
 * text that names no cell of b. */
int gm_parse_cell(const gm_board *b, const char *s, int *cell, char *err, size_t errlen);

/* Writes cell in the letter form ("h8"; "x,y" from column 26 on) as
 * snprintf does: at most len bytes, terminated when len > 0.  Returns the
 * length of the whole text (a return >= len: it was cut short), or -1 for
 * a cell not on b (GM_NO_MOVE among them), with out made "" when len > 0. */
int gm_format_cell(const gm_board *b, int cell, char *out, size_t len);

/* Plays a position given as cells separated by spaces or commas-free
 * concatenation ("h8 i9 h9" or "h8i9h9"), alternately from black.  An
 * illegal or malformed move is reported with its number. */
int gm_parse_moves(gm_board *b, const char *moves, char *err, size_t errlen);

/* Writes the board as text, one row per line, top row first. */
void gm_print(const gm_board *b, char *out, size_t len);

#ifdef __cplusplus
}
#endif

#endif
