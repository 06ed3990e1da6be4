/* Gomoku boards: lines, moves, shapes and five points. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "gts/gomoku.h"

/* An open three is worth a four: either becomes a win if left alone. */
enum { W_TWO = 10, W_OPEN_TWO = 100, W_THREE = 100, W_OPEN_THREE = 1000, W_FOUR = 1000, W_OPEN_FOUR = 10000, W_FIVE = 100000 };

const int32_t gm_shape_weight[GM_SHAPES] = {
    [GM_SHAPE_NONE] = 0,
    [GM_SHAPE_TWO] = W_TWO,
    [GM_SHAPE_OPEN_TWO] = W_OPEN_TWO,
    [GM_SHAPE_THREE] = W_THREE,
    [GM_SHAPE_OPEN_THREE] = W_OPEN_THREE,
    [GM_SHAPE_FOUR] = W_FOUR,
    [GM_SHAPE_OPEN_FOUR] = W_OPEN_FOUR,
    [GM_SHAPE_FIVE] = W_FIVE,
};

const char *const gm_shape_name[GM_SHAPES] = {
    "none", "two", "open two", "three", "open three", "four", "open four", "five",
};

/* The shape of a run of n stones with `open` empty ends (0..2). */
static inline gm_shape shape_of(gm_rule rule, int n, int open)
{
    if (n >= 5)
        return n == 5 || rule == GM_FREESTYLE ? GM_SHAPE_FIVE : GM_SHAPE_NONE;
    if (n < 2 || open == 0)
        return GM_SHAPE_NONE;
    return (gm_shape)(2 * (n - 2) + open);
}

/* The weights of shape_of's shapes by rule, run length (8 and more count
 * as 8) and open ends: the leaf evaluation reads nothing else. */
static const int32_t run_weight[2][9][3] = {
    [GM_FREESTYLE] = {
        {0, 0, 0}, {0, 0, 0}, {0, W_TWO, W_OPEN_TWO}, {0, W_THREE, W_OPEN_THREE}, {0, W_FOUR, W_OPEN_FOUR},
        {W_FIVE, W_FIVE, W_FIVE}, {W_FIVE, W_FIVE, W_FIVE}, {W_FIVE, W_FIVE, W_FIVE}, {W_FIVE, W_FIVE, W_FIVE},
    },
    [GM_STANDARD] = {
        {0, 0, 0}, {0, 0, 0}, {0, W_TWO, W_OPEN_TWO}, {0, W_THREE, W_OPEN_THREE}, {0, W_FOUR, W_OPEN_FOUR},
        {W_FIVE, W_FIVE, W_FIVE}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0},
    },
};

static inline int32_t run_value(gm_rule rule, int n, int open)
{
    return run_weight[rule][n < 8 ? n : 8][open];
}

/* The ends of own's run through bit p (p itself counted as own): the
 * nearest bits below and above that are not own.  Bits below the line's
 * offset are walls, never stones, so each scan stops inside the word. */
static inline void run_ends(uint64_t own, int p, int *lend, int *rend)
{
    *lend = 63 - __builtin_clzll(~own & (((uint64_t)1 << p) - 1));
    *rend = p + 1 + __builtin_ctzll(~own >> (p + 1));
}

