/*
 * Connect 4 positions (c4_parse): the input as a move string on the
 * standard 7x6 board and on one other legal size picked by its length.
 * A position taken has as many stones as moves, alternating, each column
 * filled from the bottom; one refused has a one-line reason.
 */
#include "fuzz.h"

#include "gts/c4.h"

/* Every legal size: 4 <= W <= 9, H >= 4, W * (H + 1) <= 64. */
static int sizes(int w[], int h[])
{
    int n = 0;
    for (int width = 4; width <= C4_MAX_WIDTH; width++)
        for (int height = 4; width * (height + 1) <= 64; height++) {
            w[n] = width;
            h[n++] = height;
        }
    return n;
}

static void parse(const c4_geom *g, const char *moves)
{
    c4_pos p;
    char err[160];
    if (c4_parse(g, &p, moves, err, sizeof err) != 0) {
        fuzz_check_reason(err, sizeof err, "c4_parse");
        return;
    }
    FUZZ_CHECK(p.moves == (int)strlen(moves), "c4_parse: %d stones from %zu moves", p.moves, strlen(moves));
    int count[3] = { 0 };
    for (int col = 0; col < g->width; col++) {
        bool gap = false;
        for (int row = 0; row < g->height; row++) {
            const int c = c4_cell(g, &p, col, row);
            FUZZ_CHECK(!(gap && c), "c4_parse: a stone above an empty cell in column %d", col + 1);
            gap |= c == 0;
            count[c]++;
        }
    }
    FUZZ_CHECK(count[1] + count[2] == p.moves && count[1] - count[2] == (p.moves & 1),
               "c4_parse: %d and %d stones after %d moves", count[1], count[2], p.moves);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int w[64], h[64], n;
    if (!n)
        n = sizes(w, h);
    char *moves = fuzz_string(data, size);
    parse(&c4_standard, moves);
    c4_geom g;
    char err[160];
    if (c4_geom_init(&g, w[size % n], h[size % n], err, sizeof err) != 0)
        FUZZ_CHECK(false, "c4_geom_init %dx%d: %s", w[size % n], h[size % n], err);
    parse(&g, moves);
    free(moves);
    return 0;
}
