/* gts c4 bench (the columns of Table 1 of the CUDA report) and
 * gts bench --signature (a node count that changes only when search
 * behaviour does). */
#include <getopt.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "core/threads.h"
#include "reversi_cli.h"
#include "gts/c4_gpu.h"
#include "gts/gomoku_search.h"

const c4_set_name c4_set_names[] = {
    { "end-easy", "Test_L3_R1" },      { "middle-easy", "Test_L2_R1" }, { "middle-medium", "Test_L2_R2" },
    { "begin-easy", "Test_L1_R1" },    { "begin-medium", "Test_L1_R2" }, { "begin-hard", "Test_L1_R3" },
};
const int c4_nsets = sizeof c4_set_names / sizeof *c4_set_names;
#define NSETS ((size_t)c4_nsets)

int c4_find_set(const char *arg, const char *data_dir, char *path, size_t len, char *label, size_t llen)
{
    snprintf(label, llen, "%s", arg);
    if (access(arg, R_OK) == 0) {
        snprintf(path, len, "%s", arg);
        const char *base = strrchr(arg, '/');
        base = base ? base + 1 : arg;
        for (size_t i = 0; i < NSETS; i++)
            if (strcmp(base, c4_set_names[i].file) == 0)
                snprintf(label, llen, "%s", c4_set_names[i].name);
        return 0;
    }
    const char *file = arg;
    for (size_t i = 0; i < NSETS; i++)
        if (strcmp(arg, c4_set_names[i].name) == 0)
            file = c4_set_names[i].file;
    const char *dirs[] = { data_dir, getenv("GTS_DATA"), "../shared/data/connect4", "data/c4" };
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
        if (!dirs[i])
            continue;
        snprintf(path, len, "%s/%s", dirs[i], file);
        if (access(path, R_OK) == 0)
            return 0;
    }
    return -1;
}

int c4_load_set(const c4_geom *g, const char *path, long limit, set *s)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0, alloc = 0;
    s->n = 0;
    s->bad_lines = 0;
    s->p = NULL;
    while ((limit == 0 || s->n < limit) && getline(&line, &cap, f) != -1) {
        lineno++;
        c4_pos pos;
        char shown[128], err[256];
        bool has_expected = false;
        int expected = 0;
        const int k = cli_read_line(g, line, &pos, shown, &has_expected, &expected, err, sizeof err);
        if (k < 0) {
            fprintf(stderr, "gts: %s:%ld: %s\n", path, lineno, err);
            s->bad_lines++;
        }
        if (k <= 0)
            continue;
        if (s->n == alloc) {
            alloc = alloc ? 2 * alloc : 256;
            position *np = realloc(s->p, (size_t)alloc * sizeof *np);
            if (!np)
                break;
            s->p = np;
        }
        s->p[s->n] = (position){ .pos = pos, .expected = expected, .has_expected = has_expected };
        s->n++;
    }
    free(line);
    fclose(f);
    return 0;
}

typedef struct row {
    const char *set, *algo;
    int threads;
    long positions, correct, checked, skipped;
    double total_usec, kernel_usec;     /* kernel_usec < 0: no kernel */
    unsigned long long nodes, hits;
} row;

static void print_header(const c4_cli *c)
{
    if (c->json)
        return;
    if (c->csv) {
        printf("set,algo,threads,positions,AT_us,TT_us,ANE,TNE,NEMS,ATH,TTH,correct,KT_us\n");
        return;
    }
    printf("%-14s %-12s %3s %6s %12s %14s %12s %15s %8s %10s %13s %9s %12s\n", "set", "algo", "thr", "pos",
           "AT(us)", "TT(us)", "ANE", "TNE", "NEMS", "ATH", "TTH", "correct", "KT(us)");
}

