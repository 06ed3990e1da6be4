/* The small conversions every command shares (cli/cli.h): a whole
 * number's text, the CPUs this process may run on and the machine's note
 * in a CSV, a JSON string.  (The clock is core's:
 * gts_now_usec, core/clock.h.) */
#include <sched.h>
#include <stdio.h>
#include <string.h>
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

void cli_csv_machine(FILE *f)
{
    char model[256] = "unknown CPU", line[512];
    FILE *info = fopen("/proc/cpuinfo", "r");
    while (info && fgets(line, sizeof line, info)) {
        const char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) == 0 && colon) {
            snprintf(model, sizeof model, "%s", colon + 1 + strspn(colon + 1, " \t"));
            model[strcspn(model, "\r\n")] = '\0';
            break;
        }
    }
    if (info)
        fclose(info);
    const int cores = cli_cpus();
    fprintf(f, "# machine: %s, %d core%s\n", model, cores, cores == 1 ? "" : "s");
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
