/* Comma lists and ranges (core/list.h). */
#include "core/list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/number.h"

int gts_each_item(const char *s, gts_item_fn *on_item, void *ctx, char *err, size_t errlen)
{
    int n = 0;
    for (const char *p = s;; p++) {
        char item[GTS_LIST_ITEM_MAX + 1];
        const size_t len = strcspn(p, ",");
        if (len == 0) {
            snprintf(err, errlen, "'%s': an empty item", s);
            return -1;
        }
        if (len >= sizeof item) {
            snprintf(err, errlen, "'%.*s...': an item longer than %d characters", GTS_LIST_ITEM_MAX, p,
                     GTS_LIST_ITEM_MAX);
            return -1;
        }
        memcpy(item, p, len);
        item[len] = '\0';
        if (on_item(ctx, item, err, errlen) != 0)
            return -1;
        n++;
        p += len;
        if (!*p)
            return n;
    }
}

typedef struct int_list {
    long min, max;
    int *out, cap, n;
} int_list;

/* "N" or "LO-HI" (a leading '-' is the sign of LO, not the range). */
static int add_range(void *ctx, const char *item, char *err, size_t errlen)
{
    int_list *l = ctx;
    char lo_text[GTS_LIST_ITEM_MAX + 1];
    snprintf(lo_text, sizeof lo_text, "%s", item);
    char *dash = strchr(lo_text + 1, '-');
    if (dash)
        *dash = '\0';
    long lo, hi;
    if (!gts_whole_number(lo_text, l->min, l->max, &lo) || !gts_whole_number(dash ? dash + 1 : lo_text, l->min, l->max, &hi)) {
        snprintf(err, errlen, "'%s' is not a number or range within %ld..%ld", item, l->min, l->max);
        return -1;
    }
    if (hi < lo) {
        snprintf(err, errlen, "'%s' runs backwards", item);
        return -1;
    }
    for (long v = lo; v <= hi; v++) {
        if (l->n == l->cap) {
            snprintf(err, errlen, "more than %d values", l->cap);
            return -1;
        }
        l->out[l->n++] = (int)v;
    }
    return 0;
}

static int compare_int(const void *a, const void *b)
{
    return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}

int gts_int_list(const char *s, long min, long max, int *out, int cap, char *err, size_t errlen)
{
    int_list l = { .min = min, .max = max, .out = out, .cap = cap };
    if (gts_each_item(s, add_range, &l, err, errlen) < 0)
        return -1;
    qsort(out, (size_t)l.n, sizeof *out, compare_int);
    int kept = 0;
    for (int i = 0; i < l.n; i++)
        if (kept == 0 || out[i] != out[kept - 1])
            out[kept++] = out[i];
    return kept;
}
