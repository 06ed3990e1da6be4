/* A line of progress, formatted for its sink (web_progress.h). */
#include "web/web_progress.h"

#include <stdarg.h>
#include <stdio.h>

void web_progress_line(web_progress *p, const char *fmt, ...)
{
    if (!p)
        return;
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line - 1)
        return;   /* no progress line is that long */
    line[n] = '\n';
    p->line(p, line, (size_t)n + 1);
}
