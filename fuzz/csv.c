/*
 * CSV records (cli_csv_read, the reader of gts plot): every record read
 * moves on, and written back field by field (cli_csv_field, the benches'
 * writer) reads back as the same fields on one record, so that whatever
 * a bench names a set reaches a picture unchanged.
 */
#include "fuzz.h"

#include "cli/cli_csv.h"

/* r written as one record and read back. */
static void check_round_trip(const cli_csv_record *r, cli_csv_record *back)
{
    char *text = NULL;
    size_t len = 0, at = 0;
    FILE *f = open_memstream(&text, &len);
    FUZZ_CHECK(f != NULL, "open_memstream");
    for (int k = 0; k < r->n; k++) {
        if (k)
            fputc(',', f);
        cli_csv_field(f, r->field[k]);
    }
    fputc('\n', f);
    fclose(f);
    const int rc = cli_csv_read(text, len, &at, back);
    FUZZ_CHECK(rc == CLI_CSV_RECORD && at == len, "a written record not read back whole (%d, %zu of %zu)", rc, at,
               len);
    FUZZ_CHECK(back->n == r->n, "%d fields written, %d read back", r->n, back->n);
    for (int k = 0; k < r->n; k++)
        FUZZ_CHECK(strcmp(back->field[k], r->field[k]) == 0, "field %d '%s' read back as '%s'", k, r->field[k],
                   back->field[k]);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cli_csv_record r = { 0 }, back = { 0 };
    size_t at = 0;
    int rc;
    while ((rc = cli_csv_read((const char *)data, size, &at, &r)) == CLI_CSV_RECORD) {
        FUZZ_CHECK(r.n >= 1 && r.lines >= 1, "a record of %d fields, %ld lines", r.n, r.lines);
        check_round_trip(&r, &back);
    }
    FUZZ_CHECK(rc == CLI_CSV_END || rc == CLI_CSV_OPEN_QUOTE, "cli_csv_read: %d", rc);
    FUZZ_CHECK(at <= size, "read past the end: %zu of %zu", at, size);
    cli_csv_free(&r);
    cli_csv_free(&back);
    return 0;
}
