/* The MPI task farm of batch commands (cli_farm.h). */
#include "cli_farm.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef GTS_MPI
#include <mpi.h>

enum { TAG_TASK = 1, TAG_STOP = 2, TAG_RESULT = 3 };

/* One input line and, once solved, what it printed. */
typedef struct farm_line {
    char *where, *line, *out, *err;
    long lineno, hardness;
    size_t out_len, err_len;
    solve_totals t;
    bool done;
} farm_line;

typedef struct farm {
    const cli_farm_ops *ops;
    void *ctx;
    farm_line *lines;
    long n, cap;
    FILE *checkpoint;       /* --checkpoint: each finished line appended, or NULL */
} farm;

/*
 * --checkpoint FILE: each finished line as a record, "R index positions
 * mismatches bad_lines nodes usec out_len err_len fingerprint\n" then its output and
 * its errors, flushed at once.  A run started again with the file prints
 * those lines from it and solves only the others.  The fingerprint (FNV-1a
 * of the file name, line number and line) ties a record to its input line;
 * a record cut short by a kill is dropped and the file cut back to the
 * records before it.
 */
static unsigned long long fingerprint(const farm_line *l)
{
    unsigned long long h = 1469598103934665603ULL;
    char number[32];
    snprintf(number, sizeof number, ":%ld:", l->lineno);
    for (const char *parts[3] = { l->where, number, l->line }, **p = parts; p < parts + 3; p++)
        for (const char *c = *p; *c; c++)
            h = (h ^ (unsigned char)*c) * 1099511628211ULL;
    return h;
}

static void checkpoint_append(farm *f, long i)
{
    const farm_line *l = &f->lines[i];
    if (!f->checkpoint)
        return;
    fprintf(f->checkpoint, "R %ld %ld %ld %ld %llu %.17g %zu %zu %llu\n", i, l->t.positions, l->t.mismatches,
            l->t.bad_lines, l->t.nodes, l->t.usec, l->out_len, l->err_len, fingerprint(l));
    fwrite(l->out, 1, l->out_len, f->checkpoint);
    fwrite(l->err, 1, l->err_len, f->checkpoint);
    fflush(f->checkpoint);
}

/* Reads one record into its line; false at the end or on a cut record. */
static bool read_record(farm *f, FILE *in, char *why, size_t whylen)
{
    long i;
    solve_totals t;
    size_t out_len, err_len;
    unsigned long long print;
    if (fscanf(in, "R %ld %ld %ld %ld %llu %lg %zu %zu %llu", &i, &t.positions, &t.mismatches, &t.bad_lines,
               &t.nodes, &t.usec, &out_len, &err_len, &print) != 9 || fgetc(in) != '\n')
        return false;
    char *out = malloc(out_len + 1), *err = malloc(err_len + 1);
    if (!out || !err || fread(out, 1, out_len, in) != out_len || fread(err, 1, err_len, in) != err_len) {
        free(out);
        free(err);
        return false;
    }
    if (i < 0 || i >= f->n || fingerprint(&f->lines[i]) != print) {
        snprintf(why, whylen, "its record of line %ld is not of this input", i + 1);
        free(out);
        free(err);
        return false;
    }
    farm_line *l = &f->lines[i];
    free(l->out);
    free(l->err);
    *l = (farm_line){ .where = l->where, .line = l->line, .lineno = l->lineno, .hardness = l->hardness,
                      .out = out, .err = err, .out_len = out_len, .err_len = err_len, .t = t, .done = true };
    return true;
}

/* Opens path for the run: its records loaded, then kept for appending.
 * -1 after an error line. */
static int checkpoint_open(farm *f, const char *path)
{
    FILE *in = fopen(path, "rb");
    long good = 0;
    char why[160] = "";
    if (in) {
        while (read_record(f, in, why, sizeof why))
            good = ftell(in);
        fclose(in);
        if (why[0]) {
            cli_error("--checkpoint %s: %s (another input's checkpoint?)", path, why);
            return -1;
        }
    }
    f->checkpoint = fopen(path, in ? "r+b" : "wb");
    if (!f->checkpoint || ftruncate(fileno(f->checkpoint), good) != 0 || fseek(f->checkpoint, good, SEEK_SET) != 0) {
        cli_error("--checkpoint %s: cannot write it", path);
        return -1;
    }
    return 0;
}

