/* gts serve in a build without libmicrohttpd: says so. */
#include <stdio.h>

#include "web/web.h"

int web_serve(const web_options *o, void (*ready)(int port, void *ctx), void *ctx, char *err, size_t errlen)
{
    (void)o, (void)ready, (void)ctx;
    snprintf(err, errlen, "this gts was built without libmicrohttpd (apt-get install libmicrohttpd-dev, then build "
                          "again)");
    return -1;
}
