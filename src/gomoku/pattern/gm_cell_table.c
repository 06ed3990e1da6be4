/* The cell table's combinations and sets (gm_cell_table.h). */
#include "gomoku/pattern/gm_cell_table.h"

#include <pthread.h>
#include <string.h>

uint16_t gm_cell_code[1 << 16];
int32_t gm_cell_entry[GM_EVAL_SETS][1 << 16];

/* A combination's codes by index, in the order of the nested loops below:
 * the index of a sorted quadruple is where it comes in that order. */
static uint8_t key_codes[GM_CELL_KEYS][4];

static int sorted_key(const uint8_t c[4])
{
    uint8_t s[4] = { c[0], c[1], c[2], c[3] };
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
            const uint8_t t = s[j];
            s[j] = s[j - 1];
            s[j - 1] = t;
        }
    return gm_pattern_key(s);
}

static int clip(int v)
{
    return v > GM_CELL_VALUE_MAX ? GM_CELL_VALUE_MAX : v < -GM_CELL_VALUE_MAX ? -GM_CELL_VALUE_MAX : v;
}

static void build(void)
{
    gm_patterns_init();
    static uint16_t index_of[1 << 16];
    int n = 0;
    for (int a = 0; a < GM_LP_CODES; a++)
        for (int b = a; b < GM_LP_CODES; b++)
            for (int c = b; c < GM_LP_CODES; c++)
                for (int d = c; d < GM_LP_CODES; d++) {
                    const uint8_t code[4] = { a, b, c, d };
                    memcpy(key_codes[n], code, 4);
                    index_of[gm_pattern_key(code)] = (uint16_t)n++;
                }
    for (int key = 0; key < 1 << 16; key++) {
        const uint8_t code[4] = { key & 15, key >> 4 & 15, key >> 8 & 15, key >> 12 };
        if (code[0] < GM_LP_CODES && code[1] < GM_LP_CODES && code[2] < GM_LP_CODES && code[3] < GM_LP_CODES)
            gm_cell_code[key] = (uint16_t)(index_of[sorted_key(code)] << 4 | gm_cell_pattern_of[key]);
    }
    for (int set = 0; set < GM_EVAL_SETS; set++)
        for (int key = 0; key < 1 << 16; key++) {
            const int16_t *v = gm_cell_table[set][gm_cell_code[key] >> 4];
            gm_cell_entry[set][key] = (int32_t)((uint32_t)clip(v[1]) << 18 | (uint32_t)(clip(v[0]) & 0x3fff) << 4 |
                                                gm_cell_pattern_of[key]);
        }
}

void gm_cell_table_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build);
}

gm_eval_set gm_eval_set_of(gm_rule rule, int colour)
{
    switch (rule) {
    case GM_FREESTYLE:
        return GM_EVAL_FREESTYLE;
    case GM_RENJU:
        return colour == GM_BLACK ? GM_EVAL_RENJU_BLACK : GM_EVAL_RENJU_WHITE;
    default:
        return GM_EVAL_STANDARD;   /* standard; caro until it has its own */
    }
}

void gm_cell_key_codes(int combination, uint8_t code[4])
{
    gm_cell_table_init();
    memcpy(code, key_codes[combination], 4);
}
