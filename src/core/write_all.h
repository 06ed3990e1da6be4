/*
 * Writing a whole buffer to a file descriptor (a pipe, a socket), through
 * short writes and interrupted ones.
 */
#ifndef GTS_CORE_WRITE_ALL_H
#define GTS_CORE_WRITE_ALL_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <unistd.h>

/* Whether all len bytes went; false once the reader has gone (EPIPE: the
 * caller keeps SIGPIPE from killing it) or on another error. */
static inline bool gts_write_all(int fd, const void *buf, size_t len)
{
    const char *s = buf;
    while (len) {
        const ssize_t n = write(fd, s, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        s += n;
        len -= (size_t)n;
    }
    return true;
}

#endif
