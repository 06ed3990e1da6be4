/* The pattern board (gm_pboard.h): patterns kept up to date on play and
 * undo, and the evaluation's cell values. */
#include "gomoku/pattern/gm_pboard.h"

#include <pthread.h>
#include <string.h>

#include "gomoku/gm_lines.h"

/* Colour's cell now has key: its pattern, value, the counts and both
 * sums follow, the old state logged at *top for undo.  Most of the cells
 * a move reaches keep their key, and are not touched (a third of the
 * search's time went to settling them all). */
static inline void set_key(gm_pboard *pb, int c, int cell, unsigned key, gm_pboard_undo_rec **top)
{
    const unsigned old = pb->key[c][cell];
    if (old == key)
        return;
    const int32_t was = pb->entry[c][old], entry = pb->entry[c][key];
    const int pattern = gm_cell_entry_pattern(entry), value = gm_cell_entry_on_move(entry);
    *(*top)++ = (gm_pboard_undo_rec){ (uint16_t)(cell << 1 | c), (uint16_t)old, was };
    pb->key[c][cell] = (uint16_t)key;
    pb->count[c][gm_cell_entry_pattern(was)]--;
    pb->count[c][pattern]++;
    pb->sum[c][0] += value - gm_cell_entry_on_move(was);
    pb->sum[c][1] += gm_cell_entry_waiting(entry) - gm_cell_entry_waiting(was);
    pb->pattern[c][cell] = (uint8_t)pattern;
    pb->value[c][cell] = (int16_t)value;
}

/* What a stone adds to its colour's window of the cell 5 - i bits below
 * it, for lanes i = 0..10 (0 at the stone itself and past the window):
 * its digit among the ten side cells, 3^j (ternary) or 1 << j (caro); to
 * the other colour's window 2 * 3^j or 1 << (10 + j).  By caro, then own
 * and other. */
static uint32_t stone_digit[2][2][16];

static void build_entries(void)
{
    gm_cell_table_init();
    for (int i = 0, j = 0, power = 1; i < 11; i++)
        if (i != 5) {
            /* lane 10 - i: the stone is i cells above the window's first */
            stone_digit[0][0][10 - i] = (uint32_t)power;
            stone_digit[0][1][10 - i] = 2 * (uint32_t)power;
            stone_digit[1][0][10 - i] = 1u << j;
            stone_digit[1][1][10 - i] = 1u << (10 + j);
            power *= 3;
            j++;
        }
}

/* Adds (sign 1) or takes away (sign -1) colour c's stone at bit p of line
 * id in direction d to the windows of the cells around it: 16 lanes from
 * p - 5 (the lanes past p + 5 add 0). */
static inline void move_windows(gm_pboard *pb, int c, int d, int id, int p, int sign)
{
    /* Eight lanes a vector (GCC's and clang's vector extension, AVX2 in
     * the release build): the plain loop was not vectorised, as own and
     * other might overlap. */
    typedef uint32_t lanes __attribute__((vector_size(32)));
    uint32_t *w[2] = { &pb->window[c][d][id][p - 5], &pb->window[c ^ 1][d][id][p - 5] };
    for (int k = 0; k < 2; k++)
        for (int h = 0; h < 16; h += 8) {
            lanes v, digit;
            memcpy(&v, w[k] + h, sizeof v);
            memcpy(&digit, stone_digit[pb->caro][k] + h, sizeof digit);
            v = sign > 0 ? v + digit : v - digit;
            memcpy(w[k] + h, &v, sizeof v);
        }
}

/* The line patterns of the empty cells of line id (direction d) whose
 * bits are set in `cells`, bit i for bit p - 5 + i of the line word; m the
 * cell at p. */
static inline gm_pboard_undo_rec *read_line(gm_pboard *pb, int d, int id, int p, int m, unsigned cells,
                                            gm_pboard_undo_rec *top)
{
    const gm_board *b = &pb->b;
    const int step = d == 0 ? 1 : d == 1 ? b->width : d == 2 ? b->width + 1 : 1 - b->width;
    const uint32_t *w0 = &pb->window[0][d][id][p - 5], *w1 = &pb->window[1][d][id][p - 5];
    const int shift = 4 * d;
    for (; cells; cells &= cells - 1) {
        const int i = __builtin_ctz(cells), cell = m + (i - 5) * step;
        set_key(pb, 0, cell, (pb->key[0][cell] & ~(15u << shift)) | (unsigned)pb->lines[0][w0[i]] << shift, &top);
        set_key(pb, 1, cell, (pb->key[1][cell] & ~(15u << shift)) | (unsigned)pb->lines[1][w1[i]] << shift, &top);
    }
    return top;
}

/* The empty cells of pb->lanes around bit p of line id, as read_line
 * takes them. */
static inline unsigned empty_around(const gm_pboard *pb, int d, int id, int p)
{
    const gm_board *b = &pb->b;
    const uint64_t taken = b->line[0][d][id] | b->line[1][d][id] | b->wall[d][id];
    return (unsigned)(~taken >> (p - 5)) & pb->lanes;
}

void gm_pboard_tables_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_entries);
}