static inline uint64_t zobrist(int colour, int cell)
{
    uint64_t z = (uint64_t)(cell * 2 + colour + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

#define SIDE_KEY 0x6a09e667f3bcc909ULL

/* The first cell of line id in direction d, and the step along it. */
static void line_start(const gm_board *b, int d, int id, int *x, int *y, int *dx, int *dy)
{
    const int h = b->height;
    switch (d) {
    case 0: *x = 0, *y = id, *dx = 1, *dy = 0; break;
    case 1: *x = id, *y = 0, *dx = 0, *dy = 1; break;
    case 2:
        *x = id >= h - 1 ? id - (h - 1) : 0;
        *y = id >= h - 1 ? 0 : (h - 1) - id;
        *dx = 1, *dy = 1;
        break;
    default:
        *x = id > h - 1 ? id - (h - 1) : 0;
        *y = id - *x;
        *dx = 1, *dy = -1;
        break;
    }
}

/* The cell at position pos of line id in direction d. */
static inline int line_cell(const gm_board *b, int d, int id, int pos)
{
    int x, y, dx, dy;
    line_start(b, d, id, &x, &y, &dx, &dy);
    return gm_cell(b, x + pos * dx, y + pos * dy);
}

static inline int line_count(const gm_board *b, int d)
{
    return d == 0 ? b->height : d == 1 ? b->width : b->width + b->height - 1;
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
        for (int id = 0; id < line_count(b, d); id++) {
            int x, y, dx, dy, len = 0;
            line_start(b, d, id, &x, &y, &dx, &dy);
            for (; x >= 0 && x < width && y >= 0 && y < height; x += dx, y += dy, len++) {
                b->line_id[d][gm_cell(b, x, y)] = (uint8_t)id;
                b->line_pos[d][gm_cell(b, x, y)] = (uint8_t)len;
            }
            b->wall[d][id] = ~((((uint64_t)1 << len) - 1) << GM_LINE_OFFSET);
        }
    }
    return 0;
}

/*
 * The shape changes along one direction when colour c plays at cell:
 * c's runs left and right of the cell merge into one, and the other
 * colour's runs ending next to the cell lose an open end.
 */
static inline void delta_dir(const gm_board *b, int d, int cell, int c, int32_t delta[2], bool *five)
{
    const int id = b->line_id[d][cell];
    const int p = b->line_pos[d][cell] + GM_LINE_OFFSET;
    const uint64_t own = b->line[c][d][id], other = b->line[c ^ 1][d][id], wall = b->wall[d][id];
    /* With no stone next to the cell in this direction no run changes:
     * most cells of a sparse board, where leaves are most numerous. */
    if (!(((own | other) >> (p - 1)) & 5))
        return;
    const uint64_t below = ((uint64_t)1 << p) - 1;

    /* c's runs: a stones left of p, r right of it. */
    int lend, rend;
    run_ends(own, p, &lend, &rend);
    const int a = p - 1 - lend, r = rend - p - 1;
    const uint64_t block = other | wall;
    const int lopen = !((block >> lend) & 1), ropen = !((block >> rend) & 1);
    const int n = a + r + 1;
    delta[0] += run_value(b->rule, n, lopen + ropen) - run_value(b->rule, a, lopen + 1) -
                run_value(b->rule, r, ropen + 1);
    *five |= n == 5 || (n > 5 && b->rule == GM_FREESTYLE);

    /* The other colour's runs that end next to p lose that open end. */
    const uint64_t oblock = own | wall;
    if ((other >> (p - 1)) & 1) {
        const int end = 63 - __builtin_clzll(~other & (below >> 1));
        const int len = p - 1 - end, open = !((oblock >> end) & 1);
        delta[1] += run_value(b->rule, len, open) - run_value(b->rule, len, open + 1);
    }
    if ((other >> (p + 1)) & 1) {
        const int end = p + 1 + __builtin_ctzll(~other >> (p + 1));
        const int len = end - p - 1, open = !((oblock >> end) & 1);
        delta[1] += run_value(b->rule, len, open) - run_value(b->rule, len, open + 1);
    }
}

void gm_move_delta(const gm_board *b, int cell, int colour, int32_t delta[2], bool *five)
{
    delta[0] = delta[1] = 0;
    *five = false;
    for (int d = 0; d < 4; d++)
        delta_dir(b, d, cell, colour, delta, five);
}

bool gm_is_winning_move(const gm_board *b, int cell, int colour)
{
    for (int d = 0; d < 4; d++) {
        const int id = b->line_id[d][cell];
        const int p = b->line_pos[d][cell] + GM_LINE_OFFSET;
        int lend, rend;
        run_ends(b->line[colour][d][id], p, &lend, &rend);
        if (shape_of(b->rule, rend - lend - 1, 2) == GM_SHAPE_FIVE)
            return true;
    }
    return false;
}

void gm_copy(gm_board *dst, const gm_board *src)
{
    const size_t cells = (size_t)src->cells;
    memcpy(dst, src, offsetof(gm_board, cell));
    memcpy(dst->cell, src->cell, cells * sizeof src->cell[0]);
    memcpy(dst->near_count, src->near_count, cells * sizeof src->near_count[0]);
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
    if (b->near) {
        const int x0 = cell % b->width, y0 = cell / b->width, step = on ? 1 : -1;
        for (int y = y0 - b->near; y <= y0 + b->near; y++)
            for (int x = x0 - b->near; x <= x0 + b->near; x++)
                if (x >= 0 && x < b->width && y >= 0 && y < b->height)
                    b->near_count[gm_cell(b, x, y)] += step;
    }
}

void gm_play(gm_board *b, int cell)
{
    const int c = b->side;
    gm_undo_rec *u = &b->history[b->stones];
    u->cell = (int16_t)cell;
    u->winner = (int8_t)b->winner;
    u->value[0] = b->value[0];
    u->value[1] = b->value[1];
    int32_t delta[2];
    bool five;
    gm_move_delta(b, cell, c, delta, &five);
    b->value[c] += delta[0];
    b->value[c ^ 1] += delta[1];
    if (five)
        b->winner = c;
    set_stone(b, cell, c, true);
    b->stones++;
    b->side = c ^ 1;
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

/* Bits of the five points of `own` in one line word: empty cells that
 * complete a window of five own stones (exactly five under the standard
 * rule: the cells just outside the window are not own). */
static uint64_t line_five_points(gm_rule rule, uint64_t own, uint64_t empty)
{
    uint64_t fp = 0;
    for (int i = 0; i < 5; i++) {
        uint64_t m = empty >> i;
        for (int t = 0; t < 5; t++)
            if (t != i)
                m &= own >> t;
        if (rule == GM_STANDARD)
            m &= ~(own << 1) & ~(own >> 5);
        fp |= m << i;
    }
    return fp;
}

/* Bits of the four points: empty cells that leave a five point in the
 * line, i.e. windows of three own stones and two empty cells. */
static uint64_t line_four_points(gm_rule rule, uint64_t own, uint64_t empty)
{
    uint64_t fp = 0;
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++) {
            uint64_t m = (empty >> i) & (empty >> j);
            for (int t = 0; t < 5; t++)
                if (t != i && t != j)
                    m &= own >> t;
            if (rule == GM_STANDARD)
                m &= ~(own << 1) & ~(own >> 5);
            fp |= (m << i) | (m << j);
        }
    return fp;
}

typedef uint64_t (*line_points_fn)(gm_rule, uint64_t, uint64_t);

/* Collects the cells of the set bits of fn over the chosen lines. */
static int collect_points(const gm_board *b, int colour, int around, line_points_fn fn, int16_t *out)
{
    uint64_t seen[GM_MAX_CELLS / 64] = {0};
    int n = 0;
    for (int d = 0; d < 4; d++) {
        const int first = around >= 0 ? b->line_id[d][around] : 0;
        const int last = around >= 0 ? first : line_count(b, d) - 1;
        for (int id = first; id <= last; id++) {
            const uint64_t own = b->line[colour][d][id];
            const uint64_t empty = ~(own | b->line[colour ^ 1][d][id] | b->wall[d][id]);
            for (uint64_t m = fn(b->rule, own, empty) & empty; m; m &= m - 1) {
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
    return collect_points(b, colour, around, line_five_points, out);
}

int gm_four_points(const gm_board *b, int colour, int16_t *out)
{
    return collect_points(b, colour, GM_NO_MOVE, line_four_points, out);
}

void gm_count_shapes(const gm_board *b, int colour, int counts[GM_SHAPES])
{
    memset(counts, 0, GM_SHAPES * sizeof counts[0]);
    for (int d = 0; d < 4; d++)
        for (int id = 0; id < line_count(b, d); id++) {
            const uint64_t own = b->line[colour][d][id];
            const uint64_t block = b->line[colour ^ 1][d][id] | b->wall[d][id];
            for (int p = GM_LINE_OFFSET; p < 64; p++) {
                if (!((own >> p) & 1) || ((own >> (p - 1)) & 1))
                    continue;
                int n = 0;
                while (p + n < 64 && ((own >> (p + n)) & 1))
                    n++;
                const int open = !((block >> (p - 1)) & 1) + (p + n < 64 && !((block >> (p + n)) & 1));
                counts[shape_of(b->rule, n, open)]++;
            }
        }
}

int32_t gm_value_slow(const gm_board *b, int colour)
{
    int counts[GM_SHAPES];
    gm_count_shapes(b, colour, counts);
    int32_t v = 0;
    for (int s = 0; s < GM_SHAPES; s++)
        v += counts[s] * gm_shape_weight[s];
    return v;
}

/* The longest run colour would have through cell (capped at 5). */
static int longest_run(const gm_board *b, int cell, int colour)
{
    int best = 0;
    for (int d = 0; d < 4; d++) {
        const int id = b->line_id[d][cell];
        const int p = b->line_pos[d][cell] + GM_LINE_OFFSET;
        int lend, rend;
        run_ends(b->line[colour][d][id], p, &lend, &rend);
        if (rend - lend - 1 > best)
            best = rend - lend - 1;
    }
    return best < 5 ? best : 5;
}

int32_t gm_eval_potential(const gm_board *b)
{
    static const int32_t potential[6] = {0, 1, 10, 100, 1000, 100000};
    const int me = b->side;
    int32_t v = 0;
    int my_fives = 0, their_fives = 0;
    for (int cell = 0; cell < b->cells; cell++) {
        if (b->cell[cell] != GM_EMPTY || (b->near && !b->near_count[cell]))
            continue;
        const int mine = longest_run(b, cell, me), theirs = longest_run(b, cell, me ^ 1);
        my_fives += mine == 5 && gm_is_winning_move(b, cell, me);
        their_fives += theirs == 5 && gm_is_winning_move(b, cell, me ^ 1);
        v += potential[mine] - potential[theirs];
    }
    /* A five point for the side to move wins at once; two for the other
     * side cannot both be blocked. */
    if (my_fives)
        return 2 * potential[5] * 10;
    if (their_fives >= 2)
        return -2 * potential[5] * 10;
    return v;
}

int gm_candidates(const gm_board *b, int16_t *out)
{
    int n = 0;
    if (b->near && b->stones == 0) {
        out[0] = (int16_t)gm_cell(b, b->width / 2, b->height / 2);
        return 1;
    }
    for (int cell = 0; cell < b->cells; cell++)
        if (b->cell[cell] == GM_EMPTY && (!b->near || b->near_count[cell]))
            out[n++] = (int16_t)cell;
    return n;
}

int gm_parse_cell(const gm_board *b, const char *s, int *cell, char *err, size_t errlen)
{
    int x, y, used = 0;
    if (sscanf(s, "%d,%d%n", &x, &y, &used) == 2 && s[used] == '\0') {
        if (x < 0 || x >= b->width || y < 0 || y >= b->height) {
            snprintf(err, errlen, "cell '%s' is off the %dx%d board", s, b->width, b->height);
            return -1;
        }
        *cell = gm_cell(b, x, y);
        return 0;
    }
    const char col = s[0];
    int row;
    if (col >= 'a' && col <= 'z' && sscanf(s + 1, "%d%n", &row, &used) == 1 && s[1 + used] == '\0' &&
        s[1] >= '0' && s[1] <= '9') {
        x = col - 'a';
        if (x >= b->width || row < 1 || row > b->height) {
            snprintf(err, errlen, "cell '%s' is off the %dx%d board", s, b->width, b->height);
            return -1;
        }
        *cell = gm_cell(b, x, b->height - row);
        return 0;
    }
    snprintf(err, errlen, "'%s' is not a cell (write h8, or x,y from 0)", s);
    return -1;
}

void gm_format_cell(const gm_board *b, int cell, char *out, size_t len)
{
    const int x = cell % b->width, y = cell / b->width;
    if (x < 26)
        snprintf(out, len, "%c%d", 'a' + x, b->height - y);
    else
        snprintf(out, len, "%d,%d", x, y);
}

int gm_parse_moves(gm_board *b, const char *moves, char *err, size_t errlen)
{
    int number = 0;
    const char *s = moves;
    while (*s) {
        if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
            s++;
            continue;
        }
        /* One cell: "x,y", or a letter and the digits after it. */
        char tok[32];
        size_t n = 0;
        if (*s >= '0' && *s <= '9') {
            while (s[n] && s[n] != ' ' && s[n] != '\t' && s[n] != '\n' && s[n] != '\r' && n < sizeof tok - 1)
                n++;
        } else {
            n = 1;
            while (s[n] >= '0' && s[n] <= '9' && n < sizeof tok - 1)
                n++;
        }
        memcpy(tok, s, n);
        tok[n] = '\0';
        s += n;
        number++;
        char why[128];
        int cell;
        if (gm_parse_cell(b, tok, &cell, why, sizeof why) != 0) {
            snprintf(err, errlen, "move %d: %s", number, why);
            return -1;
        }
        if (!gm_can_play(b, cell)) {
            snprintf(err, errlen, "move %d '%s': %s", number, tok,
                     b->cell[cell] != GM_EMPTY ? "the cell is taken" : "the game is already over");
            return -1;
        }
        gm_play(b, cell);
    }
    return 0;
}

void gm_print(const gm_board *b, char *out, size_t len)
{
    size_t at = 0;
#define PUT(...)                                                          \
    do {                                                                  \
        if (at < len)                                                     \
            at += (size_t)snprintf(out + at, len - at, __VA_ARGS__);      \
    } while (0)
    for (int y = 0; y < b->height; y++) {
        PUT("%3d ", b->height - y);
        for (int x = 0; x < b->width; x++)
            PUT(" %c", ".XO"[b->cell[gm_cell(b, x, y)]]);
        PUT("\n");
    }
    PUT("    ");
    for (int x = 0; x < b->width; x++)
        PUT(" %c", x < 26 ? 'a' + x : '?');
    PUT("\n");
#undef PUT
    if (len)
        out[len - 1] = '\0';
}
