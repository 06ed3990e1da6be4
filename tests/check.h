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
 * (0 when everything passed, 1 otherwise).  After CHECK_MAX_REPORTS
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

#define CHECK_MAX_REPORTS 30

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

/* Prints the totals; returns the test's exit status. */
static inline int check_summary(const char *name)
{
    fprintf(check_failed_count ? stderr : stdout, "%s: %ld checks, %ld failed\n", name,
            check_passed_count + check_failed_count, check_failed_count);
    return check_failed_count ? 1 : 0;
}

#endif
