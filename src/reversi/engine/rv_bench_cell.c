/* The report's table cell: a match within a time limit (rv_bench_cell.h). */
#include "reversi/engine/rv_bench_cell.h"

#include <pthread.h>
#include <stdio.h>
#include <time.h>

/* The match's time predicted from the row's last two cells played, or 0
 * when there are not two. */
static double predicted_seconds(const rvp_cell *row, int di)
{
    const rvp_cell *last = NULL, *before = NULL;
    for (int d = di - 1; d >= 0 && !before; d--) {
        const rvp_cell *c = &row[d];
        if (c->state == RVP_CELL_DONE) {
            before = last ? c : NULL;
            last = last ? last : c;
        }
    }
    if (!before)
        return 0;
    const double a = (last->usec[0] + last->usec[1]) / 1e6, b = (before->usec[0] + before->usec[1]) / 1e6;
    return b > 0 ? a * a / b : 0;
}

bool rvp_cell_skipped(const rvp_cell *row, int di, double max_seconds)
{
    return (di > 0 && row[di - 1].state == RVP_CELL_SKIPPED) || predicted_seconds(row, di) > max_seconds;
}

typedef struct cell_timer {
    double seconds;
    gts_stop *stop;
    bool timed_out;          /* read after the thread is joined */
} cell_timer;

/* A cell's limit: a thread that sleeps the seconds, then raises the stop,
 * unless cancelled when the match ends (a thread, where SIGALRM's handler
 * would need the stop in a global). */
static void *time_cell(void *arg)
{
    cell_timer *t = arg;
    struct timespec left = { (time_t)t->seconds, (long)((t->seconds - (double)(time_t)t->seconds) * 1e9) };
    while (nanosleep(&left, &left) != 0)
        ;   /* EINTR: sleep on */
    t->timed_out = true;
    gts_stop_raise(t->stop);
    return NULL;
}

/* The two players at the cell's depth: 0, or -1 with a reason. */
static int make_players(const rvp_cell_options *o, rvp_player *players[2], char *err, size_t errlen)
{
    char why[256];
    for (int i = 0; i < 2; i++)
        if (rvp_create(players[i], &o->specs[i], o->depth, o->stop, why, sizeof why) != 0) {
            snprintf(err, errlen, "player %d: %s", i + 1, why);
            if (i == 1)
                rvp_free(players[0]);
            return -1;
        }
    return 0;
}

int rvp_play_cell(const rvp_cell_options *o, rvp_cell *c, char *err, size_t errlen)
{
    rvp_player store[2] = { 0 };
    rvp_player *players[2] = { &store[0], &store[1] };
    char why[256];
    if (make_players(o, players, err, errlen) != 0)
        return -1;
    rvp_match m = { 0 };
    cell_timer timer = { o->max_seconds, o->stop, false };
    pthread_t thread;
    const bool timed = pthread_create(&thread, NULL, time_cell, &timer) == 0;
    const int rc = rvp_play_match(players, o->width, o->height, o->stop, &m, why, sizeof why);
    if (timed)
        pthread_cancel(thread), pthread_join(thread, NULL);
    for (int i = 0; i < 2; i++) {
        c->kernel_usec[i] = players[i]->gpu_stats.kernel_us;
        rvp_free(players[i]);
    }
    if (rc != 0) {
        snprintf(err, errlen, "%dx%d depth %d: %s", o->width, o->height, o->depth, why);
        return -1;
    }
    if (m.stopped) {
        c->state = timer.timed_out ? RVP_CELL_SKIPPED : RVP_CELL_NOT_RUN;
        return 0;
    }
    c->state = RVP_CELL_DONE;
    for (int i = 0; i < 2; i++)
        c->usec[i] = m.usec[i];
    c->positions = m.games[0].positions + m.games[1].positions;
    c->legal_moves = m.games[0].legal_moves + m.games[1].legal_moves;
    return 0;
}
