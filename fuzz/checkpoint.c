/*
 * The farm's checkpoint reader (mpi/checkpoint.h; --mpi
 * --checkpoint): the input after a good first line, read back as a run
 * started again reads it.  A file is taken or refused with a reason,
 * never read past its end: every record taken is read again whole, within
 * the bounds, and written back it reads the same; the first line alone is
 * read too.
 */
#include "fuzz.h"

#include "mpi/checkpoint.h"

#define RUN "c4 solve 7x6 --algo solver on in.txt"

/* r, out and err written as a record and read back the same. */
static void check_round_trip(const farm_record *r, const char *out, const char *err)
{
    char *text = NULL, *out2, *err2, why[256] = "";
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    FUZZ_CHECK(f != NULL, "open_memstream");
    farm_record w = *r, back;
    FUZZ_CHECK(farm_record_write(f, &w, out, err) == 0 && w.data_print == r->data_print, "record not written");
    fclose(f);
    f = fmemopen(text, len, "rb");
    FUZZ_CHECK(f != NULL, "fmemopen");
    const int k = farm_record_read(f, &back, &out2, &err2, why, sizeof why);
    FUZZ_CHECK(k == FARM_RECORD, "a written record read back as %d (%s)", k, why);
    FUZZ_CHECK(back.index == r->index && back.out_len == r->out_len && back.err_len == r->err_len &&
                   back.t.positions == r->t.positions && back.t.nodes == r->t.nodes && back.t.usec == r->t.usec &&
                   memcmp(out2, out, r->out_len) == 0 && memcmp(err2, err, r->err_len) == 0,
               "record of line %ld read back otherwise", r->index);
    free(out2), free(err2);
    fclose(f);
    free(text);
}

static void read_records(const uint8_t *data, size_t size)
{
    char *text = NULL, why[256] = "";
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    FUZZ_CHECK(m != NULL && farm_header_write(m, RUN) == 0, "header");
    const long head = ftell(m);
    fwrite(data, 1, size, m);
    fclose(m);
    FILE *in = fmemopen(text, len, "rb");
    FUZZ_CHECK(in != NULL, "fmemopen");
    FUZZ_CHECK(farm_header_read(in, RUN, why, sizeof why) == 1 && ftell(in) == head, "good header refused: %s", why);
    farm_resume r;
    long end;
    bool cut;
    if (farm_resume_scan(&r, in, &end, &cut, why, sizeof why) != 0) {
        fuzz_check_reason(why, sizeof why, "farm_resume_scan");
    } else {
        FUZZ_CHECK(end >= head && (size_t)end <= len && (!cut || (size_t)end < len), "end %ld of %zu", end, len);
        for (long i = 0; i < r.n; i++) {
            farm_record rec;
            char *out, *err;
            const int k = farm_resume_take(&r, r.at[i].index, &rec, &out, &err, why, sizeof why);
            FUZZ_CHECK(k == 1 && rec.index == r.at[i].index, "a scanned record not taken again (%s)", why);
            FUZZ_CHECK(rec.out_len + rec.err_len <= FARM_RECORD_MAX, "lengths %zu + %zu", rec.out_len, rec.err_len);
            check_round_trip(&rec, out, err);
            free(out), free(err);
        }
    }
    farm_resume_free(&r);
    fclose(in);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    read_records(data, size);
    if (size > 0) {
        FILE *in = fmemopen((void *)data, size, "rb");
        FUZZ_CHECK(in != NULL, "fmemopen");
        char why[256] = "";
        if (farm_header_read(in, RUN, why, sizeof why) < 0)
            fuzz_check_reason(why, sizeof why, "farm_header_read");
        fclose(in);
    }
    return 0;
}
