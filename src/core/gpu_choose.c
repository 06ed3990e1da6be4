/* Choosing the device of a process (gts/gpu.h): done through
 * CUDA_VISIBLE_DEVICES before CUDA starts, so that every backend and every
 * thread, each of which would otherwise open device 0 of its own, uses
 * the device chosen without a word of CUDA in the choice. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gts/gpu.h"

/* The list CUDA_VISIBLE_DEVICES gives (NULL if unset), its entries in
 * entry[0..n). */
static int visible_list(char *copy, size_t len, char **entry, int max)
{
    const char *v = getenv("CUDA_VISIBLE_DEVICES");
    if (!v)
        return -1;
    snprintf(copy, len, "%s", v);
    int n = 0;
    for (char *save, *tok = strtok_r(copy, ",", &save); tok && n < max; tok = strtok_r(NULL, ",", &save))
        entry[n++] = tok;
    return n;
}

int gts_gpu_visible_count(void)
{
    char copy[1024], *entry[256];
    const int listed = visible_list(copy, sizeof copy, entry, 256);
    if (listed >= 0)
        return listed;
    /* The driver makes /dev/nvidia0, /dev/nvidia1, ... one per GPU. */
    DIR *d = opendir("/dev");
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        unsigned index;
        char end;
        if (sscanf(e->d_name, "nvidia%u%c", &index, &end) == 1)
            n++;
    }
    if (d)
        closedir(d);
    return n;
}

int gts_gpu_choose(int index, char *err, size_t errlen)
{
    const int n = gts_gpu_visible_count();
    if (index < 0 || index >= n) {
        snprintf(err, errlen, "no GPU %d: %d visible to this process", index, n);
        return -1;
    }
    char copy[1024], *entry[256], one[64];
    if (visible_list(copy, sizeof copy, entry, 256) >= 0)
        snprintf(one, sizeof one, "%s", entry[index]);
    else
        snprintf(one, sizeof one, "%d", index);
    return setenv("CUDA_VISIBLE_DEVICES", one, 1) == 0 ? 0 : -1;
}
