/*
 * A tiny assertion library for the gts tests.
 *
 * Every CHECK counts; a failing one prints file:line, the expression and,
 * for the comparison forms, both values, and the test goes on.  Each CHECK
 * evaluates to whether it passed, so loops can stop at the first failure:
 *
 *     for (...) if (!CHECK_EQ(a, b)) break;
 *
 * check_summary() prints the totals and returns the exit status of the test
 * (0 when everything passed, 1 when a check failed or none ran: a test that
 * checks nothing is broken).  After CHECK_MAX_REPORTS
 * failures the rest are only counted.  Every operand is evaluated once, so
 * CHECK_EQ(f(x), 0) calls f once.  The counters are not thread-safe:
 * threads should collect their results and let the main thread check them.
 */
#ifndef GTS_TESTS_CHECK_H
#define GTS_TESTS_CHECK_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define CHECK_MAX_REPORTS 30

/* 1 when built with AddressSanitizer (GCC's macro, Clang's feature), whose
 * slower code the tests' time limits allow for; else 0. */
#if defined(__SANITIZE_ADDRESS__)
#define CHECK_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CHECK_ASAN 1
#endif
#endif
#ifndef CHECK_ASAN
#define CHECK_ASAN 0
#endif

static long check_passed_count, check_failed_count;

static inline bool check_report(bool ok, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static inline bool check_report(bool ok, const char *file, int line, const char *fmt, ...)
{
    if (ok) {
        check_passed_count++;
        return true;
    }
    if (++check_failed_count <= CHECK_MAX_REPORTS) {
        fprintf(stderr, "%s:%d: FAILED: ", file, line);
        va_list ap;
        va_start(ap, fmt);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fputc('\n', stderr);
        if (check_failed_count == CHECK_MAX_REPORTS)
            fprintf(stderr, "(further failures are counted, not shown)\n");
    }
    return false;
}

/* A condition. */
#define CHECK(cond) check_report((cond) ? true : false, __FILE__, __LINE__, "CHECK(%s)", #cond)

/* A condition, with a printf-style explanation printed when it fails. */
#define CHECK_MSG(cond, ...) check_report((cond) ? true : false, __FILE__, __LINE__, __VA_ARGS__)

/* Comparisons of integers; each operand is evaluated exactly once. */
enum { CHECK_OP_EQ, CHECK_OP_NE, CHECK_OP_LT, CHECK_OP_LE, CHECK_OP_GT, CHECK_OP_GE };

static inline bool check_op(int op, int cmp)
{
    switch (op) {
    case CHECK_OP_EQ: return cmp == 0;
    case CHECK_OP_NE: return cmp != 0;
    case CHECK_OP_LT: return cmp < 0;
    case CHECK_OP_LE: return cmp <= 0;
    case CHECK_OP_GT: return cmp > 0;
    default: return cmp >= 0;
    }
}

static const char *const check_op_names[] = { "==", "!=", "<", "<=", ">", ">=" };

/* Signed integers (compared as long long). */
#define CHECK_EQ(a, b) CHECK_CMP_INT(a, b, CHECK_OP_EQ)
#define CHECK_NE(a, b) CHECK_CMP_INT(a, b, CHECK_OP_NE)
#define CHECK_LT(a, b) CHECK_CMP_INT(a, b, CHECK_OP_LT)
#define CHECK_LE(a, b) CHECK_CMP_INT(a, b, CHECK_OP_LE)
#define CHECK_GT(a, b) CHECK_CMP_INT(a, b, CHECK_OP_GT)
#define CHECK_GE(a, b) CHECK_CMP_INT(a, b, CHECK_OP_GE)
#define CHECK_CMP_INT(a, b, op) check_cmp_int((long long)(a), (long long)(b), op, #a, #b, __FILE__, __LINE__)

static inline bool check_cmp_int(long long a, long long b, int op, const char *as, const char *bs, const char *file,
                                 int line)
{
    return check_report(check_op(op, (a > b) - (a < b)), file, line, "CHECK(%s %s %s): %lld vs %lld", as,
                        check_op_names[op], bs, a, b);
}

/* Unsigned 64-bit values (bitboards, keys): shown in hex. */
#define CHECK_EQ_U64(a, b) check_cmp_u64((uint64_t)(a), (uint64_t)(b), CHECK_OP_EQ, #a, #b, __FILE__, __LINE__)
#define CHECK_NE_U64(a, b) check_cmp_u64((uint64_t)(a), (uint64_t)(b), CHECK_OP_NE, #a, #b, __FILE__, __LINE__)

static inline bool check_cmp_u64(uint64_t a, uint64_t b, int op, const char *as, const char *bs, const char *file,
                                 int line)
{
    return check_report(check_op(op, (a > b) - (a < b)), file, line, "CHECK(%s %s %s): 0x%" PRIx64 " vs 0x%" PRIx64,
                        as, check_op_names[op], bs, a, b);
}

/* Strings: equality, and containment of a substring. */
#define CHECK_STREQ(a, b) check_str((a), (b), false, #a, #b, __FILE__, __LINE__)
#define CHECK_CONTAINS(hay, needle) check_str((hay), (needle), true, #hay, #needle, __FILE__, __LINE__)

static inline bool check_str(const char *a, const char *b, bool contains, const char *as, const char *bs,
                             const char *file, int line)
{
    const bool ok = a && b && (contains ? strstr(a, b) != NULL : strcmp(a, b) == 0);
    return check_report(ok, file, line, "CHECK(%s %s %s): \"%s\" vs \"%s\"", as, contains ? "contains" : "==", bs,
                        a ? a : "(null)", b ? b : "(null)");
}

/* Prints the totals; returns the test's exit status: 1 when a check failed
 * or when none ran (a part that checks nothing, or none run, is a broken
 * test, not a passing one). */
static inline int check_summary(const char *name)
{
    const long total = check_passed_count + check_failed_count;
    if (total == 0) {
        fprintf(stderr, "%s: 0 checks, 0 failed: no check ran, which counts as a failure\n", name);
        return 1;
    }
    fprintf(check_failed_count ? stderr : stdout, "%s: %ld checks, %ld failed\n", name, total, check_failed_count);
    return check_failed_count ? 1 : 0;
}

/* Seconds on a monotonic clock. */
static inline double now_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * A test program's parts, one table for its main:
 *
 *     static const check_part parts[] = { { "board", test_board }, { "rules", test_rules } };
 *     return check_run_parts(argc, argv, "test_x", parts, sizeof parts / sizeof *parts);
 *
 * `test_x` runs every part, `test_x board` that one; a name that is no
 * part's is an error, so a typo in tests/CMakeLists.txt fails its test
 * rather than running nothing.
 */
typedef struct check_part {
    const char *name;
    void (*fn)(void);
} check_part;

/* "WHAT (parts: a b c)" on stderr; returns 2, the status of a bad
 * invocation. */
static inline int check_bad_invocation(const char *what, const check_part *parts, size_t n)
{
    fprintf(stderr, "%s (parts:", what);
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, " %s", parts[i].name);
    fprintf(stderr, ")\n");
    return 2;
}