static int collect(void *ctx, const char *file, long lineno, const char *line)
{
    farm *f = ctx;
    if (f->n == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 1024;
        farm_line *grown = realloc(f->lines, (size_t)f->cap * sizeof *grown);
        if (!grown)
            return -1;
        f->lines = grown;
    }
    farm_line *l = &f->lines[f->n++];
    *l = (farm_line){ .where = strdup(file), .line = strdup(line), .lineno = lineno };
    l->hardness = f->ops->hardness ? f->ops->hardness(f->ctx, line) : 0;
    return l->where && l->line ? 0 : -1;
}

/* Solves a line into memory: its output, its errors, its counts. */
static int solve_into(farm *f, farm_line *l)
{
    FILE *out = open_memstream(&l->out, &l->out_len), *err = open_memstream(&l->err, &l->err_len);
    const int status = out && err ? f->ops->solve(f->ctx, l->where, l->lineno, l->line, out, err, &l->t) : -1;
    if (out)
        fclose(out);
    if (err)
        fclose(err);
    l->done = status == 0;
    if (l->done)
        checkpoint_append(f, l - f->lines);
    return status;
}

/* A task: index, line number, then the file's name and the line. */
static void send_task(const farm *f, long i, int rank)
{
    const farm_line *l = &f->lines[i];
    const size_t a = strlen(l->where) + 1, b = strlen(l->line) + 1;
    char *msg = malloc(2 * sizeof(long) + a + b);
    memcpy(msg, &i, sizeof i);
    memcpy(msg + sizeof i, &l->lineno, sizeof l->lineno);
    memcpy(msg + 2 * sizeof(long), l->where, a);
    memcpy(msg + 2 * sizeof(long) + a, l->line, b);
    MPI_Send(msg, (int)(2 * sizeof(long) + a + b), MPI_BYTE, rank, TAG_TASK, MPI_COMM_WORLD);
    free(msg);
}

/* A result: index, status, the counts, the two lengths, the texts. */
static void send_result(long i, int status, const farm_line *l)
{
    long usec;
    memcpy(&usec, &l->t.usec, sizeof usec);
    const long head[9] = { i, status, l->t.positions, l->t.mismatches, l->t.bad_lines, (long)l->t.nodes, usec,
                           (long)l->out_len, (long)l->err_len };
    const size_t size = sizeof head + l->out_len + l->err_len;
    char *msg = malloc(size);
    memcpy(msg, head, sizeof head);
    memcpy(msg + sizeof head, l->out, l->out_len);
    memcpy(msg + sizeof head + l->out_len, l->err, l->err_len);
    MPI_Send(msg, (int)size, MPI_BYTE, 0, TAG_RESULT, MPI_COMM_WORLD);
    free(msg);
}

static char *receive(int source, int tag, MPI_Status *st)
{
    int size;
    MPI_Probe(source, tag, MPI_COMM_WORLD, st);
    MPI_Get_count(st, MPI_BYTE, &size);
    char *msg = malloc((size_t)size + 1);
    MPI_Recv(msg, size, MPI_BYTE, st->MPI_SOURCE, st->MPI_TAG, MPI_COMM_WORLD, st);
    return msg;
}

static void worker(farm *f)
{
    for (;;) {
        MPI_Status st;
        char *msg = receive(0, MPI_ANY_TAG, &st);
        if (st.MPI_TAG == TAG_STOP) {
            free(msg);
            return;
        }
        long i;
        farm_line l = { 0 };
        memcpy(&i, msg, sizeof i);
        memcpy(&l.lineno, msg + sizeof i, sizeof l.lineno);
        l.where = msg + 2 * sizeof(long);
        l.line = l.where + strlen(l.where) + 1;
        const int status = solve_into(f, &l);
        send_result(i, status, &l);
        free(l.out);
        free(l.err);
        free(msg);
    }
}

/* Prints the finished lines from *next on, in input order. */
static void print_ready(farm *f, long *next, solve_totals *t)
{
    for (; *next < f->n && f->lines[*next].done; ++*next) {
        farm_line *l = &f->lines[*next];
        fwrite(l->out, 1, l->out_len, stdout);
        fflush(stdout);
        fwrite(l->err, 1, l->err_len, stderr);
        t->positions += l->t.positions;
        t->mismatches += l->t.mismatches;
        t->bad_lines += l->t.bad_lines;
        t->nodes += l->t.nodes;
        t->usec += l->t.usec;
        free(l->out);
        free(l->err);
        l->out = l->err = NULL;
    }
}

