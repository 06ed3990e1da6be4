/* gts c4 bench: the columns of Table 1 of the CUDA report per set,
 * algorithm and thread count, each row run by the library's bench
 * (gts/c4_bench.h) and printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/c4/c4_cli.h"
#include "cli/cli.h"
#include "cli/cli_options.h"
#include "core/clock.h"
#include "report/csv.h"
#include "report/plot.h"
#include "core/list.h"
#include "gts/c4_bench.h"

/* --threads: at most this many thread counts. */
#define C4_BENCH_MAX_THREADS 16

/* bench's options. */
typedef struct c4_bench_args {
    c4_geom g;
    c4_options opt;             /* --tt-mb; opt.book: --book once loaded; opt.stop: &stop */
    gts_stop stop;              /* raised by Ctrl-C (cli_stop_on_interrupt) */
    bool weak, json, csv;
    const char *book, *plot, *data_dir;
    const char *algos;          /* --algo's comma list, or NULL */
    long limit;                 /* --limit (0: all) */
    int threads[C4_BENCH_MAX_THREADS], nthreads;   /* --threads' list (none given: 0) */
    c4_gpu_flags gpu;           /* --gpu: the rows of Table 1 of the CUDA report */
} c4_bench_args;

/* The most rows a bench runs per set. */
#define MAX_VARIANTS 64

static void print_csv_header(FILE *f)
{
    cli_csv_machine(f);
    fprintf(f, "set,algo,threads,positions,AT_us,TT_us,ANE,TNE,NEMS,ATH,TTH,correct,KT_us\n");
}

/* The table's header, unless JSON; and the CSV header of --plot's rows. */
static void print_header(const c4_bench_args *c, FILE *plot)
{
    if (plot)
        print_csv_header(plot);
    if (c->json)
        return;
    if (c->csv) {
        print_csv_header(stdout);
        return;
    }
    printf("%-14s %-12s %3s %6s %12s %14s %12s %15s %8s %10s %13s %9s %12s\n", "set", "algo", "thr", "pos",
           "AT(us)", "TT(us)", "ANE", "TNE", "NEMS", "ATH", "TTH", "correct", "KT(us)");
}

/* The row's mean time, nodes and hits per position, and nodes per us. */
typedef struct row_means {
    double at, ane, ath, nems;
} row_means;

static row_means means(const c4_bench_row *r)
{
    const double n = r->positions ? (double)r->positions : 1;
    return (row_means){ r->total_usec / n, (double)r->nodes / n, (double)r->hits / n,
                        r->total_usec > 0 ? (double)r->nodes / r->total_usec : 0 };
}

static void print_csv_row(FILE *f, const c4_bench_row *r, const char *kt)
{
    const row_means m = means(r);
    csv_field(f, r->set);
    fputc(',', f);
    csv_field(f, r->algo);
    fprintf(f, ",%d,%ld,%.3f,%.1f,%.1f,%llu,%.3f,%.1f,%llu,%ld/%ld,%s\n", r->threads, r->positions, m.at,
            r->total_usec, m.ane, r->nodes, m.nems, m.ath, r->hits, r->correct, r->checked, kt);
}

/* A row on stdout, and as CSV into plot (if not NULL). */
static void print_row(const c4_bench_args *c, const c4_bench_row *r, FILE *plot)
{
    const row_means m = means(r);
    char kt[32] = "-";
    if (r->kernel_usec >= 0)
        snprintf(kt, sizeof kt, "%.0f", r->kernel_usec);
    if (plot)
        print_csv_row(plot, r, kt);
    if (c->json) {
        printf("{\"set\":");
        cli_json_string(stdout, r->set);
        printf(",\"algo\":\"%s\",\"threads\":%d,\"weak\":%s,\"positions\":%ld,\"AT\":%.3f,\"TT\":%.1f,\"ANE\":%.1f,"
               "\"TNE\":%llu,\"NEMS\":%.3f,\"ATH\":%.1f,\"TTH\":%llu,\"correct\":%ld,\"checked\":%ld",
               r->algo, r->threads, c->weak ? "true" : "false", r->positions, m.at, r->total_usec, m.ane, r->nodes,
               m.nems, m.ath, r->hits, r->correct, r->checked);
        if (r->kernel_usec >= 0)
            printf(",\"KT\":%.1f", r->kernel_usec);
        printf("}\n");
    } else if (c->csv) {
        print_csv_row(stdout, r, kt);
    } else {
        char correct[32];
        snprintf(correct, sizeof correct, "%ld/%ld", r->correct, r->checked);
        printf("%-14s %-12s %3d %6ld %12.2f %14.0f %12.1f %15llu %8.2f %10.1f %13llu %9s %12s\n", r->set, r->algo,
               r->threads, r->positions, m.at, r->total_usec, m.ane, r->nodes, m.nems, m.ath, r->hits, correct, kt);
    }
    fflush(stdout);
}

