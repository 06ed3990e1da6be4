/*
 * What the games share (src/core): the ABDADA busy table.
 *
 * Usage: test_core [part]   (parts: busy; no argument runs them all)
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/busy.h"

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
