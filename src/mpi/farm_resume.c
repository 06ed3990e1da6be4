/* A checkpoint read back (mpi/checkpoint.h): every record checked
 * once at the start, and again when its line's turn comes. */
#include <stdlib.h>
#include <string.h>

#include "mpi/checkpoint.h"

static int by_index(const void *a, const void *b)
{
    const struct farm_at *x = a, *y = b;
    return (x->index > y->index) - (x->index < y->index);
}

/* Notes where record index begins; -1 without memory. */
static int note(farm_resume *r, long index, long offset)
{
    if (r->n == r->cap) {
        const long cap = r->cap ? 2 * r->cap : 1024;
        struct farm_at *grown = realloc(r->at, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        r->at = grown, r->cap = cap;
    }
    r->at[r->n++] = (struct farm_at){ index, offset };
    return 0;
}

int farm_resume_scan(farm_resume *r, FILE *in, long *end, bool *cut, char *why, size_t whylen)
{
    *r = (farm_resume){ .in = in };
    *cut = false;
    for (;;) {
        farm_record rec;
        char *out, *err;
        *end = ftell(in);
        const int k = farm_record_read(in, &rec, &out, &err, why, whylen);
        free(out), free(err);
        if (k == FARM_CORRUPT)
            return -1;
        if (k != FARM_RECORD) {
            *cut = k == FARM_CUT;
            break;
        }
        if (note(r, rec.index, *end) != 0) {
            snprintf(why, whylen, "out of memory for its %ld records", r->n);
            return -1;
        }
    }
    if (r->n)
        qsort(r->at, (size_t)r->n, sizeof *r->at, by_index);
    for (long i = 1; i < r->n; i++) {
        if (r->at[i].index == r->at[i - 1].index) {
            snprintf(why, whylen, "two records of line %ld (bytes %ld and %ld)", r->at[i].index + 1,
                     r->at[i - 1].offset, r->at[i].offset);
            *end = r->at[i].offset;
            return -1;
        }
    }
    return 0;
}

int farm_resume_take(farm_resume *r, long index, farm_record *rec, char **out, char **err, char *why,
                     size_t whylen)
{
    const struct farm_at key = { index, 0 };
    const struct farm_at *at = r->n ? bsearch(&key, r->at, (size_t)r->n, sizeof *r->at, by_index) : NULL;
    *out = *err = NULL;
    if (!at)
        return 0;
    r->taken++;
    if (fseek(r->in, at->offset, SEEK_SET) != 0 ||
        farm_record_read(r->in, rec, out, err, why, whylen) != FARM_RECORD || rec->index != index) {
        free(*out), free(*err);
        *out = *err = NULL;
        snprintf(why, whylen, "its record of line %ld changed while it ran", index + 1);
        return -1;
    }
    return 1;
}

void farm_resume_free(farm_resume *r)
{
    free(r->at);
    r->at = NULL;
    r->n = r->cap = 0;
}
