/* The small conversions every command shares (cli/cli.h): a whole
 * number's text, the CPUs this process may run on, a JSON string.  (The clock is core's:
 * gts_now_usec, core/clock.h.) */
#include <sched.h>
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
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);   /* taskset, a container's cpuset */
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
