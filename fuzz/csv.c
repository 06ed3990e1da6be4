/*
 * CSV records (csv_read, the reader of gts plot): every record read
 * moves on, and written back field by field (csv_field, the benches'
 * writer) reads back as the same fields on one record, so that whatever
 * a bench names a set reaches a picture unchanged.
 */
#include "fuzz.h"

#include "report/csv.h"

/* r written as one record and read back. */
static void check_round_trip(const csv_record *r, csv_record *back)
{
    char *text = NULL;
    size_t len = 0, at = 0;
    FILE *f = open_memstream(&text, &len);
    FUZZ_CHECK(f != NULL, "open_memstream");
    for (int k = 0; k < r->n; k++) {
        if (k)
            fputc(',', f);
        csv_field(f, r->field[k]);
    }
    fputc('\n', f);
    fclose(f);
    const int rc = csv_read(text, len, &at, back);
    FUZZ_CHECK(rc == CSV_RECORD && at == len, "a written record not read back whole (%d, %zu of %zu)", rc, at,
               len);
    FUZZ_CHECK(back->n == r->n, "%d fields written, %d read back", r->n, back->n);
    for (int k = 0; k < r->n; k++)
        FUZZ_CHECK(strcmp(back->field[k], r->field[k]) == 0, "field %d '%s' read back as '%s'", k, r->field[k],
                   back->field[k]);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    csv_record r = { 0 }, back = { 0 };
    size_t at = 0;
    int rc;
    while ((rc = csv_read((const char *)data, size, &at, &r)) == CSV_RECORD) {
        FUZZ_CHECK(r.n >= 1 && r.lines >= 1, "a record of %d fields, %ld lines", r.n, r.lines);
        check_round_trip(&r, &back);
    }
    FUZZ_CHECK(rc == CSV_END || rc == CSV_OPEN_QUOTE, "csv_read: %d", rc);
    FUZZ_CHECK(at <= size, "read past the end: %zu of %zu", at, size);
    csv_free(&r);
    csv_free(&back);
    return 0;
}
