/* gts c4 analyze MOVES: the exact score of every legal move. */
#include <stdio.h>
#include <string.h>

#include "cli/c4/c4_cli.h"
#include "cli/cli.h"
#include "cli/cli_options.h"

/* analyze's line: every column's score ('.' or null: full), the best
 * move, nodes and time. */
static void print_analysis(const c4_geom *g, bool json, const char *shown, const int *scores, const bool *playable,
                           const c4_result *r)
{
    int best = -1;
    for (int col = 0; col < g->width; col++)
        if (playable[col] && (best < 0 || scores[col] > scores[best]))
            best = col;
    if (json) {
        printf("{\"moves\":");
        cli_json_string(stdout, shown);
        printf(",\"scores\":[");
        for (int col = 0; col < g->width; col++) {
            if (playable[col])
                printf("%s%d", col ? "," : "", scores[col]);
            else
                printf("%snull", col ? "," : "");
        }
        printf("],\"best\":%d,\"nodes\":%llu,\"usec\":%.1f}\n", best + 1, (unsigned long long)r->nodes, r->usec);
    } else {
        printf("%s", shown);
        for (int col = 0; col < g->width; col++) {
            if (playable[col])
                printf(" %d", scores[col]);
            else
                printf(" .");
        }
        if (best >= 0)
            printf("  best %d", best + 1);
        else
            printf("  game over");
        printf("  nodes %llu  usec %.0f\n", (unsigned long long)r->nodes, r->usec);
    }
}

int c4_analyze_main(int argc, char **argv)
{
    c4_size size = C4_SIZE_INIT;
    c4_geom g;
    gts_stop stop = GTS_STOP_INIT;
    c4_options opt = c4_default_options();
    opt.stop = &stop;
    const char *book_path = NULL;
    bool json = false;
    const cli_option opts[] = {
        C4_OPT_SIZE(&size),
        C4_OPT_ALGO(&opt),
        C4_OPT_THREADS(&opt),
        C4_OPT_TT(&opt, NULL),
        CLI_OPT_STRING("book", 0, &book_path),
        CLI_OPT_FLAG("json", 0, &json),
        CLI_OPT_END,
    };
    const int n = c4_parse_options("analyze", argc, argv, opts, &size, &g);
    if (n < 0)
        return cli_parse_status(n);
    if (n != 1)
        return c4_usage_error(n == 0 ? "analyze needs MOVES" : "analyze takes one MOVES argument");
    const char *moves = strcmp(argv[1], "-") == 0 ? "" : argv[1];
    c4_pos p;
    char err[512];
    if (c4_parse(&g, &p, moves, err, sizeof err) != 0 || !c4_algo_fits(opt.algo, &g, &p, err, sizeof err)) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    c4_book *book;
    if (c4_load_default_book(book_path, &g, &opt, &book) != 0)
        return EXIT_USAGE;
    c4_solver *s = c4_solver_create(&g, &opt, err, sizeof err);
    if (!s) {
        cli_error("%s", err);
        c4_book_free(book);
        return EXIT_USAGE;
    }
    cli_stop_on_interrupt(&stop);
    int scores[C4_MAX_WIDTH];
    bool playable[C4_MAX_WIDTH];
    c4_result r;
    const int rc = c4_analyze(s, &p, scores, playable, &r);
    c4_solver_free(s);
    c4_book_free(book);
    if (rc != 0) {
        cli_error("interrupted");
        return EXIT_INTERRUPTED;
    }
    print_analysis(&g, json, moves[0] ? moves : "-", scores, playable, &r);
    return EXIT_OK;
}
