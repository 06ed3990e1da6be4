/*
 * Internal: a file replaced whole or not at all.
 *
 * gts_replace_open makes a new file of a unique name beside the target
 * (in its folder, so that a rename moves it over the target): PATH.XXXXXX
 * as mkostemp makes it, never a fixed name such as PATH.tmp, which could
 * be the user's.  The caller writes to its stream; gts_replace_finish then
 * syncs it to the disk and renames it over the target, so that a reader
 * sees the old file or the new one, never a part.  gts_replace_abort, on
 * an error or an interruption, closes and removes it, the target
 * untouched.  A process killed between the two leaves at most the
 * uniquely named temporary file.
 */
#ifndef GTS_CORE_REPLACE_FILE_H
#define GTS_CORE_REPLACE_FILE_H

#include <stddef.h>
#include <stdio.h>

typedef struct gts_replace {
    FILE *f;          /* the temporary file, open for writing */
    char *tmp;        /* its name */
    const char *path; /* the target, not copied */
} gts_replace;

/* Opens a new temporary file beside path.  Returns its stream (r->f), or
 * NULL with "cannot write PATH: reason" in err. */
FILE *gts_replace_open(gts_replace *r, const char *path, char *err, size_t errlen);

/* Gives the temporary file the mode a new file of open() would have
 * (0666 less the umask), writes out its stream, syncs it and renames it
 * over the target.  0, or -1 with "cannot write PATH: reason" in err (the
 * temporary file removed, the target untouched).  r is done either way. */
int gts_replace_finish(gts_replace *r, char *err, size_t errlen);

/* Closes and removes the temporary file; the target is untouched.  r is
 * done; a done or zeroed r: nothing. */
void gts_replace_abort(gts_replace *r);

#endif
