/* gts reversi bench table: its tables on stdout and as CSV
 * (cli/reversi/reversi_bench.h). */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "report/csv.h"
#include "cli/reversi/reversi_bench.h"

/* Text padded to width columns; "—" is one column in three bytes. */
static void print_padded(const char *s, int width)
{
    const int shown = strcmp(s, "—") == 0 ? 1 : (int)strlen(s);
    printf("%*s%s", width > shown ? width - shown : 0, "", s);
}

static void size_label(const table *t, int si, char *out, size_t len)
{
    snprintf(out, len, "%dx%d", t->widths[si], t->heights[si]);
}

void rvbench_print_row(const table *t, int si)
{
    char label[16];
    size_label(t, si, label, sizeof label);
    printf("%-7s", label);
    for (int di = 0; di < t->ndepths; di++) {
        const rvp_cell *c = &t->cells[si][di];
        char v[32] = "";
        if (c->state == RVP_CELL_DONE)
            snprintf(v, sizeof v, "%.3f", c->usec[1] > 0 ? c->usec[0] / c->usec[1] : 0.0);
        else if (c->state == RVP_CELL_SKIPPED)
            snprintf(v, sizeof v, "—");
        print_padded(v, 9);
    }
    printf("\n");
    fflush(stdout);
}

void rvbench_print_csv_header(FILE *f)
{
    cli_csv_machine(f);
    fprintf(f, "board,width,height,depth,status,player1_seconds,player2_seconds,factor,positions,branching,"
               "player1_kernel_seconds,player2_kernel_seconds\n");
}

void rvbench_print_csv_cell(FILE *f, const table *t, int si, int di)
{
    const rvp_cell *c = &t->cells[si][di];
    char label[16];
    size_label(t, si, label, sizeof label);
    csv_field(f, label);
    fprintf(f, ",%d,%d,%d,", t->widths[si], t->heights[si], t->depths[di]);
    if (c->state == RVP_CELL_DONE)
        fprintf(f, "ok,%.6f,%.6f,%.6f,%ld,%.4f,%.6f,%.6f\n", c->usec[0] / 1e6, c->usec[1] / 1e6,
                c->usec[1] > 0 ? c->usec[0] / c->usec[1] : 0.0, c->positions,
                c->positions ? (double)c->legal_moves / (double)c->positions : 0.0, c->kernel_usec[0] / 1e6,
                c->kernel_usec[1] / 1e6);
    else
        fprintf(f, "skipped,,,,,,,\n");
    fflush(f);
}

void rvbench_print_header(const table *t)
{
    char what[2][160];
    for (int i = 0; i < 2; i++)
        rvp_describe(&t->specs[i], what[i], sizeof what[i]);
    printf("Table 2: time of player 1 / time of player 2 over two games (each black once)\n");
    printf("player 1: %s (%s)\nplayer 2: %s (%s)\n", t->specs[0].text, what[0], t->specs[1].text, what[1]);
    printf("cells over %g s: —\n\n%-7s", t->max_seconds, "board");
    for (int di = 0; di < t->ndepths; di++)
        printf(" %8d", t->depths[di]);
    printf("\n");
}

void rvbench_print_branching(const table *t, int rows)
{
    int d2 = -1;
    for (int di = 0; di < t->ndepths; di++)
        if (t->depths[di] == BRANCHING_DEPTH)
            d2 = di;
    printf("\nTable 1: average branching factor (legal moves where a player had a move to\n"
           "choose, both depth-%d games)\n\n%-7s %8s %10s\n",
           BRANCHING_DEPTH, "board", "b", "positions");
    for (int si = 0; si < rows; si++) {
        char label[16], v[32] = "—", n[32] = "—";
        size_label(t, si, label, sizeof label);
        const rvp_cell *c = d2 >= 0 ? &t->cells[si][d2] : NULL;
        if (c && c->state == RVP_CELL_DONE && c->positions > 0) {
            snprintf(v, sizeof v, "%.2f", (double)c->legal_moves / (double)c->positions);
            snprintf(n, sizeof n, "%ld", c->positions);
        }
        printf("%-7s ", label);
        print_padded(v, 8);
        printf(" ");
        print_padded(n, 10);
        printf("\n");
    }
    if (d2 < 0)
        printf("(depth %d is not among --depths)\n", BRANCHING_DEPTH);
}

