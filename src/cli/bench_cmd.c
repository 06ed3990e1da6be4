/* gts c4 bench (the columns of Table 1 of the CUDA report) and
 * gts bench --signature (a node count that changes only when search
 * behaviour does). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* The standard sets by their usual names. */
static const struct {
    const char *name, *file;
} sets[] = {
    { "end-easy", "Test_L3_R1" },      { "middle-easy", "Test_L2_R1" }, { "middle-medium", "Test_L2_R2" },
    { "begin-easy", "Test_L1_R1" },    { "begin-medium", "Test_L1_R2" }, { "begin-hard", "Test_L1_R3" },
};
#define NSETS (sizeof sets / sizeof *sets)

typedef struct position {
    c4_pos pos;
    int expected;
    bool has_expected;
} position;

typedef struct set {
    char label[64];
    position *p;
    long n;
} set;

/* Finds a set: a file path as given, or a set name or file name looked up
 * in --data, $GTS_DATA, ../shared/data/connect4 and data/c4 in turn. */
static int find_set(const char *arg, const char *data_dir, char *path, size_t len, char *label, size_t llen)
{
    snprintf(label, llen, "%s", arg);
    if (access(arg, R_OK) == 0) {
        snprintf(path, len, "%s", arg);
        const char *base = strrchr(arg, '/');
        base = base ? base + 1 : arg;
        for (size_t i = 0; i < NSETS; i++)
            if (strcmp(base, sets[i].file) == 0)
                snprintf(label, llen, "%s", sets[i].name);
        return 0;
    }
    const char *file = arg;
    for (size_t i = 0; i < NSETS; i++)
        if (strcmp(arg, sets[i].name) == 0)
            file = sets[i].file;
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

/* Reads a set; bad lines are reported and skipped. */
static int load_set(const c4_geom *g, const char *path, long limit, set *s)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0, alloc = 0;
    s->n = 0;
    s->p = NULL;
    while ((limit == 0 || s->n < limit) && getline(&line, &cap, f) != -1) {
        lineno++;
        c4_pos pos;
        char shown[128], err[256];
        bool has_expected = false;
        int expected = 0;
        const int k = cli_read_line(g, line, &pos, shown, &has_expected, &expected, err, sizeof err);
        if (k < 0)
            fprintf(stderr, "gts: %s:%ld: %s\n", path, lineno, err);
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
    double total_usec;
    unsigned long long nodes, hits;
} row;

static void print_header(const c4_cli *c)
{
    if (c->json)
        return;
    if (c->csv) {
        printf("set,algo,threads,positions,AT_us,TT_us,ANE,TNE,NEMS,ATH,TTH,correct\n");
        return;
    }
    printf("%-14s %-9s %3s %6s %12s %14s %12s %15s %8s %10s %13s %9s\n", "set", "algo", "thr", "pos", "AT(us)",
           "TT(us)", "ANE", "TNE", "NEMS", "ATH", "TTH", "correct");
}

static void print_row(const c4_cli *c, const row *r)
{
    const double n = r->positions ? (double)r->positions : 1;
    const double at = r->total_usec / n, ane = (double)r->nodes / n, ath = (double)r->hits / n;
    const double nems = r->total_usec > 0 ? (double)r->nodes / r->total_usec : 0;
    if (c->json) {
        printf("{\"set\":");
        cli_json_string(stdout, r->set);
        printf(",\"algo\":\"%s\",\"threads\":%d,\"weak\":%s,\"positions\":%ld,\"AT\":%.3f,\"TT\":%.1f,\"ANE\":%.1f,"
               "\"TNE\":%llu,\"NEMS\":%.3f,\"ATH\":%.1f,\"TTH\":%llu,\"correct\":%ld,\"checked\":%ld}\n",
               r->algo, r->threads, c->weak ? "true" : "false", r->positions, at, r->total_usec, ane, r->nodes, nems,
               ath, r->hits, r->correct, r->checked);
    } else if (c->csv) {
        printf("%s,%s,%d,%ld,%.3f,%.1f,%.1f,%llu,%.3f,%.1f,%llu,%ld/%ld\n", r->set, r->algo, r->threads, r->positions,
               at, r->total_usec, ane, r->nodes, nems, ath, r->hits, r->correct, r->checked);
    } else {
        char correct[32];
        snprintf(correct, sizeof correct, "%ld/%ld", r->correct, r->checked);
        printf("%-14s %-9s %3d %6ld %12.2f %14.0f %12.1f %15llu %8.2f %10.1f %13llu %9s\n", r->set, r->algo,
               r->threads, r->positions, at, r->total_usec, ane, r->nodes, nems, ath, r->hits, correct);
    }
    fflush(stdout);
}

/* Runs one set with one solver configuration; -1 if interrupted. */
static int run_set(const c4_cli *c, const set *s, c4_solver *solver, c4_algo algo, row *r)
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
        if (s->p[i].has_expected) {
            const int e = s->p[i].expected, want = c->weak ? (e > 0) - (e < 0) : e;
            r->checked++;
            if (res.score == want)
                r->correct++;
            else
                fprintf(stderr, "gts: %s position %ld: score %d, expected %d\n", s->label, i + 1, res.score, want);
        }
        cli_progress("%s %s x%d: %ld / %ld", s->label, r->algo, r->threads, i + 1, s->n);
    }
    return 0;
}

