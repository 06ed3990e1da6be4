/* gts reversi solve --log: a line per problem in the columns of Edax's and
 * Egaroucid's problem logs (number, depth@probability, score, time, nodes,
 * nodes/s, principal variation), printed as soon as it is solved, and a
 * totals line, so that their figures compare line by line. */
#include "cli/cli.h"
#include "cli/reversi/reversi_cli.h"
#include "gts/reversi.h"

#define RULE "-----+--------+------+------------+----------------+-------------+--------------------\n"

void reversi_log_header(FILE *out)
{
    fprintf(out, "    #|   depth| score|        time|           nodes|          N/s| principal variation\n" RULE);
}

/* usec as [h:]m:ss.mmm, right-aligned in 12 columns. */
static void print_time(FILE *out, double usec)
{
    const long long ms = (long long)(usec / 1000 + 0.5), s = ms / 1000;
    char text[32];
    if (s >= 3600)
        snprintf(text, sizeof text, "%lld:%02lld:%02lld.%03lld", s / 3600, s / 60 % 60, s % 60, ms % 1000);
    else
        snprintf(text, sizeof text, "%lld:%02lld.%03lld", s / 60, s % 60, ms % 1000);
    fprintf(out, "|%12s", text);
}

/* The columns from the time on: time, nodes, nodes/s. */
static void print_effort(FILE *out, double usec, uint64_t nodes)
{
    print_time(out, usec);
    fprintf(out, "|%16llu|%13.0f", (unsigned long long)nodes, usec > 0 ? nodes / usec * 1e6 : 0);
}

bool reversi_log_line(const reversi_line *l, const rv_solve_result *r, const int *pv, int plies, FILE *out,
                      solve_totals *t)
{
    const bool ok = !l->has_score || r->score == l->expected;
    t->positions++;
    t->mismatches += !ok;
    fprintf(out, "%5ld|%3d@100%%|  %+3d ", l->lineno, rv_empties(&l->p), r->score);
    print_effort(out, r->usec, r->nodes);
    fputs("| ", out);
    for (int i = 0; i < plies; i++) {
        char name[3] = "ps";
        if (pv[i] != RV_PASS)
            rv_format_square(pv[i], name);
        fprintf(out, "%s%s", i ? " " : "", name);
    }
    if (plies < 0)
        fprintf(out, "(no line: stopped)");
    if (!ok)
        fprintf(out, "  WRONG: expected %+d", l->expected);
    fputc('\n', out);
    fflush(out);
    return ok;
}

void reversi_log_stopped(const reversi_line *l, const rv_solve_result *r, FILE *out)
{
    fprintf(out, "%5ld|%3d@100%%|     ? ", l->lineno, rv_empties(&l->p));
    print_effort(out, r->usec, r->nodes);
    fprintf(out, "| interrupted: score in [%+d, %+d]\n", r->lower, r->upper);
    fflush(out);
}

void reversi_log_totals(const solve_totals *t, FILE *out)
{
    char count[32];
    snprintf(count, sizeof count, "%ld positions", t->positions);
    fprintf(out, RULE "total|%15s", count);
    print_effort(out, t->usec, t->nodes);
    fputs("|\n", out);
}