static void print_row(const c4_cli *c, const row *r)
{
    const double n = r->positions ? (double)r->positions : 1;
    const double at = r->total_usec / n, ane = (double)r->nodes / n, ath = (double)r->hits / n;
    const double nems = r->total_usec > 0 ? (double)r->nodes / r->total_usec : 0;
    char kt[32] = "-";
    if (r->kernel_usec >= 0)
        snprintf(kt, sizeof kt, "%.0f", r->kernel_usec);
    if (c->json) {
        printf("{\"set\":");
        cli_json_string(stdout, r->set);
        printf(",\"algo\":\"%s\",\"threads\":%d,\"weak\":%s,\"positions\":%ld,\"AT\":%.3f,\"TT\":%.1f,\"ANE\":%.1f,"
               "\"TNE\":%llu,\"NEMS\":%.3f,\"ATH\":%.1f,\"TTH\":%llu,\"correct\":%ld,\"checked\":%ld",
               r->algo, r->threads, c->weak ? "true" : "false", r->positions, at, r->total_usec, ane, r->nodes, nems,
               ath, r->hits, r->correct, r->checked);
        if (r->kernel_usec >= 0)
            printf(",\"KT\":%.1f", r->kernel_usec);
        printf("}\n");
    } else if (c->csv) {
        printf("%s,%s,%d,%ld,%.3f,%.1f,%.1f,%llu,%.3f,%.1f,%llu,%ld/%ld,%s\n", r->set, r->algo, r->threads,
               r->positions, at, r->total_usec, ane, r->nodes, nems, ath, r->hits, r->correct, r->checked, kt);
    } else {
        char correct[32];
        snprintf(correct, sizeof correct, "%ld/%ld", r->correct, r->checked);
        printf("%-14s %-12s %3d %6ld %12.2f %14.0f %12.1f %15llu %8.2f %10.1f %13llu %9s %12s\n", r->set, r->algo,
               r->threads, r->positions, at, r->total_usec, ane, r->nodes, nems, ath, r->hits, correct, kt);
    }
    fflush(stdout);
}

/* One row's configuration: a CPU algorithm on one position at a time
 * (threads sharing it), the solver on a batch (each thread its own
 * positions: the best CPU use for many positions), or a GPU design. */
typedef enum { V_CPU, V_CPU_BATCH, V_GPU } variant_kind;

typedef struct variant {
    char name[24];
    variant_kind kind;
    c4_algo algo;
    int threads;
    c4_gpu_options gpu;
    bool per_position;      /* GPU: one launch per position, as the report */
} variant;

static void count_score(const c4_cli *c, const set *s, long i, int score, row *r)
{
    if (!s->p[i].has_expected)
        return;
    const int e = s->p[i].expected, want = c->weak ? (e > 0) - (e < 0) : e;
    r->checked++;
    if (score == want)
        r->correct++;
    else
        fprintf(stderr, "gts: %s position %ld: score %d, expected %d\n", s->label, i + 1, score, want);
}

/* Runs one set with one solver configuration; -1 if interrupted. */
static int run_cpu(const c4_cli *c, const set *s, c4_solver *solver, c4_algo algo, row *r)
{
    for (long i = 0; i < s->n; i++) {
        char err[256];
        if (!c4_algo_fits(algo, &c->g, &s->p[i].pos, err, sizeof err)) {
            fprintf(stderr, "gts: %s position %ld: %s\n", s->label, i + 1, err);
            r->skipped++;
            continue;
        }
        /* The clear is timed with the solve: on the easy sets it would
         * otherwise hide a large part of the cost of a position. */
        c4_result res;
        const double t0 = cli_now_usec();
        c4_solver_clear(solver);
        if (c4_solve(solver, &s->p[i].pos, c->weak, &res) != 0)
            return -1;
        r->positions++;
        r->total_usec += cli_now_usec() - t0;
        r->nodes += res.nodes;
        r->hits += res.tt_hits;
        count_score(c, s, i, res.score, r);
        cli_progress("%s %s x%d: %ld / %ld", s->label, r->algo, r->threads, i + 1, s->n);
    }
    return 0;
}

/* The batch on CPU threads: each takes the next position and solves it
 * alone with its own table. */
typedef struct batch_job {
    const c4_cli *c;
    const set *s;
    c4_solver **solvers;
    c4_result *res;
    atomic_long next;
    atomic_int failed;
} batch_job;

