/* A file replaced whole or not at all (replace_file.h). */
#include "core/replace_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void say(const char *path, int why, char *err, size_t errlen)
{
    snprintf(err, errlen, "cannot write %s: %s", path, strerror(why));
}

FILE *gts_replace_open(gts_replace *r, const char *path, char *err, size_t errlen)
{
    *r = (gts_replace){ .path = path };
    const size_t len = strlen(path) + sizeof ".XXXXXX";
    if (!(r->tmp = malloc(len))) {
        say(path, ENOMEM, err, errlen);
        return NULL;
    }
    snprintf(r->tmp, len, "%s.XXXXXX", path);
    const int fd = mkostemp(r->tmp, O_CLOEXEC);
    if (fd < 0 || !(r->f = fdopen(fd, "wb"))) {
        say(path, errno, err, errlen);
        if (fd >= 0) {
            close(fd);
            unlink(r->tmp);
        }
        free(r->tmp);
        r->tmp = NULL;
    }
    return r->f;
}

int gts_replace_finish(gts_replace *r, char *err, size_t errlen)
{
    /* mkostemp's file is the owner's alone; a book or a picture is for
     * others to read too, as a file open() makes. */
    const mode_t mask = umask(0);
    umask(mask);
    const int fd = fileno(r->f);
    int ok = fflush(r->f) == 0 && fchmod(fd, 0666 & ~mask) == 0 && fsync(fd) == 0;
    int why = errno;
    if (fclose(r->f) != 0 && ok)
        ok = 0, why = errno;
    r->f = NULL;
    if (ok && rename(r->tmp, r->path) != 0)
        ok = 0, why = errno;
    if (!ok) {
        say(r->path, why, err, errlen);
        gts_replace_abort(r);
        return -1;
    }
    free(r->tmp);
    r->tmp = NULL;
    return 0;
}

void gts_replace_abort(gts_replace *r)
{
    if (r->f)
        fclose(r->f);
    r->f = NULL;
    if (r->tmp)
        unlink(r->tmp);
    free(r->tmp);
    r->tmp = NULL;
}
