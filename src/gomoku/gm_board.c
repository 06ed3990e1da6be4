/* Gomoku boards: the line words, moves and their undoing, the cells that
 * make five or four, the candidate moves.  The shape values a move changes
 * are gm_eval.c's (gm_move_delta), boards as text gm_text.c's. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "gomoku/gm_lines.h"
#include "gts/gomoku.h"

static inline uint64_t zobrist(int colour, int cell)
{
    uint64_t z = (uint64_t)(cell * 2 + colour + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

#define SIDE_KEY 0x6a09e667f3bcc909ULL

/* The cell at position pos of line id in direction d. */
static inline int line_cell(const gm_board *b, int d, int id, int pos)
{
    int x, y, dx, dy;
    gm_line_start(b->height, d, id, &x, &y, &dx, &dy);
    return gm_cell(b, x + pos * dx, y + pos * dy);
}

int gm_init(gm_board *b, int width, int height, gm_rule rule, int near, char *err, size_t errlen)
{
    if (width < GM_MIN_SIZE || width > GM_MAX_SIZE || height < GM_MIN_SIZE || height > GM_MAX_SIZE) {
        snprintf(err, errlen, "board size %dx%d out of range (%d..%d on each side)", width, height, GM_MIN_SIZE,
                 GM_MAX_SIZE);
        return -1;
    }
    if (near < 0 || near > 4) {
        snprintf(err, errlen, "candidate radius %d out of range (0..4)", near);
        return -1;
    }
    memset(b, 0, sizeof *b);
    b->width = width;
    b->height = height;
    b->cells = width * height;
    b->rule = rule;
    b->near = near;
    b->winner = -1;
    for (int d = 0; d < 4; d++) {
        for (int id = 0; id < GM_LINES; id++)
            b->wall[d][id] = ~(uint64_t)0;
        for (int id = 0; id < gm_line_count(b, d); id++) {
            int x, y, dx, dy, len = 0;
            gm_line_start(b->height, d, id, &x, &y, &dx, &dy);
            for (; x >= 0 && x < width && y >= 0 && y < height; x += dx, y += dy, len++) {
                b->line_id[d][gm_cell(b, x, y)] = (uint8_t)id;
                b->line_pos[d][gm_cell(b, x, y)] = (uint8_t)len;
            }
            b->wall[d][id] = ~((((uint64_t)1 << len) - 1) << GM_LINE_OFFSET);
        }
    }
    return 0;
}

void gm_copy(gm_board *dst, const gm_board *src)
{
    const size_t cells = (size_t)src->cells;
    memcpy(dst, src, offsetof(gm_board, cell));
    memcpy(dst->cell, src->cell, cells * sizeof src->cell[0]);
    for (int d = 0; d < 4; d++) {
        memcpy(dst->line_id[d], src->line_id[d], cells);
        memcpy(dst->line_pos[d], src->line_pos[d], cells);
    }
    memcpy(dst->history, src->history, (size_t)src->stones * sizeof src->history[0]);
}

static void set_stone(gm_board *b, int cell, int c, bool on)
{
    for (int d = 0; d < 4; d++)
        b->line[c][d][b->line_id[d][cell]] ^= (uint64_t)1 << (b->line_pos[d][cell] + GM_LINE_OFFSET);
    b->cell[cell] = on ? (uint8_t)(c + 1) : GM_EMPTY;
    b->hash ^= zobrist(c, cell) ^ SIDE_KEY;
}

/* Plays colour c's stone at cell after the shape values moved: the undo
 * record keeps the values and winner from before. */
static void place(gm_board *b, int cell, int c, const int32_t delta[2], bool five)
{
    gm_undo_rec *u = &b->history[b->stones];
    u->cell = (int16_t)cell;
    u->winner = (int8_t)b->winner;
    u->value[0] = b->value[0];
    u->value[1] = b->value[1];
    b->value[c] += delta[0];
    b->value[c ^ 1] += delta[1];
    if (five)
        b->winner = c;
    set_stone(b, cell, c, true);
    b->stones++;
    b->side = c ^ 1;
}

void gm_play(gm_board *b, int cell)
{
    int32_t delta[2];
    bool five;
    gm_move_delta(b, cell, b->side, delta, &five);
    place(b, cell, b->side, delta, five);
}

void gm_play_stone(gm_board *b, int cell, bool five)
{
    static const int32_t none[2] = { 0, 0 };
    place(b, cell, b->side, none, five);
}

void gm_undo(gm_board *b)
{
    const gm_undo_rec *u = &b->history[--b->stones];
    b->side ^= 1;
    set_stone(b, u->cell, b->side, false);
    b->winner = u->winner;
    b->value[0] = u->value[0];
    b->value[1] = u->value[1];
}

void gm_pass(gm_board *b)
{
    b->side ^= 1;
    b->hash ^= SIDE_KEY;
}

bool gm_is_winning_move(const gm_board *b, int cell, int colour)
{
    for (int d = 0; d < 4; d++) {
        const int id = b->line_id[d][cell];
        if (gm_line_five_at(gm_five_rule(b->rule, colour), b->line[colour][d][id], b->line[colour ^ 1][d][id],
                            b->line_pos[d][cell] + GM_LINE_OFFSET))
            return true;
    }
    return false;
}

/* Whether colour's five point f still wins with the other colour's stone
 * on m (not f): m is only in the lines it shares with f. */
static bool five_survives(const gm_board *b, int colour, int f, int m)
{
    for (int d = 0; d < 4; d++) {
        const int id = b->line_id[d][f];
        uint64_t other = b->line[colour ^ 1][d][id];
        if (b->line_id[d][m] == id)
            other |= (uint64_t)1 << (b->line_pos[d][m] + GM_LINE_OFFSET);
        if (gm_line_five_at(gm_five_rule(b->rule, colour), b->line[colour][d][id], other,
                            b->line_pos[d][f] + GM_LINE_OFFSET))
            return true;
    }
    return false;
}

