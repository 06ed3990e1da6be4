/* The task farm's checkpoint file, its format (mpi/checkpoint.h). */
#include "mpi/checkpoint.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/fnv.h"

/* The longest first line of a record: eleven numbers. */
#define HEAD_MAX 320
/* The run's text kept in the first line (its hash covers all of it). */
#define RUN_SHOWN 400

uint64_t farm_line_print(const char *where, long lineno, const char *line)
{
    char number[32];
    const int n = snprintf(number, sizeof number, ":%ld:", lineno);
    uint64_t h = gts_fnv(GTS_FNV_START, where, strlen(where));
    h = gts_fnv(h, number, (size_t)n);
    return gts_fnv(h, line, strlen(line));
}

/* The first line of a run's file, its text cut to RUN_SHOWN bytes. */
static void header_line(const char *run, char *line, size_t size)
{
    const unsigned long long h = gts_fnv(GTS_FNV_START, run, strlen(run));
    int n = snprintf(line, size, FARM_CHECKPOINT_MAGIC " %016llx ", h);
    for (const char *c = run; *c && c - run < RUN_SHOWN && (size_t)n + 2 < size; c++)
        line[n++] = (unsigned char)*c < ' ' || *c == 127 ? '?' : *c;
    line[n++] = '\n';
    line[n] = '\0';
}

int farm_header_write(FILE *f, const char *run)
{
    char line[RUN_SHOWN + 64];
    header_line(run, line, sizeof line);
    return fputs(line, f) < 0 || fflush(f) != 0 ? -1 : 0;
}

int farm_header_read(FILE *in, const char *run, char *why, size_t whylen)
{
    char want[RUN_SHOWN + 64], got[RUN_SHOWN + 64];
    header_line(run, want, sizeof want);
    const size_t n = fread(got, 1, sizeof got - 1, in);
    got[n] = '\0';
    const char *end = memchr(got, '\n', n);
    if (!end && strncmp(got, want, n) == 0 && n < strlen(want))
        return 0;   /* empty, or a run killed as it began its file */
    const size_t magic = strlen(FARM_CHECKPOINT_MAGIC " ");
    if (!end || strncmp(got, "gts-checkpoint ", 15) != 0) {
        snprintf(why, whylen, "not a gts checkpoint");
        return -1;
    }
    if (strncmp(got, want, magic) != 0) {
        snprintf(why, whylen, "a checkpoint of another version of gts (this one reads '" FARM_CHECKPOINT_MAGIC "')");
        return -1;
    }
    const size_t len = (size_t)(end - got) + 1;
    if (len != strlen(want) || memcmp(got, want, len) != 0) {
        /* The hash then the run as it was given. */
        const char *shown = got + magic + 17;
        snprintf(why, whylen, "another run's (%.*s), not this one's (%.*s)", (int)(end - shown), shown,
                 (int)strcspn(want + magic + 17, "\n"), want + magic + 17);
        return -1;
    }
    return fseek(in, (long)len, SEEK_SET) == 0 ? 1 : -1;
}

int farm_record_write(FILE *f, farm_record *r, const char *out, const char *err)
{
    uint64_t data = gts_fnv(GTS_FNV_START, out, r->out_len);
    r->data_print = gts_fnv(data, err, r->err_len);
    char head[HEAD_MAX];
    int n = snprintf(head, sizeof head, "R %ld %ld %ld %ld %llu %.17g %zu %zu %016llx %016llx", r->index,
                     r->t.positions, r->t.mismatches, r->t.bad_lines, r->t.nodes, r->t.usec, r->out_len, r->err_len,
                     (unsigned long long)r->line_print, (unsigned long long)r->data_print);
    const unsigned long long h = gts_fnv(GTS_FNV_START, head, (size_t)n);
    n += snprintf(head + n, sizeof head - (size_t)n, " %016llx\n", h);
    fwrite(head, 1, (size_t)n, f);
    fwrite(out, 1, r->out_len, f);
    fwrite(err, 1, r->err_len, f);
    return fflush(f) != 0 || ferror(f) ? -1 : 0;
}

/* A decimal number in [min, max] and the space or line end after it. */
static bool field(const char **s, long long min, long long max, long long *v, char *why, size_t whylen,
                  const char *name)
{
    char *end;
    errno = 0;
    const long long x = strtoll(*s, &end, 10);
    if (end == *s || (*end != ' ' && *end != '\n') || errno || x < min || x > max || **s == ' ' || **s == '+') {
        snprintf(why, whylen, "its %s '%.*s' is not a number in %lld..%lld", name, (int)strcspn(*s, " \n"), *s, min,
                 max);
        return false;
    }
    *v = x;
    *s = end + 1;
    return true;
}

