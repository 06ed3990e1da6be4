/*
 * What the games share (src/core): the stop token, the ABDADA busy table.
 *
 * Usage: test_core [part]   (parts: stop busy; no argument runs them
 * all)
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/busy.h"
#include "gts/stop.h"

/* ---- stop token ------------------------------------------------------------ */

static gts_stop signalled = GTS_STOP_INIT;

static void raise_on_signal(int sig)
{
    (void)sig;
    gts_stop_raise(&signalled);
}

static void part_stop(void)
{
    gts_stop s = GTS_STOP_INIT;
    CHECK(!gts_stop_raised(&s));
    gts_stop_raise(&s);
    CHECK(gts_stop_raised(&s));
    gts_stop_raise(&s);     /* stays raised */
    CHECK(gts_stop_raised(&s));
    gts_stop_reset(&s);
    CHECK(!gts_stop_raised(&s));

    /* NULL: never raised, and raising or resetting it does nothing. */
    CHECK(!gts_stop_raised(NULL));
    gts_stop_raise(NULL);
    gts_stop_reset(NULL);
    CHECK(!gts_stop_raised(NULL));

    /* Raised from a signal handler. */
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = raise_on_signal;
    sigemptyset(&sa.sa_mask);
    CHECK_EQ(sigaction(SIGUSR1, &sa, &old), 0);
    CHECK_EQ(raise(SIGUSR1), 0);
    CHECK(gts_stop_raised(&signalled));
    sigaction(SIGUSR1, &old, NULL);
}

/* ---- busy table ------------------------------------------------------------ */

/* Two keys of one slot, and one of another. */
#define KEY_A 0x1234567800000005ULL
#define KEY_B (KEY_A + GTS_BUSY_SLOTS)
#define KEY_C (KEY_A + 1)

static bool busy_empty(gts_busy *b)
{
    for (int i = 0; i < GTS_BUSY_SLOTS; i++)
        if (atomic_load(&b->slot[i]))
            return false;
    return true;
}

static void part_busy(void)
{
    gts_busy *b = gts_busy_create();
    if (!CHECK(b != NULL))
        return;
    CHECK(busy_empty(b));
    CHECK(!gts_busy_test(b, KEY_A));

    /* mark: a plain store, over whatever the slot held. */
    gts_busy_mark(b, KEY_A);
    CHECK(gts_busy_test(b, KEY_A));
    CHECK(!gts_busy_test(b, KEY_B));
    CHECK(!gts_busy_test(b, KEY_C));
    gts_busy_mark(b, KEY_B);
    CHECK(gts_busy_test(b, KEY_B));
    CHECK(!gts_busy_test(b, KEY_A));
    gts_busy_clear(b, KEY_B);
    CHECK(!gts_busy_test(b, KEY_B));
    CHECK(busy_empty(b));

    /* claim: only a free slot; the first key keeps it. */
    CHECK(gts_busy_claim(b, KEY_A));
    CHECK(!gts_busy_claim(b, KEY_A));
    CHECK(!gts_busy_claim(b, KEY_B));
    CHECK(gts_busy_test(b, KEY_A));
    CHECK(!gts_busy_test(b, KEY_B));
    CHECK(gts_busy_claim(b, KEY_C));
    gts_busy_clear(b, KEY_A);
    gts_busy_clear(b, KEY_C);
    CHECK(busy_empty(b));
    CHECK(gts_busy_claim(b, KEY_B));
    gts_busy_clear(b, KEY_B);
    gts_busy_free(b);
    gts_busy_free(NULL);
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        void (*fn)(void);
    } parts[] = {
        { "stop", part_stop },
        { "busy", part_busy },
    };
    const size_t nparts = sizeof parts / sizeof *parts;
    bool ran = false;
    for (size_t i = 0; i < nparts; i++) {
        if (argc > 1 && strcmp(argv[1], parts[i].name) != 0)
            continue;
        parts[i].fn();
        ran = true;
    }
    if (!ran) {
        fprintf(stderr, "unknown part '%s'\n", argv[1]);
        return 2;
    }
    return check_summary(argc > 1 ? argv[1] : "test_core");
}
