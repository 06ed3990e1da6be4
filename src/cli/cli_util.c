/* The small conversions every command shares (cli/cli.h): a whole
 * number's text, the CPUs online, a JSON string.  (The clock is core's:
 * gts_now_usec, core/clock.h.) */
#include <stdio.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/number.h"

int cli_int(const char *s, long min, long max, long *out)
{
    return gts_whole_number(s, min, max, out) ? 0 : -1;
}

int cli_cpus(void)
{
    const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return cpus > 1 ? (int)cpus : 1;
}

void cli_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        const unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}
