/* Internal to the gts command: what the gts gomoku commands share, each
 * command's option table being its own (cli/gomoku/gomoku_<command>.c):
 * the options several take, as table entries and small structs with
 * their checks (cli/gomoku/gomoku_options.c), and the commands' entries. */
#ifndef GTS_GOMOKU_CLI_H
#define GTS_GOMOKU_CLI_H

#include <stdbool.h>

#include "cli/cli_options.h"
#include "gts/gomoku_gpu.h"
#include "gts/gomoku_search.h"

/* Every option of the gts gomoku commands: the `elsewhere` list of each
 * (cli/cli_options.h), so that one command names another's option as such. */
#define GOMOKU_OPTIONS                                                                                          \
    "size width height rule candidates depth time algo threads parallel split-depth schedule vcf vct eval tt-mb " \
    "json black white random random-radius seed sizes depths max-seconds limit backend design split executor "   \
    "chunk block-threads gpu csv plot whole-game"

/* The usage text of gts gomoku, every command's --help. */
extern const char gomoku_usage_text[];

/* The names of the choices, by their enums. */
extern const char *const gomoku_parallels[];  /* gm_parallel - 1 */
extern const char *const gomoku_schedules[];  /* gm_schedule */
extern const char *const gomoku_evals[];      /* gm_eval_kind */
extern const char *const gomoku_designs[];    /* gmg_design */
extern const char *const gomoku_executors[];  /* gmg_executor */

/* --size --width --height --rule --candidates: the board, every command's. */
typedef struct gomoku_board_opts {
    int width, height;
    int rule;                      /* gm_rule */
    int near;                      /* --candidates: 0 = all, T = near:T */
    bool near_given, size_given;   /* bench's defaults differ */
} gomoku_board_opts;
#define GOMOKU_BOARD_OPTS { .width = 15, .height = 15, .rule = GM_FREESTYLE, .near = 2 }
int gomoku_parse_size(void *board, const char *text, char *err, size_t errlen);
int gomoku_parse_candidates(void *near, const char *text, char *err, size_t errlen);
#define GOMOKU_OPT_BOARD(b)                                                                                     \
    { .name = "size", .kind = CLI_CUSTOM, .target = (b), .parse = gomoku_parse_size, .values = "5..32",        \
      .given = &(b)->size_given },                                                                              \
    { .name = "width", .kind = CLI_INT, .target = &(b)->width, .min = GM_MIN_SIZE, .max = GM_MAX_SIZE,         \
      .given = &(b)->size_given },                                                                              \
    { .name = "height", .kind = CLI_INT, .target = &(b)->height, .min = GM_MIN_SIZE, .max = GM_MAX_SIZE,       \
      .given = &(b)->size_given },                                                                              \
    CLI_OPT_CHOICE("rule", &(b)->rule, gm_rule_names),                                                         \
    { .name = "candidates", .kind = CLI_CUSTOM, .target = &(b)->near, .parse = gomoku_parse_candidates,        \
      .values = "all or near:1..4", .given = &(b)->near_given }

/* The board of o with the position the operands give (moves as in
 * gm_parse_moves; none or "-" for the empty board).  Returns 0, or -1
 * after printing the reason. */
int gomoku_board(const gomoku_board_opts *o, int argc, char **argv, gm_board *b);

/* --depth --parallel --split-depth --schedule --vcf --vct --eval --tt-mb:
 * the search of best, play and bench. */
typedef struct gomoku_search_opts {
    gm_search_options opt;
    int parallel, schedule, eval;  /* the choices, into opt by gomoku_search_finish */
    bool depth_given;
} gomoku_search_opts;
void gomoku_search_defaults(gomoku_search_opts *s);
#define GOMOKU_OPT_SEARCH(s)                                                                                    \
    { .name = "depth", .kind = CLI_INT, .target = &(s)->opt.depth, .min = 1, .max = GM_MAX_DEPTH,              \
      .given = &(s)->depth_given },                                                                             \
    CLI_OPT_CHOICE("parallel", &(s)->parallel, gomoku_parallels),                                              \
    CLI_OPT_INT("split-depth", 0, &(s)->opt.split_depth, 1, GM_MAX_DEPTH),                                     \
    CLI_OPT_CHOICE("schedule", &(s)->schedule, gomoku_schedules), CLI_OPT_FLAG("vcf", 0, &(s)->opt.vcf),       \
    CLI_OPT_FLAG("vct", 0, &(s)->opt.vct), CLI_OPT_CHOICE("eval", &(s)->eval, gomoku_evals),                   \
    CLI_OPT_MB("tt-mb", &(s)->opt.tt_bytes, 1, 1 << 20)

/* --time --algo --threads of one search (best, play), into s and *algo. */
#define GOMOKU_OPT_ENGINE(s, algo)                                                                              \
    CLI_OPT_LONG("time", 0, &(s)->opt.time_ms, 1, 1L << 30), CLI_OPT_CHOICE("algo", (algo), gm_algo_names),     \
    CLI_OPT_INT("threads", 0, &(s)->opt.threads, 1, 256)

/* The choices into s->opt (algo: a gm_algo), --time's depth (the most
 * unless --depth is given) and the check of --split-depth against
 * --depth: 0, or CLI_BAD after a one-line error. */
int gomoku_search_finish(gomoku_search_opts *s, int algo);

/* --design --split --executor --chunk --block-threads: a GPU design
 * (best --backend gpu, bench --gpu). */
typedef struct gomoku_gpu_opts {
    gmg_options g;
    int design, executor;          /* the choices, into g by gomoku_gpu_finish */
} gomoku_gpu_opts;
#define GOMOKU_GPU_OPTS { .design = GMG_PVS }
#define GOMOKU_OPT_GPU(o)                                                                                       \
    CLI_OPT_CHOICE("design", &(o)->design, gomoku_designs), CLI_OPT_INT("split", 0, &(o)->g.split, 1, GM_MAX_DEPTH), \
    CLI_OPT_CHOICE("executor", &(o)->executor, gomoku_executors),                                              \
    CLI_OPT_LONG("chunk", 0, &(o)->g.chunk, 1, 1L << 30), CLI_OPT_INT("block-threads", 0, &(o)->g.block_threads, 32, 1024)
void gomoku_gpu_finish(gomoku_gpu_opts *o);

/* The GPU designs play freestyle and standard only (renju's forbidden
 * points and caro's shut fives are the CPU's): 0, or CLI_BAD after the
 * error line. */
int gomoku_gpu_rule(int rule);

/* The GPU design g searching as o says (its depth, algo, eval and stop),
 * or NULL after a one-line error. */
gmg_searcher *gomoku_gpu_create(const gmg_options *g, const gm_search_options *o);

/* gmg_search: 0, 1 when stopped, -1 after a one-line error. */
int gomoku_gpu_search(gmg_searcher *s, const gm_board *b, gm_result *r, gmg_stats *st);

/* The candidates' name: "all" or "near:T". */
void gomoku_candidates(int near, char *out, size_t len);

/* The commands: argv[0] is the command's name, then its options and
 * operands. */
int gomoku_best_main(int argc, char **argv);
int gomoku_show_main(int argc, char **argv);
int gomoku_play_main(int argc, char **argv);
int gomoku_bench_main(int argc, char **argv);

#endif