/* A hash: sixteen hexadecimal digits. */
static bool hash_field(const char **s, uint64_t *v)
{
    char *end;
    if (strspn(*s, "0123456789abcdef") != 16 || ((*s)[16] != ' ' && (*s)[16] != '\n'))
        return false;
    *v = strtoull(*s, &end, 16);
    *s = end + 1;
    return true;
}

/* The first line's fields into r; false with why. */
static bool parse_head(const char *head, farm_record *r, char *why, size_t whylen)
{
    const long long most = 1LL << 40, big = (long long)(~0ULL >> 1);
    long long v[8];
    static const char *const names[8] = { "line index", "positions", "mismatches", "bad lines",
                                          "nodes",      "time",      "output length", "error length" };
    const char *s = head + 2;
    for (int k = 0; k < 8; k++) {
        if (k == 5) {   /* usec, a double */
            char *end;
            const double usec = strtod(s, &end);
            if (end == s || *end != ' ' || !isfinite(usec) || usec < 0) {
                snprintf(why, whylen, "its time '%.*s' is not a number of microseconds", (int)strcspn(s, " \n"), s);
                return false;
            }
            r->t.usec = usec;
            s = end + 1;
            continue;
        }
        const long long max = k == 0 ? big - 1 : k == 4 ? big : k >= 6 ? (long long)FARM_RECORD_MAX : most;
        if (!field(&s, 0, max, &v[k], why, whylen, names[k]))
            return false;
    }
    uint64_t head_print;
    if (!hash_field(&s, &r->line_print) || !hash_field(&s, &r->data_print) || !hash_field(&s, &head_print) ||
        *s != '\0') {
        snprintf(why, whylen, "its hashes are not sixteen hexadecimal digits each");
        return false;
    }
    if (gts_fnv(GTS_FNV_START, head, strlen(head) - 18) != head_print) {
        snprintf(why, whylen, "its first line does not match its hash (changed)");
        return false;
    }
    if ((size_t)v[6] + (size_t)v[7] > FARM_RECORD_MAX) {
        snprintf(why, whylen, "its lengths %lld and %lld are more than %zu bytes together", v[6], v[7],
                 FARM_RECORD_MAX);
        return false;
    }
    r->index = (long)v[0];
    r->t.positions = (long)v[1], r->t.mismatches = (long)v[2], r->t.bad_lines = (long)v[3];
    r->t.nodes = (unsigned long long)v[4];
    r->out_len = (size_t)v[6], r->err_len = (size_t)v[7];
    return true;
}

int farm_record_read(FILE *in, farm_record *r, char **out, char **err, char *why, size_t whylen)
{
    char head[HEAD_MAX];
    *out = *err = NULL;
    if (!fgets(head, sizeof head, in))
        return ferror(in) ? (snprintf(why, whylen, "cannot read it: %s", strerror(errno)), FARM_CORRUPT) : FARM_END;
    const size_t n = strlen(head);
    if (n == 0 || head[n - 1] != '\n') {
        if (feof(in))
            return FARM_CUT;
        snprintf(why, whylen, "a record's first line is longer than %d bytes, or holds a NUL byte", HEAD_MAX - 2);
        return FARM_CORRUPT;
    }
    if (strncmp(head, "R ", 2) != 0) {
        snprintf(why, whylen, "'%.*s' where a record begins", (int)(n > 40 ? 40 : n - 1), head);
        return FARM_CORRUPT;
    }
    *r = (farm_record){ 0 };
    if (!parse_head(head, r, why, whylen))
        return FARM_CORRUPT;
    *out = malloc(r->out_len + 1);
    *err = malloc(r->err_len + 1);
    if (!*out || !*err) {
        snprintf(why, whylen, "out of memory");
        free(*out), free(*err);
        *out = *err = NULL;
        return FARM_CORRUPT;
    }
    if (fread(*out, 1, r->out_len, in) != r->out_len || fread(*err, 1, r->err_len, in) != r->err_len) {
        free(*out), free(*err);
        *out = *err = NULL;
        return FARM_CUT;
    }
    (*out)[r->out_len] = (*err)[r->err_len] = '\0';
    if (gts_fnv(gts_fnv(GTS_FNV_START, *out, r->out_len), *err, r->err_len) != r->data_print) {
        snprintf(why, whylen, "the output of line %ld does not match its hash (changed)", r->index + 1);
        free(*out), free(*err);
        *out = *err = NULL;
        return FARM_CORRUPT;
    }
    return FARM_RECORD;
}