int gm_fives_left(const gm_board *b, int colour, const int16_t *fives, int n, int m)
{
    const bool caro = gm_rule_caro(gm_five_rule(b->rule, colour));
    int left = 0;
    for (int i = 0; i < n; i++)
        left += fives[i] != m && (!caro || five_survives(b, colour, fives[i], m));
    return left;
}

static int add_cell(int16_t *out, int n, int cell)
{
    for (int i = 0; i < n; i++)
        if (out[i] == cell)
            return n;
    out[n] = (int16_t)cell;
    return n + 1;
}

int gm_five_answers(const gm_board *b, int colour, const int16_t *fives, int n, int16_t *out)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k = add_cell(out, k, fives[i]);
    if (!gm_rule_caro(gm_five_rule(b->rule, colour)))
        return k;
    /* Each five's ends, along each line where f makes five: the empty one
     * shuts it when the other holds a stone of the other colour. */
    for (int i = 0; i < n; i++)
        for (int d = 0; d < 4; d++) {
            const int f = fives[i], id = b->line_id[d][f], p = b->line_pos[d][f] + GM_LINE_OFFSET;
            const uint64_t own = b->line[colour][d][id], other = b->line[colour ^ 1][d][id];
            int lend, rend;
            gm_run_ends(own, p, &lend, &rend);
            const uint64_t empty = ~(own | other | b->wall[d][id]);
            const int end = (other >> lend & 1) && (empty >> rend & 1)   ? rend
                            : (other >> rend & 1) && (empty >> lend & 1) ? lend
                                                                         : -1;
            if (rend - lend - 1 == 5 && end >= 0) {
                const int s = line_cell(b, d, id, end - GM_LINE_OFFSET);
                if (!five_survives(b, colour, f, s))
                    k = add_cell(out, k, s);
            }
        }
    return k;
}

/* Bits of the four points: empty cells that leave a five point in the
 * line, i.e. windows of three own stones and two empty cells that win
 * once full (gm_line_five_windows). */
static uint64_t line_four_points(gm_rule rule, uint64_t own, uint64_t other, uint64_t empty)
{
    const uint64_t windows = gm_line_five_windows(rule, own, other);
    uint64_t fp = 0;
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++) {
            uint64_t m = (empty >> i) & (empty >> j) & windows;
            for (int t = 0; t < 5; t++)
                if (t != i && t != j)
                    m &= own >> t;
            fp |= (m << i) | (m << j);
        }
    return fp;
}

typedef uint64_t (*line_points_fn)(gm_rule, uint64_t, uint64_t, uint64_t);

/* Collects the cells of the set bits of fn over the chosen lines. */
static int collect_points(const gm_board *b, int colour, int around, line_points_fn fn, int16_t *out)
{
    uint64_t seen[GM_MAX_CELLS / 64] = {0};
    int n = 0;
    for (int d = 0; d < 4; d++) {
        const int first = around >= 0 ? b->line_id[d][around] : 0;
        const int last = around >= 0 ? first : gm_line_count(b, d) - 1;
        for (int id = first; id <= last; id++) {
            const uint64_t own = b->line[colour][d][id], other = b->line[colour ^ 1][d][id];
            const uint64_t empty = ~(own | other | b->wall[d][id]);
            for (uint64_t m = fn(gm_five_rule(b->rule, colour), own, other, empty) & empty; m; m &= m - 1) {
                const int cell = line_cell(b, d, id, __builtin_ctzll(m) - GM_LINE_OFFSET);
                if (!(seen[cell >> 6] >> (cell & 63) & 1)) {
                    seen[cell >> 6] |= (uint64_t)1 << (cell & 63);
                    out[n++] = (int16_t)cell;
                }
            }
        }
    }
    return n;
}

int gm_five_points(const gm_board *b, int colour, int around, int16_t *out)
{
    return collect_points(b, colour, around, gm_line_five_points, out);
}

int gm_four_points(const gm_board *b, int colour, int16_t *out)
{
    return collect_points(b, colour, GM_NO_MOVE, line_four_points, out);
}

void gm_candidate_rows(const gm_board *b, uint32_t rows[GM_MAX_SIZE])
{
    const uint32_t full = b->width == 32 ? ~0u : (1u << b->width) - 1;
    uint32_t taken[GM_MAX_SIZE], spread[GM_MAX_SIZE];
    for (int y = 0; y < b->height; y++) {
        taken[y] = (uint32_t)((b->line[0][0][y] | b->line[1][0][y]) >> GM_LINE_OFFSET);
        spread[y] = taken[y];
        for (int k = 1; k <= b->near; k++)
            spread[y] |= taken[y] << k | taken[y] >> k;
    }
    for (int y = 0; y < b->height; y++) {
        uint32_t near = b->near ? 0 : full;
        for (int dy = -b->near; dy <= b->near; dy++)
            if (y + dy >= 0 && y + dy < b->height)
                near |= spread[y + dy];
        rows[y] = near & ~taken[y] & full;
    }
}

int gm_candidates(const gm_board *b, int16_t *out)
{
    int n = 0;
    if (b->near && b->stones == 0) {
        out[0] = (int16_t)gm_cell(b, b->width / 2, b->height / 2);
        return 1;
    }
    uint32_t rows[GM_MAX_SIZE];
    gm_candidate_rows(b, rows);
    for (int y = 0; y < b->height; y++)
        for (uint32_t r = rows[y]; r; r &= r - 1)
            out[n++] = (int16_t)gm_cell(b, __builtin_ctz(r), y);
    return n;
}
