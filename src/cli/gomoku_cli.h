/* Internal to the gts command: options shared by the gts gomoku commands. */
#ifndef GTS_GOMOKU_CLI_H
#define GTS_GOMOKU_CLI_H

#include <stdbool.h>

#include "gts/gomoku_search.h"

typedef struct gm_cli {
    int width, height;
    gm_rule rule;
    int near;                      /* --candidates: 0 = all, T = near:T */
    gm_search_options opt;         /* --algo --depth --time --threads --parallel ... */
    bool json;
    const char *algo_list, *thread_list, *size_list, *depth_list;   /* bench: comma lists */
    const char *black, *white;     /* play: the players */
    double max_seconds;            /* bench table: a variant stops growing past this per cell */
    long limit;                    /* bench positions: at most this many */
    int random_moves, random_radius;   /* play: --random N opening moves within --random-radius R */
    unsigned long long seed;       /* play: --seed S of those moves */
    bool near_given, size_given;   /* --candidates, --size/--width/--height given (bench's defaults differ) */
} gm_cli;

/* Parses the options of `gts gomoku <cmd>`; operands are left in
 * argv[optind..].  Returns 0, 1 after printing help, or -1 after a
 * one-line usage error. */
int gm_cli_parse(const char *cmd, int argc, char **argv, gm_cli *c);

/* Sets up c's board and plays the position given by the operands (moves
 * as in gm_parse_moves; none or "-" for the empty board).  Returns 0, or
 * -1 after printing the reason. */
int gm_cli_board(const gm_cli *c, int argc, char **argv, gm_board *b);

/* "pvs" -> GM_ALGO_PVS ...; -1 if unknown. */
int gm_cli_algo(const char *name);
const char *gm_cli_algo_name(gm_algo a);

/* A score as text: "+12345", "win in 7", "loss in 4". */
void gm_cli_score(int32_t score, char *out, size_t len);

int gomoku_bench_main(gm_cli *c, int argc, char **argv);
int gomoku_play_main(gm_cli *c, int argc, char **argv);

#endif
