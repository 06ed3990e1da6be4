/* The lock-free transposition table: losslessness, replacement, clearing,
 * and consistency under concurrent stores and probes. */
#include <pthread.h>
#include <stdlib.h>

#include "check.h"
#include "core/tt.h"
#include "test_util.h"

#define KEY_BITS 49
#define KEY_MASK (((uint64_t)1 << KEY_BITS) - 1)

/* The data stored for a key: a function of the key, never 0, below
 * 2^TT_DATA_BITS. */
static unsigned data_of(uint64_t key)
{
    const uint64_t h = (key ^ (key >> 17) ^ (key >> 33)) * 0xd6e8feb86659fd93ULL;
    return 1 + (unsigned)((h >> 40) % ((1u << TT_DATA_BITS) - 1));
}

static int cmp_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static bool stored(const uint64_t *keys, size_t n, uint64_t key)
{
    return bsearch(&key, keys, n, sizeof *keys, cmp_u64) != NULL;
}

/* A 64 KiB table holds 8192 entries; 100000 keys overflow it many times.
 * Whatever survives must be the right data: a probe gives 0 or the data of
 * that very key, and 0 for every key never stored. */
static void test_lossless(void)
{
    char err[256];
    tt_table *t = gts_tt_create(64 << 10, KEY_BITS, err, sizeof err);
    if (!CHECK_MSG(t != NULL, "gts_tt_create: %s", err))
        return;
    CHECK_EQ(gts_tt_bytes(t), 64 << 10);
    CHECK_EQ(t->nbuckets, (64 << 10) / 32);
    CHECK_EQ(gts_tt_used(t), 0);

    enum { N = 100000 };
    uint64_t *keys = malloc(N * sizeof *keys);
    test_rng rng = { 1 };
    long wrong = 0, missing_now = 0;
    for (size_t i = 0; i < N; i++) {
        /* Half the keys random, half clustered in a few low bits, which a
         * weak bucket function would pile up. */
        keys[i] = i % 2 ? rng_next(&rng) & KEY_MASK : (rng_next(&rng) & 0xfff) | ((uint64_t)i << 30 & KEY_MASK);
        tt_store(t, keys[i], data_of(keys[i]), (unsigned)rng_below(&rng, 40));
        /* A store always lands: the key is found right after. */
        missing_now += tt_probe(t, keys[i]) != data_of(keys[i]);
        /* An earlier key gives its own data or nothing. */
        const uint64_t old = keys[rng_below(&rng, (int)i + 1)];
        const unsigned d = tt_probe(t, old);
        wrong += d != 0 && d != data_of(old);
    }
    CHECK_EQ(missing_now, 0);
    CHECK_EQ(wrong, 0);

    qsort(keys, N, sizeof *keys, cmp_u64);
    size_t n = 0;
    for (size_t i = 0; i < N; i++)
        if (n == 0 || keys[i] != keys[n - 1])
            keys[n++] = keys[i];

    long found = 0;
    wrong = 0;
    for (size_t i = 0; i < n; i++) {
        const unsigned d = tt_probe(t, keys[i]);
        found += d != 0;
        if (d != 0 && d != data_of(keys[i]) && wrong++ < 5)
            CHECK_MSG(false, "key 0x%" PRIx64 ": data %u, stored %u", keys[i], d, data_of(keys[i]));
    }
    CHECK_EQ(wrong, 0);
    /* The table is full, and every entry found belongs to a stored key. */
    CHECK_EQ(gts_tt_used(t), 8192);
    CHECK_EQ(found, 8192);

    /* Keys never stored: random ones, and ones that differ from stored keys
     * in a single bit (a lossy table keyed by fewer bits would confuse
     * some of them). */
    long false_hits = 0, probes = 0;
    for (int i = 0; i < 200000; i++) {
        uint64_t k = rng_next(&rng) & KEY_MASK;
        if (i % 2)
            k = keys[rng_below(&rng, (int)n)] ^ ((uint64_t)1 << rng_below(&rng, KEY_BITS));
        if (stored(keys, n, k))
            continue;
        probes++;
        false_hits += tt_probe(t, k) != 0;
    }
    CHECK_GT(probes, 190000);
    CHECK_EQ(false_hits, 0);
    free(keys);
    gts_tt_free(t);
}

