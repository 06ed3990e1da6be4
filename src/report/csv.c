/* CSV fields written and records read (report/csv.h). */
#include "report/csv.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

void csv_field(FILE *f, const char *s)
{
    if (!s[strcspn(s, ",\"\r\n")] && s[0] != '#') {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* c at the end of r's text; -1 without memory. */
static int put(csv_record *r, char c)
{
    if (r->len == r->cap) {
        const size_t cap = 2 * r->cap + 256;
        char *buf = realloc(r->buf, cap);
        if (!buf)
            return -1;
        r->buf = buf;
        r->cap = cap;
    }
    r->buf[r->len++] = c;
    return 0;
}

/* A new field starting at the end of r's text; -1 without memory. */
static int begin_field(csv_record *r)
{
    if (r->n == r->cap_fields) {
        const int cap = 2 * r->cap_fields + 16;
        size_t *start = realloc(r->start, (size_t)cap * sizeof *start);
        if (start)
            r->start = start;
        char **field = start ? realloc(r->field, (size_t)cap * sizeof *field) : NULL;
        if (!field)
            return -1;
        r->field = field;
        r->cap_fields = cap;
    }
    r->start[r->n++] = r->len;
    return 0;
}

int csv_read(const char *text, size_t len, size_t *at, csv_record *r)
{
    size_t i = *at;
    if (i >= len)
        return CSV_END;
    r->n = 0;
    r->len = 0;
    r->lines = 1;
    bool quoted = false, field_start = true;
    int rc = begin_field(r);
    for (; i < len && rc == 0; i++) {
        const char c = text[i];
        if (quoted && c == '"' && i + 1 < len && text[i + 1] == '"') {
            rc = put(r, text[i++]);
        } else if (quoted && c == '"') {
            quoted = false;
        } else if (quoted) {
            r->lines += c == '\n';
            rc = put(r, c);
        } else if (c == '\n') {
            break;
        } else if (c == '"' && field_start) {
            quoted = true;
            field_start = false;
        } else if (c == ',') {
            rc = put(r, '\0');
            rc = rc ? rc : begin_field(r);
            field_start = true;
        } else if (c != '\r' || (i + 1 < len && text[i + 1] != '\n')) {
            rc = put(r, c);
            field_start = false;
        }
    }
    if (rc == 0)
        rc = put(r, '\0');
    if (rc != 0)
        return CSV_NO_MEMORY;
    if (quoted)
        return CSV_OPEN_QUOTE;
    *at = i < len ? i + 1 : len;
    for (int k = 0; k < r->n; k++)
        r->field[k] = r->buf + r->start[k];
    return CSV_RECORD;
}

void csv_free(csv_record *r)
{
    free(r->buf);
    free(r->start);
    free(r->field);
    *r = (csv_record){ 0 };
}
