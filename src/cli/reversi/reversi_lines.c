/* The .obf lines of gts reversi solve: read, and a solved one's start
 * printed, the same one at a time, in a batch and under --mpi. */
#include <string.h>

#include "cli/cli.h"
#include "cli/reversi/reversi_cli.h"
#include "gts/reversi.h"

/* Where a line's position begins; NULL for a blank line or a comment. */
static const char *obf_start(const char *line)
{
    const char *s = line + strspn(line, " \t");
    return !*s || *s == '\n' || *s == '\r' || *s == '#' ? NULL : s;
}

int reversi_read_line(const char *file, long lineno, const char *line, reversi_line *out, FILE *errors,
                      solve_totals *t)
{
    const char *s = obf_start(line);
    if (!s)
        return 0;
    char err[256];
    if (rv_parse_obf(s, &out->p, &out->black, &out->has_score, &out->expected, err, sizeof err) != 0) {
        fprintf(errors, "gts: %s:%ld: %s\n", file, lineno, err);
        t->bad_lines++;
        return 0;
    }
    out->lineno = lineno;
    return 1;
}

bool reversi_print_score(const reversi_line *l, int move, int score, bool wld, FILE *out, solve_totals *t)
{
    char name[3] = "--";
    if (move != RV_NO_MOVE)
        rv_format_square(move, name);
    const int want = wld ? cli_sign(l->expected) : l->expected;
    const bool ok = !l->has_score || score == want;
    t->positions++;
    if (!ok)
        t->mismatches++;
    fprintf(out, "%4ld  %c  %2d empties  %s %+3d", l->lineno, l->black ? 'X' : 'O', rv_empties(&l->p), name, score);
    if (l->has_score)
        fprintf(out, "  expected %+3d", want);
    return ok;
}
