/*
 * The list syntax of every bench option (--threads, --depths, --sizes,
 * --algo ...): items separated by commas, and for numbers ranges written
 * LO-HI, so "1,2,4", "1-6" and "1-4,8,16" all mean what they say.
 */
#ifndef GTS_CORE_LIST_H
#define GTS_CORE_LIST_H

#include <stddef.h>

/* The longest item a list may hold (a size like "64x64", an algorithm
 * like "gpu-s6-tt", a number). */
#define GTS_LIST_ITEM_MAX 63

/* Integers and ranges within [min, max] into out (room for cap), sorted,
 * each once.  Returns how many, or -1 with a one-line reason in err (an
 * empty item, a number out of range, a range running backwards, more
 * than cap values). */
int gts_int_list(const char *s, long min, long max, int *out, int cap, char *err, size_t errlen);

/* Calls on_item for each comma-separated item of s in order (a copy,
 * without the comma).  An empty item or one longer than GTS_LIST_ITEM_MAX
 * is an error.  Stops at the first item on_item refuses (non-zero, with
 * its reason in err).  Returns how many items, or -1 with a reason. */
typedef int gts_item_fn(void *ctx, const char *item, char *err, size_t errlen);
int gts_each_item(const char *s, gts_item_fn *on_item, void *ctx, char *err, size_t errlen);

#endif