/* Keys of one bucket: the same bucket index from tt_mix. */
static int same_bucket_keys(const tt_table *t, uint64_t *out, int want)
{
    const uint64_t b0 = tt_mix(t, 12345) >> t->check_bits;
    int n = 0;
    for (uint64_t k = 12345; n < want && k < 12345 + ((uint64_t)1 << 26); k++)
        if (tt_mix(t, k) >> t->check_bits == b0)
            out[n++] = k;
    return n;
}

/* A full bucket gives way by least work; the same key is replaced in
 * place. */
static void test_replacement(void)
{
    char err[256];
    tt_table *t = gts_tt_create(64 << 10, KEY_BITS, err, sizeof err);
    if (!CHECK_MSG(t != NULL, "gts_tt_create: %s", err))
        return;
    uint64_t k[6];
    if (!CHECK_EQ(same_bucket_keys(t, k, 6), 6))
        return;
    const unsigned work[4] = { 20, 7, 30, 12 };
    for (int i = 0; i < 4; i++)
        tt_store(t, k[i], 100 + (unsigned)i, work[i]);
    for (int i = 0; i < 4; i++)
        CHECK_EQ(tt_probe(t, k[i]), 100 + i);
    CHECK_EQ(gts_tt_used(t), 4);
    /* A fifth key evicts the least work (k[1], work 7). */
    tt_store(t, k[4], 104, 1);
    CHECK_EQ(tt_probe(t, k[4]), 104);
    CHECK_EQ(tt_probe(t, k[1]), 0);
    CHECK_EQ(tt_probe(t, k[0]), 100);
    CHECK_EQ(tt_probe(t, k[2]), 102);
    CHECK_EQ(tt_probe(t, k[3]), 103);
    /* A sixth evicts the fifth (work 1, now the least). */
    tt_store(t, k[5], 105, 9);
    CHECK_EQ(tt_probe(t, k[5]), 105);
    CHECK_EQ(tt_probe(t, k[4]), 0);
    CHECK_EQ(tt_probe(t, k[2]), 102);
    /* Storing a present key replaces its entry, whatever the work. */
    tt_store(t, k[2], 202, 0);
    CHECK_EQ(tt_probe(t, k[2]), 202);
    CHECK_EQ(tt_probe(t, k[0]), 100);
    CHECK_EQ(tt_probe(t, k[3]), 103);
    CHECK_EQ(tt_probe(t, k[5]), 105);
    CHECK_EQ(gts_tt_used(t), 4);
    /* Work above the field's maximum is clamped, not wrapped into the
     * check bits: the entry stays findable. */
    tt_store(t, k[0], 300, 1000);
    CHECK_EQ(tt_probe(t, k[0]), 300);
    /* The largest data value round-trips. */
    tt_store(t, k[3], (1u << TT_DATA_BITS) - 1, 3);
    CHECK_EQ(tt_probe(t, k[3]), (1u << TT_DATA_BITS) - 1);
    gts_tt_free(t);
}

static void test_create_errors(void)
{
    char err[256] = "";
    tt_table *t = gts_tt_create(64 << 10, 64, err, sizeof err);
    CHECK(t == NULL);
    CHECK_CONTAINS(err, "too small");
    CHECK_CONTAINS(err, "64-bit");
    gts_tt_free(t);

    /* 2^18 buckets leave 46 check bits for 64-bit keys: 8 MiB suffices. */
    strcpy(err, "");
    t = gts_tt_create((size_t)8 << 20, 64, err, sizeof err);
    if (CHECK_MSG(t != NULL, "8 MiB for 64-bit keys: %s", err)) {
        CHECK_EQ(t->check_bits, 46);
        uint64_t keys[3] = { 0, ~(uint64_t)0, (uint64_t)1 << 63 };
        for (int i = 0; i < 3; i++)
            tt_store(t, keys[i], data_of(keys[i]), 1);
        for (int i = 0; i < 3; i++)
            CHECK_EQ(tt_probe(t, keys[i]), data_of(keys[i]));
        CHECK_EQ(tt_probe(t, 12345), 0);
    }
    gts_tt_free(t);
    /* Half of that is one check bit short. */
    t = gts_tt_create((size_t)4 << 20, 64, err, sizeof err);
    CHECK(t == NULL);
    gts_tt_free(t);

    /* Sizes are rounded down to a power of two number of buckets. */
    t = gts_tt_create(100000, KEY_BITS, err, sizeof err);
    if (CHECK_MSG(t != NULL, "gts_tt_create: %s", err))
        CHECK_EQ(gts_tt_bytes(t), 65536);
    gts_tt_free(t);
    gts_tt_free(NULL);
}