int c4_bench_main(int argc, char **argv, const c4_cli *c)
{
    /* Algorithms and thread counts: comma lists. */
    c4_algo algos[8];
    int nalgos = 0, threads[16], nthreads = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", c->algo_list ? c->algo_list : "solver");
    for (char *save, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (nalgos == 8 || c4_algo_parse(tok, &algos[nalgos]) != 0) {
            cli_error("unknown --algo '%s' (solver, alphabeta, minimax)", tok);
            return EXIT_USAGE;
        }
        nalgos++;
    }
    snprintf(buf, sizeof buf, "%s", c->thread_list ? c->thread_list : "1");
    for (char *save, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        long v;
        if (nthreads == 16 || cli_int(tok, 1, 1024, &v) != 0) {
            cli_error("bad --threads entry '%s' (1..1024)", tok);
            return EXIT_USAGE;
        }
        threads[nthreads++] = (int)v;
    }

    const int nsets = argc > 0 ? argc : (int)NSETS;
    set *list = calloc((size_t)nsets, sizeof *list);
    int loaded = 0, status = EXIT_OK;
    for (int i = 0; i < nsets; i++) {
        const char *arg = argc > 0 ? argv[i] : sets[i].name;
        char path[4096];
        set *s = &list[loaded];
        if (find_set(arg, c->data_dir, path, sizeof path, s->label, sizeof s->label) != 0 ||
            load_set(&c->g, path, c->limit, s) != 0) {
            cli_error("cannot find set '%s' (a file, or a set name: end-easy ... begin-hard)", arg);
            status = EXIT_FAIL;
            continue;
        }
        loaded++;
    }

    print_header(c);
    for (int a = 0; a < nalgos && !cli_interrupted(); a++) {
        for (int t = 0; t < nthreads && !cli_interrupted(); t++) {
            c4_options opt = c->opt;
            opt.algo = algos[a];
            opt.threads = threads[t];
            char err[256];
            c4_solver *solver = c4_solver_create(&c->g, &opt, err, sizeof err);
            if (!solver) {
                cli_error("%s", err);
                status = EXIT_USAGE;
                continue;
            }
            cli_watch_interrupts(solver);
            for (int i = 0; i < loaded && !cli_interrupted(); i++) {
                row r = { .set = list[i].label, .algo = c4_algo_name(algos[a]), .threads = threads[t] };
                const int rc = run_set(c, &list[i], solver, algos[a], &r);
                cli_progress_done();
                if (rc == 0 || r.positions > 0)
                    print_row(c, &r);
                if (r.correct != r.checked || r.skipped)
                    status = EXIT_FAIL;
            }
            cli_watch_interrupts(NULL);
            c4_solver_free(solver);
        }
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
    printf("signature: %llu nodes\n", nodes);
    fprintf(stderr, "%.0f ms, %.1f M nodes/s\n", usec / 1000, usec > 0 ? (double)nodes / usec : 0);
    return EXIT_OK;
}