/* Thread `id`, with solver id. */
static void batch_thread(void *arg, int id)
{
    batch_job *job = arg;
    for (;;) {
        const long i = atomic_fetch_add(&job->next, 1);
        if (i >= job->s->n)
            break;
        c4_solver_clear(job->solvers[id]);
        if (c4_solve(job->solvers[id], &job->s->p[i].pos, job->c->weak, &job->res[i]) != 0) {
            atomic_store(&job->failed, 1);
            break;
        }
    }
}

static int run_cpu_batch(const c4_cli *c, const set *s, c4_solver **solvers, int threads, row *r)
{
    batch_job job = { .c = c, .s = s, .solvers = solvers };
    atomic_init(&job.next, 0);
    atomic_init(&job.failed, 0);
    job.res = calloc((size_t)s->n + 1, sizeof *job.res);
    if (!job.res) {
        cli_error("out of memory");
        return -1;
    }
    const double t0 = cli_now_usec();
    gts_run_threads(threads, batch_thread, &job);
    r->total_usec = cli_now_usec() - t0;
    const int failed = atomic_load(&job.failed);
    for (long i = 0; i < s->n && !failed; i++) {
        r->positions++;
        r->nodes += job.res[i].nodes;
        r->hits += job.res[i].tt_hits;
        count_score(c, s, i, job.res[i].score, r);
    }
    free(job.res);
    return failed ? -1 : 0;
}

static int run_gpu(const c4_cli *c, const set *s, c4_gpu *gpu, bool per_position, row *r)
{
    c4_pos *ps = malloc(((size_t)s->n + 1) * sizeof *ps);
    int *scores = malloc(((size_t)s->n + 1) * sizeof *scores);
    uint64_t *nodes = malloc(((size_t)s->n + 1) * sizeof *nodes);
    uint64_t *hits = malloc(((size_t)s->n + 1) * sizeof *hits);
    if (!ps || !scores || !nodes || !hits) {
        free(ps), free(scores), free(nodes), free(hits);
        cli_error("out of memory");
        return -1;
    }
    for (long i = 0; i < s->n; i++)
        ps[i] = s->p[i].pos;
    c4_gpu_stats st = { 0 };
    char err[256];
    int rc = 0;
    const long step = per_position ? 1 : s->n;
    for (long i = 0; i < s->n && rc == 0 && !cli_interrupted(); i += step) {
        rc = c4_gpu_solve(gpu, ps + i, (int)step, c->weak, scores + i, nodes + i, hits + i, &st, err, sizeof err);
        if (rc != 0 && !cli_interrupted())
            cli_error("%s: %s", s->label, err);
        cli_progress("%s %s: %ld / %ld", s->label, r->algo, i + step, s->n);
    }
    if (rc == 0 && !cli_interrupted()) {
        r->total_usec = st.total_us;
        r->kernel_usec = st.kernel_us;
        for (long i = 0; i < s->n; i++) {
            r->positions++;
            r->nodes += nodes[i];
            r->hits += hits[i];
            count_score(c, s, i, scores[i], r);
        }
    }
    free(ps), free(scores), free(nodes), free(hits);
    return rc == 0 && !cli_interrupted() ? 0 : -1;
}

/* Parses one --algo name into v (threads set by the caller). */
static int parse_variant(const char *name, const c4_cli *c, variant *v)
{
    memset(v, 0, sizeof *v);
    snprintf(v->name, sizeof v->name, "%s", name);
    if (c4_algo_parse(name, &v->algo) == 0) {
        v->kind = V_CPU;
        return 0;
    }
    if (strcmp(name, "solver-batch") == 0) {
        v->kind = V_CPU_BATCH;
        return 0;
    }
    v->kind = V_GPU;
    if (strcmp(name, "gpu") == 0) {
        v->gpu = c4_gpu_best_options();
        if (c->split_depth != -1)
            v->gpu.split_depth = c->split_depth == -2 ? -1 : c->split_depth;
        if (c->gpu_budget >= 0)
            v->gpu.node_limit = (uint64_t)c->gpu_budget;
        if (c->gpu_tt_bytes)
            v->gpu.tt_bytes = c->gpu_tt_bytes;
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
        if (table && c->gpu_tt_bytes)
            v->gpu.tt_bytes = c->gpu_tt_bytes;
        v->per_position = true;
    }
    v->gpu.cpu = c->gpu_on_cpu;
    v->gpu.stop = c->opt.stop;
    return 0;
}

