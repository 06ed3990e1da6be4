/* Internal to the gts command: the options of the gts gomoku commands
 * (cli/gomoku/gomoku_options.c) and what the commands share. */
#ifndef GTS_GOMOKU_CLI_H
#define GTS_GOMOKU_CLI_H

#include <stdbool.h>

#include "gts/gomoku_gpu.h"
#include "gts/gomoku_search.h"

#define GM_CLI_LIST_MAX 64

/* A bench list of numbers ("1,2,4", "1-6"): sorted, each once. */
typedef struct gm_cli_list {
    long min, max;                 /* what an item may be */
    int n;                         /* 0: not given */
    int v[GM_CLI_LIST_MAX];
} gm_cli_list;

typedef struct gm_cli {
    int width, height;
    gm_rule rule;
    int near;                      /* --candidates: 0 = all, T = near:T */
    gm_search_options opt;         /* --algo --depth --time --threads --parallel ... */
    bool json, csv;                /* best, bench: --json; bench table: --csv */
    bool near_given, size_given;   /* --candidates, --size/--width/--height given (bench's defaults differ) */
    bool depth_given;
    int player[2];                 /* play: --black, --white (gm_player) */
    int random_moves, random_radius;   /* play: --random N opening moves within --random-radius R */
    long seed;                     /* play: --seed S of those moves */
    int algos[3], nalgos;          /* bench: --algo's list in its order; 0: not given */
    gm_cli_list threads, sizes, depths;   /* bench: --threads, --sizes, --depths */
    long max_seconds;              /* bench table: a variant stops growing past this per cell */
    long limit;                    /* bench positions: at most this many */
    bool gpu_backend;              /* best: --backend gpu */
    gmg_options gpu;               /* --design --split --executor --chunk --block-threads (depth, algo: opt's) */
    bool bench_gpu;                /* bench: --gpu */
    bool whole_game;               /* bench table: --whole-game */
    const char *plot;              /* bench: --plot FILE.svg|png, or NULL */
} gm_cli;

/* Reads the options of `gts gomoku <cmd>` (argv[0] is cmd) with the
 * command line's parser (cli/cli_options.h) and moves the operands to
 * argv[1..n].  Returns n, or CLI_HELP / CLI_BAD after the usage / a
 * one-line error. */
int gm_cli_parse(const char *cmd, const char *usage, int argc, char **argv, gm_cli *c);

/* Sets up c's board and plays the position given by the operands (moves
 * as in gm_parse_moves; none or "-" for the empty board).  Returns 0, or
 * -1 after printing the reason. */
int gm_cli_board(const gm_cli *c, int argc, char **argv, gm_board *b);

/* The algorithms' and the candidates' names. */
const char *gm_cli_algo_name(gm_algo a);
void gm_cli_candidates(int near, char *out, size_t len);

/* The GPU design of c (c->gpu, with c->opt's depth, algo, eval and
 * stop), or NULL after a one-line error. */
gmg_searcher *gm_cli_gpu_create(const gm_cli *c);

/* gmg_search: 0, 1 when stopped, -1 after a one-line error. */
int gm_cli_gpu_search(gmg_searcher *s, const gm_board *b, gm_result *r, gmg_stats *st);

/* A score as text: "+12345", "win in 7", "loss in 4". */
void gm_cli_score(int32_t score, char *out, size_t len);

/* The commands after their options: the operands in argv[0..argc-1]. */
int gomoku_play_main(gm_cli *c, int argc, char **argv);
int gomoku_bench_table(const gm_cli *c);
int gomoku_bench_positions(const gm_cli *c, char *file);

#endif
