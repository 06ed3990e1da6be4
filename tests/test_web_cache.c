/* The server's cache of answers (src/web/web_cache.c): a copy of what was
 * kept, a miss for anything else, a newer answer replacing an older one
 * in its slot, never more than its slots, and none at 0 slots. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "web/web_cache.h"

static void test_hits(void)
{
    web_cache *c = web_cache_create(64);
    CHECK(c != NULL);
    CHECK(web_cache_get(c, "/api/c4\n=44") == NULL);
    web_cache_put(c, "/api/c4\n=44", "{\"scores\":[1]}\n");
    char *got = web_cache_get(c, "/api/c4\n=44");
    CHECK_STREQ(got ? got : "(none)", "{\"scores\":[1]}\n");
    free(got);
    CHECK(web_cache_get(c, "/api/c4\n=4") == NULL);
    CHECK(web_cache_get(c, "/api/c4\n") == NULL);
    /* The same key again: the newer answer. */
    web_cache_put(c, "/api/c4\n=44", "newer");
    got = web_cache_get(c, "/api/c4\n=44");
    CHECK_STREQ(got ? got : "(none)", "newer");
    free(got);
    web_cache_free(c);
}

/* 1000 answers into 8 slots: at most 8 found, each the one kept under its
 * key, and the last one put always found. */
static void test_bounded(void)
{
    web_cache *c = web_cache_create(8);
    char key[32], body[32];
    for (int i = 0; i < 1000; i++) {
        snprintf(key, sizeof key, "k%d", i);
        snprintf(body, sizeof body, "b%d", i);
        web_cache_put(c, key, body);
    }
    int found = 0;
    for (int i = 0; i < 1000; i++) {
        snprintf(key, sizeof key, "k%d", i);
        snprintf(body, sizeof body, "b%d", i);
        char *got = web_cache_get(c, key);
        if (got) {
            found++;
            CHECK_STREQ(got, body);
        }
        free(got);
    }
    CHECK(found >= 1 && found <= 8);
    char *last = web_cache_get(c, "k999");
    CHECK_STREQ(last ? last : "(none)", "b999");
    free(last);
    web_cache_free(c);
}

static void test_none(void)
{
    web_cache *c = web_cache_create(0);
    CHECK(c != NULL);
    web_cache_put(c, "k", "b");
    CHECK(web_cache_get(c, "k") == NULL);
    web_cache_free(c);
    web_cache_free(NULL);
    CHECK(web_cache_get(NULL, "k") == NULL);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "hits", test_hits },
        { "bounded", test_bounded },
        { "none", test_none },
    };
    return check_run_parts(argc, argv, "test_web_cache", parts, sizeof parts / sizeof *parts);
}
