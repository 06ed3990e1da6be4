/* The Gomoku report's Tables 1-6 (gomoku_report_tables.h). */
#include "gomoku_report_tables.h"

#include <stddef.h>

typedef struct row {
    int size;
    double seconds[4];   /* depths 1..4; Table 4: (2,1) (3,2) (4,2) (4,3) */
} row;

#define ROWS(...) { __VA_ARGS__ }
static const row tables[][7] = {
    [GM_REPORT_SERIAL] = ROWS({ 6, { 0.00019, 0.0051, 0.0292, 0.272 } }, { 9, { 0.00069, 0.0269, 0.4572, 12.669 } },
                              { 12, { 0.00184, 0.1324, 4.6165, 271.388 } }, { 15, { 0.00415, 0.4375, 29.651, -1 } },
                              { 18, { 0.00874, 1.1842, 158.13, -1 } }, { 21, { 0.01346, 2.8423, 571.07, -1 } },
                              { 24, { 0.01722, 6.8895, 1718.01, -1 } }),
    [GM_REPORT_OPENMP] = ROWS({ 6, { 0.0083, 0.009, 0.01, 0.03 } }, { 9, { 0.0086, 0.009, 0.05, 2.712 } },
                              { 12, { 0.0067, 0.027, 0.42, 56.947 } }, { 15, { 0.0075, 0.036, 2.62, -1 } },
                              { 18, { 0.0065, 0.077, 13.21, -1 } }, { 21, { 0.0082, 0.17, 109.87, -1 } },
                              { 24, { 0.0075, 0.41, 358.98, -1 } }),
    [GM_REPORT_NAIVE] = ROWS({ 6, { 0.079, 0.093, 0.268, 17.051 } }, { 9, { 0.08, 0.117, 2.906, -1 } },
                             { 12, { 0.082, 0.184, 29.96, -1 } }, { 15, { 0.082, 0.258, -1, -1 } },
                             { 18, { 0.081, 0.342, -1, -1 } }, { 21, { 0.082, 0.545, -1, -1 } },
                             { 24, { 0.083, 0.891, -1, -1 } }),
    [GM_REPORT_SEQPAR] = ROWS({ 6, { 0.010, 0.037, 0.577, 0.550 } }, { 9, { 0.037, 0.292, 67.37, 13.77 } },
                              { 12, { 0.119, 1.728, 1999.45, 131.92 } }, { 15, { 0.193, 6.649, -1, -1 } },
                              { 18, { 0.310, 11.66, -1, -1 } }, { 21, { 0.573, 31.72, -1, -1 } },
                              { 24, { 0.868, -1, -1, -1 } }),
    [GM_REPORT_PVS] = ROWS({ 6, { 0.0045, 0.013, 0.086, 0.199 } }, { 9, { 0.0058, 0.027, 1.34, 0.365 } },
                           { 12, { 0.0062, 0.012, 5.56, 2.845 } }, { 15, { 0.0052, 0.016, 159.05, 10.498 } },
                           { 18, { 0.0061, 0.025, 161.88, -1 } }, { 21, { 0.0069, 0.037, -1, -1 } },
                           { 24, { 0.0073, 0.056, -1, -1 } }),
    [GM_REPORT_DYNAMIC] = ROWS({ 6, { 0.0038, 0.048, 4.74, -1 } }, { 9, { 0.0047, 0.886, 141.48, -1 } },
                               { 12, { 0.0058, 13.538, -1, -1 } }, { 15, { 0.0081, 29.12, -1, -1 } },
                               { 18, { 0.0094, 36.92, -1, -1 } }, { 21, { 0.0121, -1, -1, -1 } },
                               { 24, { 0.0147, -1, -1, -1 } }),
};

/* Table 4's column of (depth, split), or -1. */
static int seqpar_column(int depth, int split)
{
    static const int pairs[4][2] = { { 2, 1 }, { 3, 2 }, { 4, 2 }, { 4, 3 } };
    for (int i = 0; i < 4; i++)
        if (pairs[i][0] == depth && pairs[i][1] == split)
            return i;
    return -1;
}

double gm_report_seconds(gm_report_table t, int size, int depth, int split)
{
    if (t <= GM_REPORT_NONE || t > GM_REPORT_DYNAMIC || depth < 1 || depth > 4)
        return -1;
    const int column = t == GM_REPORT_SEQPAR ? seqpar_column(depth, split) : depth - 1;
    for (size_t i = 0; column >= 0 && i < sizeof tables[t] / sizeof tables[t][0]; i++)
        if (tables[t][i].size == size)
            return tables[t][i].seconds[column];
    return -1;
}