void gm_pboard_init(gm_pboard *pb, const gm_board *b)
{
    gm_pboard_tables_init();
    gm_copy(&pb->b, b);
    pb->lines[GM_BLACK] = gm_line_patterns(gm_five_rule(b->rule, GM_BLACK));
    pb->lines[GM_WHITE] = gm_line_patterns(gm_five_rule(b->rule, GM_WHITE));
    pb->caro = gm_rule_caro(b->rule);
    pb->lanes = b->rule == GM_FREESTYLE ? 0x3fe : 0x7ff;
    for (int c = 0; c < 2; c++) {
        const gm_eval_set set = gm_eval_set_of(b->rule, c);
        pb->entry[c] = gm_cell_entry[set];
        pb->tempo[c] = gm_eval_tempo[set];
    }
    memset(pb->sum, 0, sizeof pb->sum);
    memset(pb->count, 0, sizeof pb->count);
    for (int c = 0; c < 2; c++) {
        pb->count[c][GM_CP_NONE] = (uint16_t)b->cells;
        memset(pb->key[c], 0, (size_t)b->cells * sizeof pb->key[c][0]);
        memset(pb->pattern[c], GM_CP_NONE, sizeof pb->pattern[c]);   /* gm_pboard_find reads past the last cell */
        memset(pb->value[c], 0, (size_t)b->cells * sizeof pb->value[c][0]);
    }
    memset(pb->window, 0, sizeof pb->window);   /* the bits outside the lines too */
    for (int d = 0; d < 4; d++)
        for (int id = 0; id < gm_line_count(b, d); id++) {
            const uint64_t black = b->line[0][d][id], white = b->line[1][d][id], wall = b->wall[d][id];
            for (int p = GM_LINE_OFFSET; p < GM_LINE_OFFSET + GM_MAX_SIZE; p++)
                if (!(wall >> p & 1)) {
                    pb->window[0][d][id][p] = (uint32_t)gm_line_window(pb->caro, black, white, wall, p);
                    pb->window[1][d][id][p] = (uint32_t)gm_line_window(pb->caro, white, black, wall, p);
                }
        }
    for (int cell = 0; cell < b->cells; cell++)
        if (b->cell[cell] == GM_EMPTY)
            for (int d = 0; d < 4; d++) {
                const int p = b->line_pos[d][cell] + GM_LINE_OFFSET;
                read_line(pb, d, b->line_id[d][cell], p, cell, 1u << 5, pb->log);   /* the set-up is not undone */
            }
    pb->log_top = 0;
    pb->base = b->stones;
}

/* After colour c's stone came (sign 1) or went (-1) at m: the windows and
 * line patterns of the cells within five along its lines, logged from
 * top on; returns the log's new top. */
static gm_pboard_undo_rec *around(gm_pboard *pb, int m, int c, int sign, gm_pboard_undo_rec *top)
{
    const gm_board *b = &pb->b;
    for (int d = 0; d < 4; d++) {
        const int id = b->line_id[d][m], p = b->line_pos[d][m] + GM_LINE_OFFSET;
        move_windows(pb, c, d, id, p, sign);
        top = read_line(pb, d, id, p, m, empty_around(pb, d, id, p), top);
    }
    return top;
}

void gm_pboard_play(gm_pboard *pb, int cell)
{
    const int c = pb->b.side;
    gm_pboard_frame *f = &pb->frame[pb->b.stones];
    f->log_start = pb->log_top;
    memcpy(f->sum, pb->sum, sizeof f->sum);
    memcpy(f->count, pb->count, sizeof f->count);
    gm_play_stone(&pb->b, cell, pb->pattern[c][cell] == GM_CP_FIVE);
    gm_pboard_undo_rec *top = pb->log + pb->log_top;
    set_key(pb, 0, cell, 0, &top);
    set_key(pb, 1, cell, 0, &top);
    pb->log_top = (int)(around(pb, cell, c, 1, top) - pb->log);
}

/* Reading the lines again on undo cost as much as the play: the logged
 * states are put back (15 % of the search's time saved), the counts and
 * sums copied whole rather than moved entry by entry. */
void gm_pboard_undo(gm_pboard *pb)
{
    const int cell = pb->b.history[pb->b.stones - 1].cell, c = pb->b.side ^ 1;
    gm_undo(&pb->b);
    if (pb->b.stones < pb->base) {
        pb->base = pb->b.stones;
        around(pb, cell, c, -1, pb->log);
        pb->log_top = 0;
        return;
    }
    const gm_board *b = &pb->b;
    for (int d = 0; d < 4; d++)
        move_windows(pb, c, d, b->line_id[d][cell], b->line_pos[d][cell] + GM_LINE_OFFSET, -1);
    const gm_pboard_frame *f = &pb->frame[b->stones];
    memcpy(pb->sum, f->sum, sizeof pb->sum);
    memcpy(pb->count, f->count, sizeof pb->count);
    for (const gm_pboard_undo_rec *e = pb->log + pb->log_top; e > pb->log + f->log_start;) {
        e--;
        const int at = e->cell_colour >> 1, k = e->cell_colour & 1;
        pb->key[k][at] = e->key;
        pb->pattern[k][at] = (uint8_t)gm_cell_entry_pattern(e->entry);
        pb->value[k][at] = (int16_t)gm_cell_entry_on_move(e->entry);
    }
    pb->log_top = f->log_start;
}

/* Eight cells a word: a pattern byte x (below 16) is at least t when
 * x + 128 - t sets its top bit, with no carry into the next byte.  The
 * bytes past the last cell are GM_CP_NONE (gm_pboard_init), and a find
 * there is none.  The cell by cell loop was 4 % of the search's
 * instructions. */
int gm_pboard_find(const gm_pboard *pb, int colour, int at_least)
{
    const uint8_t *pattern = pb->pattern[colour];
    const uint64_t add = 0x0101010101010101ULL * (uint64_t)(128 - at_least);
    for (int cell = 0; cell < pb->b.cells; cell += 8) {
        uint64_t x;
        memcpy(&x, pattern + cell, sizeof x);
        const uint64_t hit = (x + add) & 0x8080808080808080ULL;
        if (hit) {
            const int found = cell + __builtin_ctzll(hit) / 8;
            return found < pb->b.cells ? found : GM_NO_MOVE;
        }
    }
    return GM_NO_MOVE;
}
