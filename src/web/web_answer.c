/* The JSON error answer (web_answer.h). */
#include "web/web_answer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "web/web_json.h"

web_answer web_error(int status, const char *fmt, ...)
{
    char msg[256], text[WEB_JSON_ROOM(sizeof msg)];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    web_json_escape(text, sizeof text, msg);
    web_answer a = { status, malloc(sizeof text + 16), 0 };
    if (a.body)
        snprintf(a.body, sizeof text + 16, "{\"error\":\"%s\"}\n", text);
    return a;
}