/* --plot's picture: with a --threads list the speed-up of each set and
 * algorithm over its fewest threads, else bars of the mean time per
 * position, a colour per algorithm (the CUDA report's Table 1). */
static plot_spec bench_plot(const c4_bench_args *c)
{
    if (c->nthreads > 1)
        return (plot_spec){ .x = "threads", .y = "AT_us", .series = "set,algo", .over = "first",
                                .style = PLOT_THREADS, .title = "Connect 4: speed-up over the fewest threads",
                                .ylabel = "speed-up (mean time per position)" };
    return (plot_spec){ .x = "set", .y = "AT_us", .series = "algo", .style = PLOT_BARS, .logy = true,
                            .title = "Connect 4: mean time per position", .ylabel = "AT (us, log scale)" };
}

/* Parses one --algo name into v (threads set by the caller). */
static int parse_variant(const char *name, const c4_bench_args *c, c4_bench_variant *v)
{
    memset(v, 0, sizeof *v);
    snprintf(v->name, sizeof v->name, "%s", name);
    if (c4_algo_parse(name, &v->algo) == 0) {
        v->kind = C4_BENCH_CPU;
        return 0;
    }
    if (strcmp(name, "solver-batch") == 0) {
        v->kind = C4_BENCH_CPU_BATCH;
        return 0;
    }
    v->kind = C4_BENCH_GPU;
    if (strcmp(name, "gpu") == 0) {
        v->gpu = c4_cli_gpu_options(&c->gpu, c->opt.threads, c->opt.stop);
    } else {
        /* gpu-sS or gpu-sS-tt: the report's design at split depth S. */
        int depth, end = 0;
        char tt[4] = "";
        if (sscanf(name, "gpu-s%d%n-%3s", &depth, &end, tt) < 1 || depth < 0 || depth > 8)
            return -1;
        const bool table = strcmp(name + end, "-tt") == 0;
        if (!table && name[end])
            return -1;
        v->gpu = c4_gpu_report_options(depth, table);
        if (table && c->gpu.tt_bytes)
            v->gpu.tt_bytes = c->gpu.tt_bytes;
        v->per_position = true;
        v->gpu.cpu = c->gpu.executor == 1;
        v->gpu.stop = c->opt.stop;
    }
    v->gpu.cpu_threads = c->threads[0];
    return 0;
}

/* The rows of Table 1 of the CUDA report, and gts's best on each side. */
static const char gpu_table_algos[] = "alphabeta,gpu-s1,gpu-s1-tt,gpu-s4,gpu-s4-tt,gpu,solver-batch";

typedef struct variant_list {
    const c4_bench_args *c;
    c4_bench_variant v[MAX_VARIANTS];
    int n;
} variant_list;

/* One --algo item: a row, or for the threaded ones a row per thread count
 * (the plain algorithms run on one thread, the GPU rows on the device). */
static int add_variant(void *ctx, const char *name, char *err, size_t errlen)
{
    variant_list *l = ctx;
    const c4_bench_args *c = l->c;
    c4_bench_variant v;
    if (parse_variant(name, c, &v) != 0) {
        snprintf(err, errlen, "'%s' is not one of solver, alphabeta, minimax, solver-batch, gpu, gpu-sS, gpu-sS-tt",
                 name);
        return -1;
    }
    const bool threaded =
        v.kind == C4_BENCH_CPU_BATCH || (v.kind == C4_BENCH_CPU && v.algo == C4_ALGO_SOLVER);
    const int copies = threaded ? c->nthreads : 1;
    for (int t = 0; t < copies; t++) {
        if (l->n == MAX_VARIANTS) {
            snprintf(err, errlen, "more than %d rows per set", MAX_VARIANTS);
            return -1;
        }
        v.threads = v.kind == C4_BENCH_GPU ? (c->gpu.executor == 1 ? c->threads[0] : 0) : threaded ? c->threads[t] : 1;
        l->v[l->n++] = v;
    }
    return 0;
}

