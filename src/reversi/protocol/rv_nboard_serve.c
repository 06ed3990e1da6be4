/*
 * The NBoard protocol on a file descriptor (rv_nboard_serve): a reader
 * thread queues the lines, the calling thread answers them in order, and
 * a line that comes in stops the search it finds running when that
 * search was started by hint or analyze (any search, for "quit").
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "reversi/protocol/rv_nboard.h"

/* Why a line read is not a command: reported in its turn, so that the
 * errors come in the order of the lines, and otherwise ignored. */
typedef enum { LINE_OK, LINE_NUL, LINE_TOO_LONG } line_kind;

/* A line from the GUI, queued by the reader thread. */
typedef struct line {
    struct line *next;
    line_kind kind;
    char text[];
} line;

/* Shared by the two threads, under lock.  Whichever of them is last frees
 * it: the reader at the end of the input, unless the engine closed it
 * first (then the engine, after joining the reader), or when it wakes
 * after the engine closed it (after quit). */
typedef struct input {
    pthread_mutex_t lock;
    pthread_cond_t more;
    line *first, *last;
    bool eof;                 /* the input ended (the reader is done) */
    bool closed;              /* the engine is done: the reader touches nothing more */
    bool quit_read;           /* a "quit" line was read */
    bool cut_on_input;        /* the running search stops when a line comes */
    rv_nboard *nb;
    int fd;
    char buf[RV_NBOARD_LINE_MAX + 1];
} input;

static void free_input(input *in)
{
    for (line *l = in->first, *next; l; l = next) {
        next = l->next;
        free(l);
    }
    pthread_cond_destroy(&in->more);
    pthread_mutex_destroy(&in->lock);
    free(in);
}

static bool is_quit(const char *s)
{
    s += strspn(s, " \t");
    return strncmp(s, "quit", 4) == 0 && (!s[4] || s[4] == ' ' || s[4] == '\t');
}

/* Queues one line (of kind LINE_OK or LINE_TOO_LONG; one with a NUL byte
 * becomes LINE_NUL, its text up to the NUL) and raises the search's stop
 * token when it should stop (under lock). */
static void queue_line(input *in, const char *text, size_t n, line_kind kind)
{
    if (kind == LINE_OK && memchr(text, '\0', n))
        kind = LINE_NUL;
    line *l = malloc(sizeof *l + n + 1);
    if (!l) {
        rv_nboard_error(in->nb, "out of memory: a line ignored");
        return;
    }
    memcpy(l->text, text, n);
    l->text[n] = '\0';
    l->kind = kind;
    l->next = NULL;
    if (in->last)
        in->last->next = l;
    else
        in->first = l;
    in->last = l;
    in->quit_read |= kind == LINE_OK && is_quit(l->text);
    if (in->cut_on_input || in->quit_read)
        gts_stop_raise(&in->nb->stop);
    pthread_cond_signal(&in->more);
}

/* Queues the whole lines of buf[0..*len) and keeps the rest (under lock);
 * a line that fills the buffer is queued as LINE_TOO_LONG and dropped up
 * to its end. */
static void take_lines(input *in, size_t *len, bool *too_long)
{
    size_t start = 0;
    for (char *nl; (nl = memchr(in->buf + start, '\n', *len - start)) != NULL; start = (size_t)(nl - in->buf) + 1) {
        size_t n = (size_t)(nl - in->buf) - start;
        if (n > 0 && in->buf[start + n - 1] == '\r')
            n--;
        if (!*too_long)
            queue_line(in, in->buf + start, n, LINE_OK);
        *too_long = false;
    }
    memmove(in->buf, in->buf + start, *len - start);
    *len -= start;
    if (*len == sizeof in->buf) {
        if (!*too_long)
            queue_line(in, in->buf, 40, LINE_TOO_LONG);   /* its start, to name it */
        *too_long = true;
        *len = 0;
    }
}

/* The reader thread: lines by read(2) rather than stdio, so that the
 * process can end while this thread waits for input without a stdio lock
 * held. */
static void *read_input(void *arg)
{
    input *in = arg;
    size_t len = 0;
    bool too_long = false;   /* dropping the rest of a line too long */
    for (;;) {
        const ssize_t k = read(in->fd, in->buf + len, sizeof in->buf - len);
        if (k < 0 && errno == EINTR)
            continue;
        pthread_mutex_lock(&in->lock);
        if (in->closed) {
            pthread_mutex_unlock(&in->lock);
            free_input(in);
            return NULL;
        }
        if (k <= 0)
            break;
        len += (size_t)k;
        take_lines(in, &len, &too_long);
        pthread_mutex_unlock(&in->lock);
    }
    if (len > 0 && !too_long)
        queue_line(in, in->buf, len, LINE_OK);   /* a last line without its end */
    in->eof = true;
    pthread_cond_signal(&in->more);
    pthread_mutex_unlock(&in->lock);
    return NULL;
}

/* The next line (to be freed), or NULL at the end of the input. */
static line *next_line(input *in)
{
    pthread_mutex_lock(&in->lock);
    while (!in->first && !in->eof)
        pthread_cond_wait(&in->more, &in->lock);
    line *l = in->first;
    if (l) {
        in->first = l->next;
        if (!in->first)
            in->last = NULL;
    }
    pthread_mutex_unlock(&in->lock);
    return l;
}

/* Before a search: whether a new line stops it (hint, analyze: a line
 * already waiting stops it at once) or only "quit" does (go). */
static void before_search(void *arg, bool cut_on_input)
{
    input *in = arg;
    pthread_mutex_lock(&in->lock);
    in->cut_on_input = cut_on_input;
    if (in->quit_read || (cut_on_input && in->first))
        gts_stop_raise(&in->nb->stop);
    else
        gts_stop_reset(&in->nb->stop);
    pthread_mutex_unlock(&in->lock);
}

int rv_nboard_serve(rv_nboard *nb, int in_fd, char *err, size_t errlen)
{
    input *in = calloc(1, sizeof *in);
    if (!in) {
        snprintf(err, errlen, "out of memory for the input");
        return -1;
    }
    in->nb = nb;
    in->fd = in_fd;
    pthread_mutex_init(&in->lock, NULL);
    pthread_cond_init(&in->more, NULL);
    pthread_t reader;
    if (pthread_create(&reader, NULL, read_input, in) != 0) {
        free_input(in);
        snprintf(err, errlen, "cannot start the input thread");
        return -1;
    }
    nb->before_search = before_search;
    nb->before_search_arg = in;
    line *l;
    bool going = true;
    while (going && (l = next_line(in)) != NULL) {
        if (l->kind == LINE_NUL)
            rv_nboard_error(nb, "a line with a NUL byte ('%.40s...'): ignored", l->text);
        else if (l->kind == LINE_TOO_LONG)
            rv_nboard_error(nb, "a line longer than %d bytes ('%.40s...'): ignored", RV_NBOARD_LINE_MAX, l->text);
        else
            going = rv_nboard_line(nb, l->text);
        free(l);
    }
    nb->before_search = NULL;
    pthread_mutex_lock(&in->lock);
    const bool reader_done = in->eof;
    in->closed = true;
    pthread_mutex_unlock(&in->lock);
    if (reader_done) {
        pthread_join(reader, NULL);
        free_input(in);
    } else {
        /* The reader waits for input we no longer want (after "quit"):
         * it frees the queue when it wakes, or the process ends first. */
        pthread_detach(reader);
    }
    return 0;
}
