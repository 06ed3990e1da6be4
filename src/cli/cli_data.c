/* Where the data are found (cli/cli.h): a folder named on the command line or
 * in $GTS_DATA, else the bundled samples: installed beside the executable,
 * in the source tree a build tree's gts came from, or at the install
 * prefix compiled in.  CMakeLists.txt defines the three places. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

int cli_data_override(const char *given, const char **dir)
{
    const char *env = getenv("GTS_DATA");
    *dir = given ? given : env && *env ? env : NULL;
    struct stat st;
    if (!*dir)
        return 0;
    const bool exists = stat(*dir, &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        return 0;
    cli_error("%s: %s%s", exists ? "not a directory" : errno == ENOENT ? "no such directory" : strerror(errno), *dir,
              given ? "" : " ($GTS_DATA)");
    return -1;
}

/* The folder of the running executable (symbolic links followed), or ""
 * if the system does not say. */
static void exe_dir(char *dir, size_t len)
{
    const ssize_t n = readlink("/proc/self/exe", dir, len - 1);
    dir[n > 0 ? n : 0] = '\0';
    char *slash = strrchr(dir, '/');
    *(slash ? slash : dir) = '\0';
}

int cli_data_dir(char *dir, size_t len)
{
    char beside[PATH_MAX];
    exe_dir(beside, sizeof beside);
    const char *const places[][2] = {
        { beside, "/" GTS_DATA_FROM_BIN },
        { GTS_SOURCE_DATA_DIR, "" },
        { GTS_DATA_DIR, "" },
    };
    for (size_t i = 0; i < sizeof places / sizeof *places; i++) {
        char path[PATH_MAX + 64], *real;
        struct stat st;
        snprintf(path, sizeof path, "%s%s", places[i][0], places[i][1]);
        if (places[i][0][0] && stat(path, &st) == 0 && S_ISDIR(st.st_mode) && (real = realpath(path, NULL))) {
            snprintf(dir, len, "%s", real);
            free(real);
            return 0;
        }
    }
    dir[0] = '\0';
    return -1;
}

int cli_bundled_file(const char *sub, const char *file, char *path, size_t len)
{
    char dir[PATH_MAX];
    if (cli_data_dir(dir, sizeof dir) != 0)
        return -1;
    snprintf(path, len, "%s/%s/%s", dir, sub, file);
    return access(path, F_OK);
}