/* The rows of --algo and --threads; -1 after an error line. */
static int read_variants(c4_bench_args *c, variant_list *l)
{
    if (c->nthreads == 0) {
        c->threads[c->nthreads++] = c->gpu.gpu ? cli_cpus() : 1;
    }
    const char *algos = c->algos ? c->algos : c->gpu.gpu ? gpu_table_algos : "solver";
    l->c = c;
    l->n = 0;
    char err[256];
    if (gts_each_item(algos, add_variant, l, err, sizeof err) < 0) {
        cli_error("bad --algo '%s': %s", algos, err);
        return -1;
    }
    return 0;
}

/* The GPU rows' options, and the device they need: EXIT_USAGE or
 * EXIT_FAIL after an error line, before any row runs. */
static int check_gpu_rows(const c4_bench_args *c, const variant_list *l)
{
    char err[256];
    bool device = false;
    for (int i = 0; i < l->n; i++) {
        if (l->v[i].kind != C4_BENCH_GPU)
            continue;
        if (c4_gpu_check_options(&c->g, &l->v[i].gpu, err, sizeof err) != 0) {
            cli_error("%s: %s", l->v[i].name, err);
            return EXIT_USAGE;
        }
        device |= !l->v[i].gpu.cpu;
    }
    return cli_gpu_check(device, false);
}

/* What a row's run tells (c4_bench_hooks), on stderr. */
typedef struct row_run {
    const c4_bench_row *r;
    bool gpu;
} row_run;

static void on_wrong(void *ctx, long i, int score, int want)
{
    fprintf(stderr, "gts: %s position %ld: score %d, expected %d\n", ((row_run *)ctx)->r->set, i + 1, score, want);
}

static void on_unfit(void *ctx, long i, const char *why)
{
    fprintf(stderr, "gts: %s position %ld: %s\n", ((row_run *)ctx)->r->set, i + 1, why);
}

static void on_progress(void *ctx, long done, long n)
{
    const row_run *run = ctx;
    const c4_bench_row *r = run->r;
    if (run->gpu)
        cli_progress("%s %s: %ld / %ld", r->set, r->algo, done, n);
    else
        cli_progress("%s %s x%d: %ld / %ld", r->set, r->algo, r->threads, done, n);
}

/* Every set with one configuration, a row each; the exit status of those
 * rows (EXIT_OK, EXIT_FAIL, or EXIT_USAGE if the configuration cannot be
 * made). */
static int run_variant(const c4_bench_args *c, const c4_bench_variant *v, const c4_set *sets, int nsets, FILE *plot)
{
    char err[256];
    c4_bench_engine e;
    if (c4_bench_engine_create(&c->g, &c->opt, v, &e, err, sizeof err) != 0) {
        cli_error("%s: %s", v->name, err);
        return v->kind == C4_BENCH_GPU ? EXIT_FAIL : EXIT_USAGE;
    }
    int status = EXIT_OK;
    for (int i = 0; i < nsets && !cli_interrupted(); i++) {
        c4_bench_row r = { .set = sets[i].label, .algo = v->name, .threads = v->threads, .kernel_usec = -1 };
        row_run run = { &r, v->kind == C4_BENCH_GPU };
        const c4_bench_hooks hooks = { on_wrong, on_unfit, on_progress, &run };
        const double t0 = gts_now_usec();
        const int rc = c4_bench_run(&e, v, &c->g, c->weak, sets[i].p, sets[i].n, &hooks, &r, err, sizeof err);
        if (rc != 0 && err[0] && !cli_interrupted())
            cli_error("%s: %s", sets[i].label, err);
        cli_progress_done();
        if (rc == 0 || r.positions > 0)
            print_row(c, &r, plot);
        if (rc == 0)
            cli_row_done("%s %s x%d: %ld positions in %.1f s", r.set, r.algo, r.threads, r.positions,
                         (gts_now_usec() - t0) / 1e6);
        if ((rc != 0 && !cli_interrupted()) || r.correct != r.checked || r.skipped)
            status = EXIT_FAIL;
    }
    c4_bench_engine_free(&e);
    return status;
}