/* The rows of Table 1 of the CUDA report, and gts's best on each side. */
static const char gpu_table_algos[] = "alphabeta,gpu-s1,gpu-s1-tt,gpu-s4,gpu-s4-tt,gpu,solver-batch";

int c4_bench_main(int argc, char **argv, const c4_cli *c)
{
    /* Thread counts (a comma list) apply to the solver rows; the plain
     * algorithms run on one thread, the GPU rows on the device. */
    int threads[16], nthreads = 0;
    char buf[256];
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (!c->thread_list)
        threads[nthreads++] = c->gpu ? (int)(cores > 0 ? cores : 1) : 1;
    snprintf(buf, sizeof buf, "%s", c->thread_list ? c->thread_list : "");
    for (char *save, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        long v;
        if (nthreads == 16 || cli_int(tok, 1, 1024, &v) != 0) {
            cli_error("bad --threads entry '%s' (1..1024)", tok);
            return EXIT_USAGE;
        }
        threads[nthreads++] = (int)v;
    }
    variant vars[64];
    int nvars = 0;
    snprintf(buf, sizeof buf, "%s", c->algo_list ? c->algo_list : c->gpu ? gpu_table_algos : "solver");
    for (char *save, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        variant v;
        if (parse_variant(tok, c, &v) != 0) {
            cli_error("unknown --algo '%s' (solver, alphabeta, minimax, solver-batch, gpu, gpu-sS, gpu-sS-tt)", tok);
            return EXIT_USAGE;
        }
        const bool threaded = v.kind == V_CPU_BATCH || (v.kind == V_CPU && v.algo == C4_ALGO_SOLVER);
        const int copies = v.kind == V_GPU ? 1 : threaded ? nthreads : 1;
        for (int t = 0; t < copies && nvars < 64; t++) {
            v.threads = v.kind == V_GPU ? (c->gpu_on_cpu ? threads[0] : 0) : threaded ? threads[t] : 1;
            v.gpu.cpu_threads = threads[0];
            vars[nvars++] = v;
        }
    }

    const int nsets = argc > 0 ? argc : c4_nsets;
    set *list = calloc((size_t)nsets, sizeof *list);
    int loaded = 0, status = EXIT_OK;
    for (int i = 0; i < nsets; i++) {
        const char *arg = argc > 0 ? argv[i] : c4_set_names[i].name;
        char path[4096];
        set *s = &list[loaded];
        if (c4_find_set(arg, c->data_dir, path, sizeof path, s->label, sizeof s->label) != 0 ||
            c4_load_set(&c->g, path, c->limit, s) != 0) {
            cli_error("cannot find set '%s' (a file, or a set name: end-easy ... begin-hard)", arg);
            status = EXIT_FAIL;
            continue;
        }
        if (s->bad_lines)
            status = EXIT_FAIL;     /* the rows still run, without those lines */
        loaded++;
    }

    print_header(c);
    cli_stop_on_interrupt(c->opt.stop);
    for (int k = 0; k < nvars && !cli_interrupted(); k++) {
        const variant *v = &vars[k];
        char err[256];
        c4_solver **solvers = NULL;
        c4_gpu *gpu = NULL;
        int nsolvers = 0;
        if (v->kind == V_GPU) {
            gpu = c4_gpu_create(&c->g, &v->gpu, err, sizeof err);
        } else {
            c4_options opt = c->opt;
            opt.algo = v->algo;
            opt.threads = v->kind == V_CPU ? v->threads : 1;
            nsolvers = v->kind == V_CPU ? 1 : v->threads;
            solvers = calloc((size_t)nsolvers, sizeof *solvers);
            for (int i = 0; solvers && i < nsolvers; i++)
                if (!(solvers[i] = c4_solver_create(&c->g, &opt, err, sizeof err)))
                    break;
            if (!solvers)
                snprintf(err, sizeof err, "out of memory");
        }
        if (!gpu && (!solvers || !solvers[nsolvers - 1])) {
            cli_error("%s: %s", v->name, err);
            status = v->kind == V_GPU ? EXIT_FAIL : EXIT_USAGE;
        } else {
            for (int i = 0; i < loaded && !cli_interrupted(); i++) {
                row r = { .set = list[i].label, .algo = v->name, .threads = v->threads, .kernel_usec = -1 };
                int rc;
                if (v->kind == V_CPU)
                    rc = run_cpu(c, &list[i], solvers[0], v->algo, &r);
                else if (v->kind == V_CPU_BATCH)
                    rc = run_cpu_batch(c, &list[i], solvers, v->threads, &r);
                else
                    rc = run_gpu(c, &list[i], gpu, v->per_position, &r);
                cli_progress_done();
                if (rc == 0 || r.positions > 0)
                    print_row(c, &r);
                if (rc != 0 && !cli_interrupted())
                    status = EXIT_FAIL;
                if (r.correct != r.checked || r.skipped)
                    status = EXIT_FAIL;
            }
        }
        for (int i = 0; solvers && i < nsolvers; i++)
            c4_solver_free(solvers[i]);
        free(solvers);
        c4_gpu_free(gpu);
    }
    for (int i = 0; i < loaded; i++)
        free(list[i].p);
    free(list);
    if (cli_interrupted()) {
        cli_error("interrupted (rows printed so far are complete up to the positions they count)");
        return EXIT_INTERRUPTED;
    }
    return status;
}