static uint64_t bucket_of(const tt_table *t, uint64_t key)
{
    return tt_mix(t, key) >> t->check_bits;
}

/* Clearing costs what was used: a log of the buckets filled, or the whole
 * table once more than an eighth of it was touched.  Sweep the number of
 * buckets filled across that boundary and check each clear forgets it all,
 * the next fill and clear included. */
static void test_clear(void)
{
    char err[256];
    tt_table *t = gts_tt_create(64 << 10, KEY_BITS, err, sizeof err);
    if (!CHECK_MSG(t != NULL, "gts_tt_create: %s", err))
        return;
    const uint64_t nb = t->nbuckets;
    CHECK_EQ(nb, 2048);
    static uint64_t keys[1 << 16];
    static unsigned char seen[2048];
    test_rng rng = { 99 };
    const uint64_t eighth = nb / 8;
    const uint64_t levels[] = { 0, 1, 2, 40, eighth / 2, eighth - 2, eighth - 1, eighth, eighth + 1, eighth + 2,
                                eighth + 40, 2 * eighth, nb / 2, nb - 1, nb, 1, eighth, 3, nb, eighth + 1, 7 };
    bool below = false, above = false;
    for (size_t li = 0; li < sizeof levels / sizeof *levels; li++) {
        /* Random keys until `levels[li]` distinct buckets are used, then
         * a few more keys into those same buckets. */
        memset(seen, 0, sizeof seen);
        uint64_t buckets = 0;
        size_t n = 0;
        while (buckets < levels[li] && n < sizeof keys / sizeof *keys - 64) {
            const uint64_t k = rng_next(&rng) & KEY_MASK;
            const uint64_t b = bucket_of(t, k);
            if (!seen[b]) {
                seen[b] = 1;
                buckets++;
            }
            keys[n++] = k;
            tt_store(t, k, data_of(k), (unsigned)rng_below(&rng, 20));
        }
        for (int extra = 0; extra < 50 && buckets > 0 && n < sizeof keys / sizeof *keys;) {
            const uint64_t k = rng_next(&rng) & KEY_MASK;
            if (!seen[bucket_of(t, k)])
                continue;
            keys[n++] = k;
            tt_store(t, k, data_of(k), 2);
            extra++;
        }
        below |= buckets > 0 && buckets <= eighth;
        above |= buckets > eighth;
        uint64_t used = gts_tt_used(t);
        CHECK_MSG(used >= buckets && used <= 4 * buckets, "%" PRIu64 " buckets filled, %" PRIu64 " entries", buckets,
                  used);
        gts_tt_clear(t);
        used = gts_tt_used(t);
        CHECK_MSG(used == 0, "%" PRIu64 " buckets filled: %" PRIu64 " entries left after gts_tt_clear", buckets, used);
        long left = 0;
        for (size_t i = 0; i < n; i++)
            left += tt_probe(t, keys[i]) != 0;
        CHECK_MSG(left == 0, "%" PRIu64 " buckets filled: %ld keys still found after gts_tt_clear", buckets, left);
        /* Stores after a clear work as on a new table. */
        if (n > 0) {
            tt_store(t, keys[0], data_of(keys[0]), 1);
            CHECK_EQ(tt_probe(t, keys[0]), data_of(keys[0]));
            CHECK_EQ(gts_tt_used(t), 1);
            gts_tt_clear(t);
            CHECK_EQ(gts_tt_used(t), 0);
        }
    }
    CHECK(below);
    CHECK(above);
    /* Clearing an empty table, twice. */
    gts_tt_clear(t);
    gts_tt_clear(t);
    CHECK_EQ(gts_tt_used(t), 0);
    gts_tt_free(t);
}

/* Threads storing and probing the same keys at once. */
typedef struct stress_arg {
    tt_table *t;
    uint64_t seed;
    long ops;
    long wrong, hits, false_hits;
} stress_arg;

/* The keys the threads store: even keys of a space a few times larger than
 * the table, so that buckets are fought over. */
#define STRESS_SPACE (1 << 16)

static uint64_t stress_key(uint64_t i)
{
    /* Spread over the 49 bits, still distinct. */
    return (i * 0x5851f42d4c957f2dULL) & KEY_MASK & ~(uint64_t)1;
}