/* --threads: a list ("1,2,4", "1-8") into the args' threads. */
static int parse_thread_list(void *args, const char *text, char *err, size_t errlen)
{
    c4_bench_args *c = args;
    const int n = gts_int_list(text, 1, 1024, c->threads, C4_BENCH_MAX_THREADS, err, errlen);
    if (n < 0)
        return -1;
    c->nthreads = n;
    return 0;
}

/* bench's options into c; the operand count, or a cli_parse_options
 * failure. */
static int read_options(int argc, char **argv, c4_bench_args *c)
{
    c4_size size = C4_SIZE_INIT;
    const cli_option opts[] = {
        C4_OPT_SIZE(&size),
        CLI_OPT_FLAG("weak", 'w', &c->weak),
        CLI_OPT_STRING("algo", 0, &c->algos),
        CLI_OPT_CUSTOM("threads", c, parse_thread_list, NULL),
        C4_OPT_TT(&c->opt, NULL),
        CLI_OPT_STRING("book", 0, &c->book),
        CLI_OPT_FLAG("json", 0, &c->json),
        CLI_OPT_FLAG("csv", 0, &c->csv),
        CLI_OPT_STRING("plot", 0, &c->plot),
        CLI_OPT_LONG("limit", 0, &c->limit, 1, 1L << 40),
        CLI_OPT_STRING("data", 0, &c->data_dir),
        C4_OPT_GPU(&c->gpu),
        C4_OPT_GPU_TUNING(&c->gpu),
        CLI_OPT_END,
    };
    return c4_parse_options("bench", argc, argv, opts, &size, &c->g);
}

int c4_bench_main(int argc, char **argv)
{
    c4_bench_args args = { .opt = c4_default_options(), .gpu = C4_GPU_FLAGS_INIT };
    c4_bench_args *c = &args;
    c->opt.stop = &c->stop;
    const int n = read_options(argc, argv, c);
    if (n < 0)
        return cli_parse_status(n);
    argc = n, argv++;
    const char *data_dir;
    if (cli_data_override(c->data_dir, &data_dir) != 0)
        return EXIT_USAGE;
    c4_book *book;
    if (c4_load_book(c->book, &c->g, &c->opt, &book) != 0)
        return EXIT_USAGE;
    variant_list rows;
    plot_rows plot;
    c4_set *sets = calloc((size_t)(argc > 0 ? argc : c4_nsets), sizeof *sets);
    int status = !sets ? EXIT_FAIL : read_variants(c, &rows) != 0 ? EXIT_USAGE : check_gpu_rows(c, &rows);
    if (status == EXIT_OK)
        status = plot_rows_open(&plot, c->plot);
    if (status != EXIT_OK) {
        if (!sets)
            cli_error("out of memory");
        free(sets);
        c4_book_free(book);
        return status;
    }
    const int nsets = c4_load_sets(&c->g, c->limit, data_dir, argc, argv, sets, &status);
    print_header(c, plot.f);
    cli_stop_on_interrupt(c->opt.stop);
    for (int k = 0; k < rows.n && !cli_interrupted(); k++) {
        const int rc = run_variant(c, &rows.v[k], sets, nsets, plot.f);
        if (rc != EXIT_OK)
            status = rc;
    }
    for (int i = 0; i < nsets; i++)
        free(sets[i].p);
    free(sets);
    c4_book_free(book);
    const plot_spec spec = bench_plot(c);
    const int drawn = plot_rows_draw(&plot, &spec, "the bench's rows", c->plot);
    if (cli_interrupted()) {
        cli_error("interrupted (rows printed so far are complete up to the positions they count)");
        return EXIT_INTERRUPTED;
    }
    return status != EXIT_OK ? status : drawn;
}
