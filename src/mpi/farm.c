/* The MPI task farm of batch commands (mpi/farm.h). */
#include "mpi/farm.h"

#include <stdlib.h>
#include <string.h>

#include "mpi/team.h"

/* One answer to whether MPI is there: the team's. */
bool farm_available(void)
{
    return mpi_available();
}

#ifdef GTS_MPI
#include "mpi/farm_internal.h"

/* Reads n bytes at *at of a message of `end`; false past its end. */
static bool take(const char **at, const char *end, void *to, size_t n)
{
    if ((size_t)(end - *at) < n)
        return false;
    memcpy(to, *at, n);
    *at += n;
    return true;
}

/* A task: n, then per line its index, number, file name and text. */
static int task_bytes(const farm *f, const long *index, long n, char **msg, size_t *len)
{
    FILE *m = open_memstream(msg, len);
    if (!m)
        return -1;
    fwrite(&n, sizeof n, 1, m);
    for (long k = 0; k < n; k++) {
        const farm_entry *l = &f->lines[index[k]];
        fwrite(&index[k], sizeof index[k], 1, m);
        fwrite(&l->lineno, sizeof l->lineno, 1, m);
        fwrite(l->where, 1, strlen(l->where) + 1, m);
        fwrite(l->line, 1, strlen(l->line) + 1, m);
    }
    return fclose(m) == 0 ? 0 : -1;
}

/* A worker's task as its lines are written (the sink's side): the
 * streams' buffers, what was taken of them, the line written to now, the
 * lines' texts. */
struct farm_task {
    char *out_buf, *err_buf;
    size_t out_len, err_len, out_taken, err_taken;
    long current;
    farm_entry *got;
    bool failed;
};

/* The bytes written to the sink's streams since the last look go to its
 * current line. */
static int sink_take(farm_sink *sink)
{
    if (fflush(sink->out) != 0 || fflush(sink->err) != 0)
        return -1;
    struct farm_task *k = sink->task;
    if (k->current < 0)
        return 0;
    farm_entry *l = &k->got[k->current];
    const size_t out_new = k->out_len - k->out_taken, err_new = k->err_len - k->err_taken;
    char *out = realloc(l->out, l->out_len + out_new + 1), *err = out ? realloc(l->err, l->err_len + err_new + 1) : NULL;
    if (out)
        l->out = out;
    if (!out || !err)
        return -1;
    l->err = err;
    memcpy(l->out + l->out_len, k->out_buf + k->out_taken, out_new);
    memcpy(l->err + l->err_len, k->err_buf + k->err_taken, err_new);
    l->out_len += out_new, l->err_len += err_new;
    k->out_taken = k->out_len, k->err_taken = k->err_len;
    return 0;
}

void farm_to_line(farm_sink *sink, long i)
{
    if (sink_take(sink) != 0)
        sink->task->failed = true;
    sink->task->current = i;
}

/* A task's lines through the command's solve, or its solve_line one by
 * one. */
static int solve_task(const farm *f, const farm_line *lines, long n, farm_sink *sink, solve_totals *t)
{
    if (f->ops->solve)
        return f->ops->solve(f->ctx, lines, n, sink, t);
    for (long i = 0; i < n; i++) {
        farm_to_line(sink, i);
        if (f->ops->solve_line(f->ctx, lines[i].where, lines[i].lineno, lines[i].line, sink->out, sink->err,
                               &t[i]) != 0)
            return -1;
    }
    return 0;
}

/* A worker's task: the lines solved, each line's counts, output and
 * errors in the result, in the task's order.  Two streams for the task
 * (a stream a line cost 8 KB each: 200,000 GPU lines spent 16 of 19 s
 * zeroing pages). */
static int farm_work(void *ctx, const char *in, size_t in_len, char **out, size_t *out_len)
{
    farm *f = ctx;
    const char *at = in, *end = in + in_len;
    long n;
    if (!take(&at, end, &n, sizeof n) || n < 1)
        return -1;
    farm_line *lines = calloc((size_t)n, sizeof *lines);
    farm_entry *got = calloc((size_t)n, sizeof *got);
    solve_totals *t = calloc((size_t)n, sizeof *t);
    struct farm_task task = { .got = got, .current = -1 };
    farm_sink k = { .task = &task };
    k.out = open_memstream(&task.out_buf, &task.out_len);
    k.err = open_memstream(&task.err_buf, &task.err_len);
    int status = lines && got && t && k.out && k.err ? 0 : -1;
    for (long i = 0; status == 0 && i < n; i++) {
        long index;
        if (!take(&at, end, &index, sizeof index) || !take(&at, end, &lines[i].lineno, sizeof(long)))
            status = -1;
        lines[i].where = at;
        at += strnlen(at, (size_t)(end - at)) + 1;
        lines[i].line = at;
        at += at < end ? strnlen(at, (size_t)(end - at)) + 1 : 0;
        if (at > end)
            status = -1;
    }
    if (status == 0)
        status = solve_task(f, lines, n, &k, t);
    if (status == 0 && (sink_take(&k) != 0 || task.failed))
        status = -1;
    FILE *m = open_memstream(out, out_len);
    for (long i = 0; status == 0 && m && i < n; i++) {
        fwrite(&t[i], sizeof t[i], 1, m);
        fwrite(&got[i].out_len, sizeof(size_t), 1, m);
        fwrite(&got[i].err_len, sizeof(size_t), 1, m);
        fwrite(got[i].out, 1, got[i].out_len, m);
        fwrite(got[i].err, 1, got[i].err_len, m);
    }
    if (!m || fclose(m) != 0)
        status = -1;
    for (long i = 0; got && i < n; i++)
        free(got[i].out), free(got[i].err);
    if (k.out)
        fclose(k.out);
    if (k.err)
        fclose(k.err);
    free(task.out_buf), free(task.err_buf);
    free(lines), free(got), free(t);
    return status;
}