static void *stress_main(void *p)
{
    stress_arg *a = p;
    test_rng rng = { a->seed };
    for (long i = 0; i < a->ops; i++) {
        const uint64_t r = rng_next(&rng);
        const uint64_t key = stress_key(r % STRESS_SPACE);
        if (r >> 62 == 0) {
            tt_store(a->t, key, data_of(key), (unsigned)(r >> 40) & 31);
        } else if (r >> 62 == 1) {
            /* Odd keys are never stored. */
            a->false_hits += tt_probe(a->t, key | 1) != 0;
        } else {
            const unsigned d = tt_probe(a->t, key);
            a->hits += d != 0;
            a->wrong += d != 0 && d != data_of(key);
        }
        if ((i & 0xffff) == 0 && a->seed == 1)
            tt_prefetch(a->t, key);
    }
    return NULL;
}

static void test_threads(void)
{
    char err[256];
    tt_table *t = gts_tt_create(64 << 10, KEY_BITS, err, sizeof err);
    if (!CHECK_MSG(t != NULL, "gts_tt_create: %s", err))
        return;
    enum { THREADS = 4 };
    pthread_t tid[THREADS];
    stress_arg args[THREADS];
    for (int i = 0; i < THREADS; i++) {
        args[i] = (stress_arg){ .t = t, .seed = (uint64_t)i + 1, .ops = 1500000 };
        CHECK_EQ(pthread_create(&tid[i], NULL, stress_main, &args[i]), 0);
    }
    long wrong = 0, hits = 0, false_hits = 0;
    for (int i = 0; i < THREADS; i++) {
        pthread_join(tid[i], NULL);
        wrong += args[i].wrong;
        hits += args[i].hits;
        false_hits += args[i].false_hits;
    }
    CHECK_EQ(wrong, 0);
    CHECK_EQ(false_hits, 0);
    CHECK_GT(hits, 10000);
    /* After the threads: every entry is a stored key with its data. */
    long bad = 0, found = 0;
    for (uint64_t i = 0; i < STRESS_SPACE; i++) {
        const uint64_t key = stress_key(i);
        const unsigned d = tt_probe(t, key);
        found += d != 0;
        bad += d != 0 && d != data_of(key);
    }
    CHECK_EQ(bad, 0);
    CHECK_LE(found, (long)gts_tt_used(t));
    CHECK_GT(found, 4000);
    gts_tt_clear(t);
    CHECK_EQ(gts_tt_used(t), 0);
    gts_tt_free(t);
}

/*
 * Regression: the "need at least N MB" of gts_tt_create's error is the least
 * size that works (it once added 1 MB even when the minimum was a whole
 * number of MB: 9 MB for 64-bit keys, where 8 MB works).
 */
static void test_min_size_message(void)
{
    static const int key_bits[] = { 49, 56, 63, 64 };
    for (size_t i = 0; i < sizeof key_bits / sizeof *key_bits; i++) {
        char err[256] = "";
        tt_table *t = gts_tt_create(1024, key_bits[i], err, sizeof err);
        if (t) {
            /* Small keys fit a 1 KiB table: nothing to check. */
            gts_tt_free(t);
            continue;
        }
        const char *at = strstr(err, "need at least ");
        unsigned long long mb = 0;
        if (!CHECK_MSG(at && sscanf(at, "need at least %llu MB", &mb) == 1, "no minimum in \"%s\"", err))
            continue;
        t = gts_tt_create((size_t)mb << 20, key_bits[i], err, sizeof err);
        CHECK_MSG(t != NULL, "%d-bit keys: the stated minimum %llu MB is refused", key_bits[i], mb);
        gts_tt_free(t);
        if (mb > 1) {
            t = gts_tt_create((size_t)(mb - 1) << 20, key_bits[i], err, sizeof err);
            CHECK_MSG(t == NULL, "%d-bit keys: error says at least %llu MB, but %llu MB works", key_bits[i], mb,
                      mb - 1);
            gts_tt_free(t);
        }
    }
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "lossless", test_lossless }, { "replacement", test_replacement }, { "create_errors", test_create_errors },
        { "clear", test_clear }, { "threads", test_threads }, { "min_size_message", test_min_size_message },
    };
    return check_run_parts(argc, argv, "test_tt", parts, sizeof parts / sizeof *parts);
}
