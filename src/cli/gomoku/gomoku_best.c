/* gts gomoku best: the best move of a position, by the CPU's search or
 * (--backend gpu) one of the Gomoku report's GPU designs. */
#include "cli/cli.h"
#include "cli/gomoku/gomoku_cli.h"

/* best's options. */
typedef struct best_opts {
    gomoku_board_opts board;
    gomoku_search_opts search;
    gomoku_gpu_opts gpu;
    int algo, backend;             /* backend 1: --backend gpu */
    bool json;
} best_opts;

static const char *const backends[] = { "cpu", "gpu", NULL };

/* The options, and the rules between them: the operand count, or a
 * cli_parse_options failure. */
static int read_options(int argc, char **argv, best_opts *b)
{
    *b = (best_opts){ .board = GOMOKU_BOARD_OPTS, .gpu = GOMOKU_GPU_OPTS };
    gomoku_search_defaults(&b->search);
    b->algo = b->search.opt.algo;
    const cli_option opts[] = {
        GOMOKU_OPT_BOARD(&b->board),
        GOMOKU_OPT_SEARCH(&b->search),
        GOMOKU_OPT_ENGINE(&b->search, &b->algo),
        CLI_OPT_FLAG("json", 0, &b->json),
        CLI_OPT_CHOICE("backend", &b->backend, backends),
        GOMOKU_OPT_GPU(&b->gpu),
        CLI_OPT_END,
    };
    const cli_command cmd = { "gomoku best", gomoku_usage_text, GOMOKU_OPTIONS };
    const int n = cli_parse_options(&cmd, argc, argv, opts);
    if (n < 0)
        return n;
    gomoku_gpu_finish(&b->gpu);
    if (b->backend == 1 && gomoku_gpu_rule(b->board.rule) < 0)
        return CLI_BAD;
    return gomoku_search_finish(&b->search, b->algo) < 0 ? CLI_BAD : n;
}

/* --backend gpu: the design's search of b (its figures in *st and
 * note); 0, or the exit status after an error line. */
static int search_gpu(const best_opts *o, const gm_board *b, gm_result *r, gmg_stats *st, char *note, size_t len)
{
    const gm_search_options *s = &o->search.opt;
    if (s->time_ms || s->threads > 1 || s->vcf || s->vct) {
        cli_error("--backend gpu searches a fixed --depth: --%s is the CPU's",
                  s->time_ms ? "time" : s->threads > 1 ? "threads" : s->vcf ? "vcf" : "vct");
        return EXIT_USAGE;
    }
    const int status = cli_gpu_check(o->gpu.g.executor != GMG_EXEC_CPU, false);
    if (status != 0)
        return status;
    gmg_searcher *g = gomoku_gpu_create(&o->gpu.g, s);
    const int rc = g ? gomoku_gpu_search(g, b, r, st) : -1;
    gmg_free(g);
    if (rc != 0)
        return EXIT_FAIL;
    snprintf(note, len, " [%s on the %s: %d launches, %ld jobs, kernel %.3f ms]", gmg_design_name(o->gpu.g.design),
             o->gpu.g.executor == GMG_EXEC_CPU ? "cpu executor" : "gpu", st->launches, st->jobs,
             st->kernel_us / 1000.0);
    return 0;
}

int gomoku_best_main(int argc, char **argv)
{
    best_opts o;
    const int n = read_options(argc, argv, &o);
    if (n < 0)
        return cli_parse_status(n);
    gm_board b;
    if (gomoku_board(&o.board, n, argv + 1, &b) != 0)
        return EXIT_FAIL;
    if (gm_game_over(&b)) {
        cli_error("the game is over: %s", b.winner >= 0 ? "a five is on the board" : "the board is full");
        return EXIT_FAIL;
    }
    gm_result r;
    gmg_stats st = { 0 };
    char err[256], move[16], score[32], gpu[128] = "";
    if (o.backend == 1) {
        const int rc = search_gpu(&o, &b, &r, &st, gpu, sizeof gpu);
        if (rc != 0)
            return rc;
    } else if (gm_search(&b, &o.search.opt, &r, err, sizeof err) != 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    gm_format_cell(&b, r.move, move, sizeof move);
    gm_format_score(r.score, score, sizeof score);
    if (o.json)
        printf("{\"move\":\"%s\",\"x\":%d,\"y\":%d,\"score\":%d,\"depth\":%d,\"nodes\":%llu,\"usec\":%.1f,\"vcf\":%s,"
               "\"vct\":%s,\"kernel_usec\":%.1f,\"launches\":%d}\n",
               move, r.move % b.width, r.move / b.width, r.score, r.depth, (unsigned long long)r.nodes, r.usec,
               r.vcf && !r.vct ? "true" : "false", r.vct ? "true" : "false", st.kernel_us, st.launches);
    else
        printf("best %s (%d,%d) score %s depth %d nodes %llu time %.3f ms%s%s\n", move, r.move % b.width,
               r.move / b.width, score, r.depth, (unsigned long long)r.nodes, r.usec / 1000.0,
               r.vct ? " (VCT)" : r.vcf ? " (VCF)" : "", gpu);
    return EXIT_OK;
}