/* Rank 0: a task's result into its lines, each appended to the checkpoint. */
static int take_result(farm *f, const long *index, long n, const char *msg, size_t len)
{
    const char *at = msg, *end = msg + len;
    for (long k = 0; k < n; k++) {
        farm_entry *l = &f->lines[index[k]];
        if (!take(&at, end, &l->t, sizeof l->t) || !take(&at, end, &l->out_len, sizeof(size_t)) ||
            !take(&at, end, &l->err_len, sizeof(size_t)) || (size_t)(end - at) < l->out_len + l->err_len)
            return -1;
        l->out = malloc(l->out_len + 1);
        l->err = malloc(l->err_len + 1);
        if (!l->out || !l->err)
            return -1;
        take(&at, end, l->out, l->out_len);
        take(&at, end, l->err, l->err_len);
        l->done = true;
        farm_checkpoint_append(f, index[k]);
    }
    return 0;
}

/* Adds line l's counts to t and prints it, freeing its texts. */
static void print_line(farm_entry *l, solve_totals *t)
{
    fwrite(l->out, 1, l->out_len, stdout);
    if (l->err_len) {
        fflush(stdout);     /* the error after its line's output */
        fwrite(l->err, 1, l->err_len, stderr);
    }
    t->positions += l->t.positions;
    t->mismatches += l->t.mismatches;
    t->bad_lines += l->t.bad_lines;
    t->nodes += l->t.nodes;
    t->usec += l->t.usec;
    free(l->out);
    free(l->err);
    l->out = l->err = NULL;
}

/* Prints the finished lines from *next on, in input order, flushed once
 * at the end (a flush a line cost seconds on a million lines). */
static void print_ready(farm *f, long *next, solve_totals *t)
{
    for (; *next < f->n && f->lines[*next].done; ++*next)
        print_line(&f->lines[*next], t);
    fflush(stdout);
}

/* After a stop: every line solved from next on printed, in input
 * order, and the others named, so that a stopped run loses nothing it
 * solved (issue 38, #19). */
static void print_solved(farm *f, long next, solve_totals *t)
{
    char named[600] = "";
    size_t len = 0;
    long unsolved = 0, ranges = 0;
    for (long i = next; i < f->n; i++) {
        farm_entry *l = &f->lines[i];
        if (l->done) {
            print_line(l, t);
            continue;
        }
        long j = i;
        while (j + 1 < f->n && !f->lines[j + 1].done && f->lines[j + 1].where == l->where)
            j++;
        unsolved += j - i + 1;
        if (ranges++ < 8 && len < sizeof named - 1) {
            len += (size_t)snprintf(named + len, sizeof named - len, "%s%s:%ld", len ? ", " : "", l->where, l->lineno);
            if (j > i && len < sizeof named - 1)
                len += (size_t)snprintf(named + len, sizeof named - len, "-%ld", f->lines[j].lineno);
        }
        i = j;
    }
    fflush(stdout);
    if (unsolved)
        cli_error("stopped: %ld line%s not solved: %s%s", unsolved, unsolved == 1 ? "" : "s", named,
                  ranges > 8 ? ", ..." : "");
    if (!f->in_end && f->last_where)
        cli_error("stopped: the input after %s:%ld not read", f->last_where, f->last_lineno);
}

static int by_hardness(const void *a, const void *b, void *lines)
{
    const farm_entry *l = lines;
    const long x = *(const long *)a, y = *(const long *)b;
    return l[x].hardness != l[y].hardness ? (l[x].hardness < l[y].hardness ? 1 : -1) : (x > y) - (x < y);
}

/* Names the line (the first of its task) that a rank held when the run
 * stopped. */
static void report_held(const farm *f, const long *order, long task, long per, int rank)
{
    const farm_entry *l = &f->lines[order[task * per]];
    cli_error("stopped: rank %d held %s:%ld%s (not solved)", rank, l->where, l->lineno,
              per > 1 ? " and the lines dealt with it" : "");
}

