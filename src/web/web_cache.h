/*
 * Internal to the server: the answers already given, so that a position
 * asked again (Undo, a second visitor, the page's hint after its own
 * analysis) is answered at once.  Bounded: a fixed number of slots, each
 * key in the slot its hash picks, a newer answer replacing the one there
 * (direct-mapped: no list to keep, one lock held only to copy).  Only
 * successful answers are kept; a search that was stopped is asked again.
 */
#ifndef GTS_WEB_CACHE_H
#define GTS_WEB_CACHE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct web_cache web_cache;

/* A cache of `slots` answers (0: none, every lookup misses); NULL when out
 * of memory. */
web_cache *web_cache_create(size_t slots);
void web_cache_free(web_cache *c);

/* A malloc'd copy of the answer kept under key, or NULL. */
char *web_cache_get(web_cache *c, const char *key);

/* Keeps a copy of body under key (nothing when out of memory). */
void web_cache_put(web_cache *c, const char *key, const char *body);

#endif
