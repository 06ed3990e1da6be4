/* The answers already given (web_cache.h). */
#include "web/web_cache.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct slot {
    char *key, *body;
} slot;

struct web_cache {
    pthread_mutex_t lock;
    size_t n;
    slot *slots;
};

/* FNV-1a: the keys are short ASCII strings. */
static size_t slot_of(const web_cache *c, const char *key)
{
    uint64_t h = 14695981039346656037ull;
    for (const unsigned char *p = (const unsigned char *)key; *p; p++)
        h = (h ^ *p) * 1099511628211ull;
    return (size_t)(h % c->n);
}

web_cache *web_cache_create(size_t slots)
{
    web_cache *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->n = slots;
    c->slots = slots ? calloc(slots, sizeof *c->slots) : NULL;
    if (slots && !c->slots) {
        free(c);
        return NULL;
    }
    pthread_mutex_init(&c->lock, NULL);
    return c;
}

void web_cache_free(web_cache *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->n; i++) {
        free(c->slots[i].key);
        free(c->slots[i].body);
    }
    free(c->slots);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

char *web_cache_get(web_cache *c, const char *key)
{
    if (!c || !c->n)
        return NULL;
    char *copy = NULL;
    pthread_mutex_lock(&c->lock);
    const slot *s = &c->slots[slot_of(c, key)];
    if (s->key && strcmp(s->key, key) == 0)
        copy = strdup(s->body);
    pthread_mutex_unlock(&c->lock);
    return copy;
}

void web_cache_put(web_cache *c, const char *key, const char *body)
{
    if (!c || !c->n)
        return;
    char *k = strdup(key), *b = strdup(body);
    if (!k || !b) {
        free(k);
        free(b);
        return;
    }
    pthread_mutex_lock(&c->lock);
    slot *s = &c->slots[slot_of(c, key)];
    char *old_key = s->key, *old_body = s->body;
    s->key = k;
    s->body = b;
    pthread_mutex_unlock(&c->lock);
    free(old_key);
    free(old_body);
}