/* The window's lines not taken from the checkpoint, hardest first, in
 * tasks of `per` lines of like hardness: a GPU's batch wants many, and
 * two for each rank keep them all busy to the end.  -1 without memory. */
static int deal(farm *f, mpi_team *team, long *order, long *todo, long *per)
{
    *todo = 0;
    for (long i = 0; i < f->n; i++)
        if (!f->lines[i].done)
            order[(*todo)++] = i;
    qsort_r(order, (size_t)*todo, sizeof *order, by_hardness, f->lines);
    const long ranks = mpi_ranks(team), max = f->ops->max_lines > 1 ? f->ops->max_lines : 1;
    *per = (*todo + 2 * ranks - 1) / (2 * ranks);
    *per = *per < 1 ? 1 : *per > max ? max : *per;
    for (long k = 0; k * *per < *todo; k++) {
        char *msg = NULL;
        size_t len;
        const long n = *todo - k * *per < *per ? *todo - k * *per : *per;
        const int rc = task_bytes(f, order + k * *per, n, &msg, &len) == 0 ? mpi_submit(team, k, -1, msg, len) : -1;
        free(msg);
        if (rc != 0)
            return -1;
    }
    return 0;
}

/* Rank 0: one window's lines dealt, collected and printed in order; -1
 * when the run stopped (its solved lines printed all the same). */
static int run_window(farm *f, mpi_team *team, long *order, solve_totals *t)
{
    long todo, per, next = 0, k;
    int status = deal(f, team, order, &todo, &per), got;
    print_ready(f, &next, t);
    char *msg;
    size_t len;
    while (status == 0 && (got = mpi_next(team, &k, &status, &msg, &len)) != 0) {
        const long n = got > 0 ? (todo - k * per < per ? todo - k * per : per) : 0;
        if (got > 0 && status == 0 && take_result(f, order + k * per, n, msg, len) != 0)
            status = -1;
        if (got > 0)
            free(msg);
        if (got < 0 || status != 0) {
            /* Stopped: Ctrl-C, or mpirun's SIGTERM after a rank died. */
            if (got > 0)
                report_held(f, order, k, per, 0);
            for (long task = 0; task * per < todo; task++)
                if (mpi_holder(team, task) >= 0)
                    report_held(f, order, task, per, mpi_holder(team, task));
            status = -1;
        }
        print_ready(f, &next, t);
    }
    if (status != 0 || cli_interrupted()) {
        print_solved(f, next, t);
        return -1;
    }
    return 0;
}

/* Rank 0: the input a window at a time through the team.  -1 when the
 * run stopped, -2 after a checkpoint's error line. */
static int root(farm *f, int ranks, gts_stop *stop, solve_totals *t)
{
    const mpi_work w = { farm_work, f, stop };
    mpi_team *team = mpi_team_create(ranks, &w);
    long *order = NULL;
    int status;
    while ((status = farm_window_next(f) != 0 ? -2 : 0) == 0 && f->n > 0) {
        if (!order)
            order = malloc((size_t)f->window * sizeof *order);
        if (!team || !order) {
            cli_error("out of memory for the farm");
            status = -1;
            break;
        }
        if ((status = run_window(f, team, order, t)) != 0)
            break;
    }
    if (status == 0 && cli_interrupted())
        print_solved(f, f->n, t);   /* the input not read named */
    if (team)
        mpi_team_free(team);
    else
        mpi_dismiss(ranks);     /* no team was made to stop them */
    free(order);
    return status;
}

int farm_run(int argc, char **argv, const farm_ops *ops, void *ctx, gts_stop *stop,
                 const farm_checkpoint *ck, solve_totals *t, bool *is_root)
{
    int rank, ranks;
    mpi_start(&rank, &ranks);
    farm f = { .ops = ops, .ctx = ctx, .argc = argc, .argv = argv, .ck = ck };
    *is_root = rank == 0;
    int status = 0;
    if (rank == 0) {
        if (ck && ck->path && farm_checkpoint_open(&f, argc, argv) != 0) {
            status = -2;
            mpi_dismiss(ranks);   /* no team was made to stop them */
        } else {
            status = root(&f, ranks, stop, t);
        }
        if (farm_checkpoint_close(&f, status == 0 && f.in_end) != 0)
            status = -2;
        farm_window_end(&f);
        status = status ? status : f.read_status;
    } else {
        const mpi_work w = { farm_work, &f, stop };
        mpi_serve(&w);
    }
    mpi_finish();
    return status;
}

#else

int farm_run(int argc, char **argv, const farm_ops *ops, void *ctx, gts_stop *stop,
                 const farm_checkpoint *ck, solve_totals *t, bool *is_root)
{
    (void)argc, (void)argv, (void)ops, (void)ctx, (void)stop, (void)ck, (void)t;
    *is_root = true;
    return -1;
}

void farm_to_line(farm_sink *sink, long i)
{
    (void)sink, (void)i;
}

#endif