/* The signature positions: a few from the standard sets, about 170,000
 * nodes together, so that most changes to the search show. */
static const char *const signature_positions[] = {
    "2252576253462244111563365343671351441",    /* End-Easy */
    "7422341735647741166133573473242566",
    "37313333717124171162542",                  /* Middle-Easy */
    "2531276566711153",                         /* Middle-Medium */
    "6614446666373154",
    "32164625",                                 /* Begin-Easy */
    "17516442226766",
    "5654767662",
};

/* Gomoku positions (15x15, freestyle, cells within 2 of a stone) searched
 * serially to depth 4 with PVS: the Gomoku search's part of the signature. */
static const char *const gomoku_signature_positions[] = {
    "h8",
    "h8 i9 h9 h10 g7",
    "h8 i9 i8 g8 h7 h9 j9 g6 g7 f7 k10",
};

static int gomoku_signature(unsigned long long *nodes, double *usec)
{
    gm_search_options o;
    gm_search_defaults(&o);
    o.depth = 4;
    o.tt_bytes = (size_t)16 << 20;
    char err[256];
    for (size_t i = 0; i < sizeof gomoku_signature_positions / sizeof *gomoku_signature_positions; i++) {
        gm_board b;
        gm_result r;
        if (gm_init(&b, 15, 15, GM_FREESTYLE, 2, err, sizeof err) != 0 ||
            gm_parse_moves(&b, gomoku_signature_positions[i], err, sizeof err) != 0 ||
            gm_search(&b, &o, &r, err, sizeof err) != 0) {
            cli_error("gomoku signature position %zu: %s", i + 1, err);
            return -1;
        }
        *nodes += r.nodes;
        *usec += r.usec;
    }
    return 0;
}

int signature_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    c4_options opt = c4_default_options();
    opt.tt_bytes = (size_t)16 << 20;
    char err[256];
    c4_solver *s = c4_solver_create(&c4_standard, &opt, err, sizeof err);
    if (!s) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    unsigned long long nodes = 0;
    double usec = 0;
    for (size_t i = 0; i < sizeof signature_positions / sizeof *signature_positions; i++) {
        c4_pos p;
        c4_result r;
        if (c4_parse(&c4_standard, &p, signature_positions[i], err, sizeof err) != 0) {
            cli_error("signature position %zu: %s", i + 1, err);
            c4_solver_free(s);
            return EXIT_FAIL;
        }
        c4_solver_clear(s);
        c4_solve(s, &p, false, &r);
        nodes += r.nodes;
        usec += r.usec;
    }
    c4_solver_free(s);
    if (gomoku_signature(&nodes, &usec) != 0 || reversi_signature(&nodes, &usec) != 0)
        return EXIT_FAIL;
    printf("signature: %llu nodes\n", nodes);
    fprintf(stderr, "%.0f ms, %.1f M nodes/s\n", usec / 1000, usec > 0 ? (double)nodes / usec : 0);
    return EXIT_OK;
}