/* Runs the part called `name` (NULL: every part, in order), printing each
 * one's time; returns the exit status: check_summary's, or 2 after
 * "program: unknown part 'name' (parts: a b c)" when no part is called so. */
static inline int check_run_part(const char *program, const check_part *parts, size_t n, const char *name)
{
    bool ran = false;
    for (size_t i = 0; i < n; i++) {
        if (name && strcmp(name, parts[i].name) != 0)
            continue;
        const double t0 = now_sec();
        parts[i].fn();
        printf("part %s: %.2f s\n", parts[i].name, now_sec() - t0);
        ran = true;
    }
    char text[256];
    if (!ran) {
        snprintf(text, sizeof text, "%s: unknown part '%s'", program, name ? name : "");
        return check_bad_invocation(text, parts, n);
    }
    snprintf(text, sizeof text, "%s%s%s", program, name ? " " : "", name ? name : "");
    return check_summary(text);
}

/* The main of a test program of parts: no argument runs every part, one
 * names the part to run; more is a bad invocation (status 2). */
static inline int check_run_parts(int argc, char **argv, const char *program, const check_part *parts, size_t n)
{
    if (argc > 2) {
        char text[256];
        snprintf(text, sizeof text, "usage: %s [PART]", program);
        return check_bad_invocation(text, parts, n);
    }
    return check_run_part(program, parts, n, argc > 1 ? argv[1] : NULL);
}

#endif
