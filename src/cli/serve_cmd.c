/* gts serve: the local web page and its JSON API (src/web/web.h); here
 * only the options, the address line and the signals. */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli_options.h"
#include "gts/c4.h"
#include "gts/c4_book.h"
#include "gts/tt_size.h"
#include "web/web.h"

static const char usage_text[] =
    "usage: gts serve [--port N] [--bind ADDR] [--www DIR] [--max-seconds S] [--tt-mb MB]\n"
    "                 [--book FILE|none] [--searches N] [--client-seconds S]\n"
    "                 [--allow-host NAME]... [--threads N] [--cache N]\n"
    "A web page to play and analyse in a browser, served on http://ADDR:N/ with\n"
    "its JSON API: GET /api/c4?moves=4453 answers every column's exact score\n"
    "(/api/othello, /api/gomoku the other games; &progress=1: lines of\n"
    "progress, then the answer).\n"
    "Ctrl-C or SIGTERM stops it.\n"
    "\n"
    "  --port N          (default 8080; 0: any free port, printed)\n"
    "  --bind ADDR       IPv4 address to listen on (default 127.0.0.1: this\n"
    "                    machine only)\n"
    "  --www DIR         the page's folder (default the bundled data/www)\n"
    "  --max-seconds S   a search's time bound, its wait for a place included\n"
    "                    (default 60)\n"
    "  --tt-mb MB        each search's table (default 16)\n"
    "  --searches N      searches at once, as many more waiting, at most 4 a\n"
    "                    client; beyond that 503 busy (default the cores)\n"
    "  --client-seconds S  a request must be in whole within S seconds of its\n"
    "                    connection (default 10)\n"
    "  --threads N       each search's threads (default the cores)\n"
    "  --cache N         answers kept, a position asked again answered at once\n"
    "                    (default 4096; 0: none)\n"
    "  --allow-host NAME only requests with this Host (repeat it for more;\n"
    "                    default any): others get 421\n"
    "  --book FILE|none  Connect 4: an opening book made by 'gts c4 book' (7x6;\n"
    "                    default the bundled c4/" C4_BUNDLED_BOOK ": every\n"
    "                    position up to the depth its name gives)\n";

static gts_stop stop = GTS_STOP_INIT;

#define MAX_HOSTS 16

typedef struct host_list {
    const char *name[MAX_HOSTS];
    int n;
} host_list;

static int add_host(void *target, const char *text, char *err, size_t errlen)
{
    host_list *l = target;
    if (!text[0] || strcspn(text, ":/ \t") != strlen(text)) {
        snprintf(err, errlen, "a host name without port, e.g. localhost or gts.example.org");
        return -1;
    }
    if (l->n == MAX_HOSTS) {
        snprintf(err, errlen, "at most %d of them", MAX_HOSTS);
        return -1;
    }
    l->name[l->n++] = text;
    return 0;
}

/* The page's folder must hold the page: a wrong --www served a 404 for
 * every page (issue 38, #24). */
static int check_www(const char *www)
{
    struct stat st;
    char index[PATH_MAX + 16];
    if (stat(www, &st) != 0) {
        cli_error("--www %s: %s", www, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        cli_error("--www %s: not a folder", www);
        return -1;
    }
    if (snprintf(index, sizeof index, "%s/index.html", www) >= (int)sizeof index || access(index, R_OK) != 0) {
        cli_error("--www %s: no readable index.html in it (the page's folder is data/www)", www);
        return -1;
    }
    return 0;
}

static void on_term(int sig)
{
    (void)sig;
    gts_stop_raise(&stop);
}

static void on_ready(int port, void *ctx)
{
    printf("gts serve: listening on http://%s:%d/\n", (const char *)ctx, port);
    fflush(stdout);
}

int serve_main(int argc, char **argv)
{
    /* 60 s: a Connect 4 position just past the bundled book's depth takes
     * seconds (4444: 6.3 s, 71 M nodes on one thread of the 2-core
     * machine; 17 s before the claimeven bounds), and the page shows its
     * progress meanwhile. */
    long port = 8080, max_seconds = 60;
    const char *bind = "127.0.0.1", *www = NULL, *book_path = NULL;
    /* A fresh table a request: at 64 MB the 55 requests of test_serve.sh
     * spent 11.6 s in the kernel clearing them, at 4 MB 1.0 s. */
    size_t tt_bytes = (size_t)16 << 20;
    const long cores = cli_cpus();
    long searches = cores > WEB_SEARCHES_MAX ? WEB_SEARCHES_MAX : cores, client_seconds = 10;
    long threads = cores, cache_slots = 4096;
    host_list hosts = { .n = 0 };
    const cli_option opts[] = {
        CLI_OPT_LONG("port", 0, &port, 0, 65535),
        CLI_OPT_STRING("bind", 0, &bind),
        CLI_OPT_STRING("www", 0, &www),
        CLI_OPT_LONG("max-seconds", 0, &max_seconds, 1, 3600),
        CLI_OPT_MB("tt-mb", &tt_bytes, 1, 1 << 14),
        CLI_OPT_STRING("book", 0, &book_path),
        CLI_OPT_LONG("searches", 0, &searches, 1, WEB_SEARCHES_MAX),
        CLI_OPT_LONG("client-seconds", 0, &client_seconds, 1, 3600),
        CLI_OPT_LONG("threads", 0, &threads, 1, 1024),
        CLI_OPT_LONG("cache", 0, &cache_slots, 0, 1 << 20),
        CLI_OPT_CUSTOM("allow-host", &hosts, add_host, NULL),
        CLI_OPT_END,
    };
    const cli_command cmd = { "serve", usage_text, NULL };
    const int n = cli_parse_options(&cmd, argc, argv, opts);
    if (n < 0)
        return cli_parse_status(n);
    if (n > 0) {
        cli_error("serve takes no operands (see 'gts serve --help')");
        return EXIT_USAGE;
    }
    char dir[PATH_MAX], page[PATH_MAX + 8];
    if (!www && cli_data_dir(dir, sizeof dir) == 0) {
        snprintf(page, sizeof page, "%s/www", dir);
        www = page;
    }
    if (!www) {
        cli_error("no page folder found (the bundled data are not installed): give --www DIR");
        return EXIT_USAGE;
    }
    if (check_www(www) != 0)
        return EXIT_USAGE;
    char err[256], bundled[PATH_MAX + 64];
    if (!book_path && cli_bundled_file("c4", C4_BUNDLED_BOOK, bundled, sizeof bundled) == 0)
        book_path = bundled;
    c4_book *book = NULL;
    if (book_path && strcmp(book_path, "none") != 0 &&
        !(book = c4_book_load(book_path, &c4_standard, err, sizeof err))) {
        cli_error("--book %s: %s", book_path, err);
        return EXIT_USAGE;
    }
    web_cache *cache = web_cache_create((size_t)cache_slots);
    if (!cache) {
        c4_book_free(book);
        cli_error("out of memory for --cache %ld", cache_slots);
        return EXIT_FAIL;
    }
    cli_stop_on_interrupt(&stop);
    signal(SIGTERM, on_term);
    const char *slash = book ? strrchr(book_path, '/') : NULL;
    const web_options o = { bind,    (int)port, www,        (double)max_seconds,  tt_bytes, book,
                            &stop,   (int)searches, (double)client_seconds, hosts.name, hosts.n,
                            (int)threads, cache, book ? (slash ? slash + 1 : book_path) : NULL };
    const int rc = web_serve(&o, on_ready, (void *)bind, err, sizeof err);
    web_cache_free(cache);
    c4_book_free(book);
    if (rc != 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    return EXIT_OK;
}