static int by_hardness(const void *a, const void *b, void *lines)
{
    const farm_line *l = lines;
    const long x = *(const long *)a, y = *(const long *)b;
    return l[x].hardness != l[y].hardness ? (l[x].hardness < l[y].hardness ? 1 : -1) : (x > y) - (x < y);
}

/* Rank 0: deals the lines, hardest first, and prints them in order. */
static int root(farm *f, int ranks, solve_totals *t)
{
    long *order = malloc((size_t)(f->n ? f->n : 1) * sizeof *order), todo = 0;
    for (long i = 0; i < f->n; i++)
        if (!f->lines[i].done)
            order[todo++] = i;
    qsort_r(order, (size_t)todo, sizeof *order, by_hardness, f->lines);
    long dealt = 0, next = 0, running = 0;
    print_ready(f, &next, t);
    int status = 0;
    for (int r = 1; r < ranks; r++) {
        if (dealt < todo) {
            send_task(f, order[dealt++], r);
            running++;
        } else {
            MPI_Send(NULL, 0, MPI_BYTE, r, TAG_STOP, MPI_COMM_WORLD);
        }
    }
    for (; ranks == 1 && dealt < todo && status == 0; dealt++, print_ready(f, &next, t))
        status = solve_into(f, &f->lines[order[dealt]]);
    while (running) {
        MPI_Status st;
        char *msg = receive(MPI_ANY_SOURCE, TAG_RESULT, &st);
        long head[9];
        memcpy(head, msg, sizeof head);
        farm_line *l = &f->lines[head[0]];
        l->t = (solve_totals){ head[2], head[3], head[4], (unsigned long long)head[5], 0 };
        memcpy(&l->t.usec, &head[6], sizeof l->t.usec);
        l->out_len = (size_t)head[7];
        l->err_len = (size_t)head[8];
        l->out = malloc(l->out_len + 1);
        l->err = malloc(l->err_len + 1);
        memcpy(l->out, msg + sizeof head, l->out_len);
        memcpy(l->err, msg + sizeof head + l->out_len, l->err_len);
        l->done = head[1] == 0;
        if (l->done)
            checkpoint_append(f, head[0]);
        else
            status = -1;
        free(msg);
        running--;
        if (dealt < todo && status == 0) {
            send_task(f, order[dealt++], st.MPI_SOURCE);
            running++;
        } else {
            MPI_Send(NULL, 0, MPI_BYTE, st.MPI_SOURCE, TAG_STOP, MPI_COMM_WORLD);
        }
        print_ready(f, &next, t);
    }
    free(order);
    return status;
}

int cli_farm_run(int argc, char **argv, const cli_farm_ops *ops, void *ctx, const char *checkpoint, solve_totals *t,
                 bool *is_root)
{
    int rank, ranks;
    MPI_Init(NULL, NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    farm f = { .ops = ops, .ctx = ctx };
    *is_root = rank == 0;
    int status = 0;
    if (rank == 0) {
        status = cli_each_line(argc, argv, collect, NULL, &f);
        if (checkpoint && checkpoint_open(&f, checkpoint) != 0) {
            /* Nothing is dealt: the workers stop at once. */
            for (int r = 1; r < ranks; r++)
                MPI_Send(NULL, 0, MPI_BYTE, r, TAG_STOP, MPI_COMM_WORLD);
            MPI_Finalize();
            return -2;
        }
        const int dealt = root(&f, ranks, t);
        status = status ? status : dealt;
        if (f.checkpoint)
            fclose(f.checkpoint);
        for (long i = 0; i < f.n; i++) {
            free(f.lines[i].where);
            free(f.lines[i].line);
        }
        free(f.lines);
    } else {
        worker(&f);
    }
    MPI_Finalize();
    return status;
}

bool cli_farm_available(void)
{
    return true;
}

#else

int cli_farm_run(int argc, char **argv, const cli_farm_ops *ops, void *ctx, const char *checkpoint, solve_totals *t,
                 bool *is_root)
{
    (void)argc, (void)argv, (void)ops, (void)ctx, (void)checkpoint, (void)t;
    *is_root = true;
    return -1;
}

bool cli_farm_available(void)
{
    return false;
}

#endif
