/*
 * The Gomocup engine within INFO max_memory (issue 38, #14): the peak
 * resident memory of a session (VmHWM in /proc/PID/status, read after its
 * last reply and before END) less the process's baseline stays within the
 * limit.  The baseline is a session that only answers ABOUT: the binary,
 * the C library and the engine's idle start, which every session has
 * before a limit could matter and which no limit can shrink.  A tiny
 * limit (3 bytes, once read as none: a 64 MB table) must give the least
 * the engine can run with, which its own accounting says
 * (gm_engine_plan_memory, gm_searcher_bytes).  Only bounds are checked,
 * never times.  Under the sanitizers (their shadow memory and quarantine
 * are not the engine's) the test is skipped (77).
 *
 *     usage: test_pbrain_memory ENGINE [ARGS...]   (ARGS: "gomoku pbrain" for gts)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gomoku/engine/gm_engine.h"
#include "test_child.h"

#define TIMEOUT_MS 60000   /* no reply in this long: the engine hangs */
#define SIZE 15
#define TURNS 4

static char **engine;

/* Sends a line; the reply too when want is not NULL (its first bytes
 * must be want: "" for any). */
static bool say(child *c, const char *line, const char *want, char *reply, size_t size)
{
    char text[128];
    snprintf(text, sizeof text, "%s\r\n", line);
    if (!CHECK_MSG(send_bytes(c, text, strlen(text), TIMEOUT_MS), "cannot send '%s'", line))
        return false;
    if (!want)
        return true;
    const bool got = read_line(c, reply, size, TIMEOUT_MS) == 1;
    return CHECK_MSG(got && strncmp(reply, want, strlen(want)) == 0, "'%s' answered '%s'", line, got ? reply : "nothing");
}

/* The engine's peak resident memory so far, in bytes; -1 if unknown. */
static long peak_bytes(pid_t pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %ld kB", &kb) == 1)
            break;
    if (f)
        fclose(f);
    return kb < 0 ? -1 : kb * 1024;
}

/* The opponent's next cell: the first free one of a walk over the board. */
static int next_cell(const bool *taken, int *walk)
{
    int cell;
    do
        cell = (*walk)++ * 37 % (SIZE * SIZE);
    while (taken[cell]);
    return cell;
}

/* A session: the INFO lines, START, TURNS turns (none without turns);
 * returns its peak (ABOUT alone: the baseline), -1 after a failed check. */
static long session(const char *const *info, int n, bool turns)
{
    child c;
    char reply[256];
    if (!CHECK_MSG(spawn(&c, engine, false), "cannot start %s", engine[0]))
        return -1;
    bool ok = say(&c, "ABOUT", "name=", reply, sizeof reply);
    for (int i = 0; ok && i < n; i++)
        ok = say(&c, info[i], NULL, NULL, 0);
    if (ok && turns)
        ok = say(&c, "START 15", "OK", reply, sizeof reply);
    bool taken[SIZE * SIZE] = { false };
    for (int i = 0, walk = 0; ok && turns && i < TURNS; i++) {
        const int cell = next_cell(taken, &walk);
        char line[32];
        snprintf(line, sizeof line, "TURN %d,%d", cell % SIZE, cell / SIZE);
        taken[cell] = true;
        int x, y;
        ok = say(&c, line, "", reply, sizeof reply) &&
             CHECK_MSG(sscanf(reply, "%d,%d", &x, &y) == 2 && x >= 0 && x < SIZE && y >= 0 && y < SIZE,
                       "'%s' answered '%s'", line, reply);
        if (ok)
            taken[y * SIZE + x] = true;
    }
    const long peak = ok ? peak_bytes(c.pid) : -1;
    if (ok)
        say(&c, "END", NULL, NULL, 0);
    const int status = ok ? reap(&c, TIMEOUT_MS) : -1;
    if (!ok || !CHECK_MSG(status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0, "exit status 0x%x", status))
        kill_child(&c, TIMEOUT_MS);
    return ok ? peak : -1;
}

/* A session under max_memory with threads: its peak beyond the baseline
 * within bound. */
static void within(long baseline, const char *max_memory, const char *threads, long bound)
{
    const char *const info[] = { max_memory, threads, "INFO timeout_turn 100" };
    const long peak = session(info, 3, true);
    printf("%s, %s: peak %ld kB, %ld kB above the baseline, bound %ld kB\n", max_memory, threads, peak >> 10,
           (peak - baseline) >> 10, bound >> 10);
    if (peak >= 0)
        CHECK_MSG(peak - baseline <= bound, "%s, %s: %ld bytes above the baseline, more than %ld", max_memory, threads,
                  peak - baseline, bound);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_pbrain_memory ENGINE [ARGS...]\n");
        return 2;
    }
    if (CHECK_ASAN) {
        printf("test_pbrain_memory: skipped under the sanitizers\n");
        return 77;
    }
    engine = argv + 1;
    const long baseline = session(NULL, 0, false);
    if (!CHECK_MSG(baseline > 0, "no VmHWM in /proc/PID/status"))
        return check_summary("test_pbrain_memory");
    printf("baseline (ABOUT only): %ld kB\n", baseline >> 10);
    /* The limit, with threads that would not fit (four threads'
     * pattern contexts are 4.8 MB a searcher, the engine has two). */
    within(baseline, "INFO max_memory 10000000", "INFO thread_num 4", 10000000);
    within(baseline, "INFO max_memory 10000000", "INFO thread_num 1", 10000000);
    /* 3 bytes: the least there is, one thread with the smallest tables. */
    const gm_engine_plan least = gm_engine_plan_memory(3, GM_ALGO_PATTERN, 4);
    CHECK_EQ(least.threads, 1);
    gm_search_options o;
    gm_search_defaults(&o);
    o.algo = GM_ALGO_PATTERN;
    const long bound = (long)(2 * gm_searcher_bytes(&o) + least.table + least.stopgap_table);
    within(baseline, "INFO max_memory 3", "INFO thread_num 4", bound);
    return check_summary("test_pbrain_memory");
}
