/* The ABDADA table's storage (busy.h). */
#include "core/busy.h"

#include <stdlib.h>

gts_busy *gts_busy_create(void)
{
    return calloc(1, sizeof(gts_busy));
}

void gts_busy_free(gts_busy *b)
{
    free(b);
}
