/* Protocol reply lines (core/reply.h). */
#include "core/reply.h"

#include <stdarg.h>

void gts_reply(FILE *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(out, fmt, ap);
    va_end(ap);
    fputc('\n', out);
    fflush(out);
}
