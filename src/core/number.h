/*
 * A whole decimal number within a range: the form of every number on a
 * command line, in a list ("1-6"), in a player spec ("depth=6") or in a
 * protocol line ("set depth 6", "ping 3").  One rule for all of them:
 * optional sign, digits, nothing after, no overflow.
 */
#ifndef GTS_CORE_NUMBER_H
#define GTS_CORE_NUMBER_H

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

/* Whether s is all a decimal number within [min, max] (into *out). */
static inline bool gts_whole_number(const char *s, long min, long max, long *out)
{
    char *end;
    errno = 0;
    const long v = strtol(s, &end, 10);
    const bool ok = errno == 0 && end != s && *end == '\0' && v >= min && v <= max;
    if (ok)
        *out = v;
    return ok;
}

#endif
