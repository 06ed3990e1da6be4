/*
 * Internal to the Reversi engine and its protocols: a whole decimal
 * number within a range, the form of every number a player spec or a
 * protocol line holds ("depth=6", "set depth 6", "ping 3").
 */
#ifndef GTS_RV_NUMBER_H
#define GTS_RV_NUMBER_H

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

/* Whether s is all a decimal number within [min, max] (into *out). */
static inline bool rv_whole_number(const char *s, long min, long max, long *out)
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
