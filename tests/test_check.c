/*
 * tests/check.h itself: each form passes on what holds and evaluates its
 * operands once, and a program whose part runs no check fails
 * (tests/CMakeLists.txt runs `test_check none` expecting the failure, and
 * a part name that is no part's likewise).
 *
 * usage: test_check [PART]   (forms, none; none: all)
 */
#include "check.h"

static void test_forms(void)
{
    int calls = 0;
    CHECK(1 + 1 == 2);
    CHECK_MSG(calls == 0, "calls %d", calls);
    CHECK_EQ(++calls, 1);
    CHECK_EQ(calls, 1);
    CHECK_NE(-1, 1);
    CHECK_LT(-2, -1);
    CHECK_LE(3, 3);
    CHECK_GT(0x7fffffffffffffffLL, -1);
    CHECK_GE(calls, 1);
    CHECK_EQ_U64(0xffffffffffffffffULL, ~(uint64_t)0);
    CHECK_NE_U64(1, 2);
    CHECK_STREQ("part", "part");
    CHECK_CONTAINS("unknown part 'x'", "part");
    /* Each form says whether it passed. */
    CHECK(CHECK_EQ(2, 2) && CHECK_STREQ("a", "a"));
}

/* Checks nothing: alone, the program must fail. */
static void test_none(void)
{
}

int main(int argc, char **argv)
{
    static const check_part parts[] = { { "forms", test_forms }, { "none", test_none } };
    return check_run_parts(argc, argv, "test_check", parts, sizeof parts / sizeof *parts);
}
