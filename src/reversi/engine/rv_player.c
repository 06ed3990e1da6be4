/* Players "ALGO:key=value,..." and a game between two of them. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "reversi/engine/rv_player.h"

static const char *const algo_names[] = { [RV_ALGO_MINIMAX] = "minimax", [RV_ALGO_ALPHABETA] = "alphabeta",
                                          [RV_ALGO_PVS] = "pvs" };
static const char *const backend_names[] = { [RVP_SERIAL] = "serial", [RVP_THREADS] = "threads" };
static const char *const wpc_names[] = { [RV_WPC_CTDL] = "ctdl", [RV_WPC_STANDARD] = "standard" };

/* The index of name in names[0..n), or -1. */
static int lookup(const char *name, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}

/* One KEY=VALUE of a spec; *backend_given tells that backend= came. */
static int parse_key(rvp_spec *p, const char *key, const char *value, bool *backend_given, char *err, size_t errlen)
{
    long v;
    int i;
    if (strcmp(key, "depth") == 0) {
        if (cli_int(value, 1, RV_MAX_DEPTH, &v) != 0)
            goto bad_number;
        p->o.depth = (int)v;
        p->has_depth = true;
    } else if (strcmp(key, "threads") == 0) {
        if (cli_int(value, 1, 256, &v) != 0)
            goto bad_number;
        p->o.threads = (int)v;
    } else if (strcmp(key, "tt-mb") == 0) {
        if (cli_int(value, 1, 1 << 20, &v) != 0)
            goto bad_number;
        p->o.tt_bytes = (size_t)v << 20;
    } else if (strcmp(key, "mobility") == 0) {
        if (cli_int(value, 0, 100000, &v) != 0)
            goto bad_number;
        p->o.mobility_weight = (int)v;
    } else if (strcmp(key, "backend") == 0) {
        if ((i = lookup(value, backend_names, 2)) < 0) {
            snprintf(err, errlen, "backend '%s' is not serial or threads", value);
            return -1;
        }
        p->backend = (rvp_backend)i;
        *backend_given = true;
    } else if (strcmp(key, "wpc") == 0) {
        if ((i = lookup(value, wpc_names, 2)) < 0) {
            snprintf(err, errlen, "wpc '%s' is not ctdl or standard", value);
            return -1;
        }
        p->o.wpc = (rv_wpc)i;
    } else {
        snprintf(err, errlen, "unknown key '%s' (depth, backend, threads, tt-mb, wpc, mobility)", key);
        return -1;
    }
    return 0;
bad_number:
    snprintf(err, errlen, "%s=%s is out of range or not a number", key, value);
    return -1;
}

static int parse(const char *text, rvp_spec *p, char *err, size_t errlen)
{
    char buf[sizeof p->text];
    if (strlen(text) >= sizeof buf) {
        snprintf(err, errlen, "longer than %zu characters", sizeof buf - 1);
        return -1;
    }
    memset(p, 0, sizeof *p);
    strcpy(p->text, text);
    strcpy(buf, text);
    rv_search_defaults(&p->o);
    p->o.threads = 1;
    char *keys = strchr(buf, ':');
    if (keys)
        *keys++ = '\0';
    const int a = lookup(buf, algo_names, 3);
    if (a < 0) {
        snprintf(err, errlen, "algorithm '%s' is not minimax, alphabeta or pvs", buf);
        return -1;
    }
    p->o.algo = (rv_algo)a;
    bool backend_given = false;
    for (char *kv = keys, *next; kv; kv = next) {
        next = strchr(kv, ',');
        if (next)
            *next++ = '\0';
        char *eq = strchr(kv, '=');
        if (!eq || eq == kv) {
            snprintf(err, errlen, "'%s' is not KEY=VALUE", kv);
            return -1;
        }
        *eq = '\0';
        if (parse_key(p, kv, eq + 1, &backend_given, err, errlen) != 0)
            return -1;
    }
    if (!backend_given)
        p->backend = p->o.threads > 1 ? RVP_THREADS : RVP_SERIAL;
    if (p->backend == RVP_SERIAL && p->o.threads > 1) {
        snprintf(err, errlen, "the serial backend runs one thread, not %d (backend=threads)", p->o.threads);
        return -1;
    }
    return 0;
}

int rvp_parse(const char *text, rvp_spec *spec, char *err, size_t errlen)
{
    char why[192];
    if (parse(text, spec, why, sizeof why) == 0)
        return 0;
    snprintf(err, errlen, "bad player '%s': %s (ALGO[:KEY=VALUE,...], e.g. pvs:depth=6,threads=4)", text, why);
    return -1;
}

void rvp_describe(const rvp_spec *spec, char *out, size_t len)
{
    snprintf(out, len, "%s, %s backend, %d thread%s, %s weights", algo_names[spec->o.algo],
             backend_names[spec->backend], spec->o.threads, spec->o.threads > 1 ? "s" : "", wpc_names[spec->o.wpc]);
}

int rvp_create(rvp_player *p, const rvp_spec *spec, int depth, gts_stop *stop, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    p->spec = *spec;
    p->spec.o.depth = depth;
    p->spec.o.stop = stop;
    p->searcher = rv_searcher_create(&p->spec.o, err, errlen);
    return p->searcher ? 0 : -1;
}

void rvp_free(rvp_player *p)
{
    rv_searcher_free(p->searcher);
    p->searcher = NULL;
}

static int discs(const uint64_t *w, int words)
{
    int n = 0;
    for (int i = 0; i < words; i++)
        n += __builtin_popcountll(w[i]);
    return n;
}

int rvp_play_game(rvp_player *black, rvp_player *white, int width, int height, const gts_stop *stop, rvp_game *g,
                  char *err, size_t errlen)
{
    static rvb b;
    if (rvb_init(&b, width, height, err, errlen) != 0)
        return -1;
    memset(g, 0, sizeof *g);
    g->width = width;
    g->height = height;
    rv_searcher_clear(black->searcher);
    rv_searcher_clear(white->searcher);
    bool black_to_move = true;
    while (!rvb_game_over(&b)) {
        if (gts_stop_raised(stop)) {
            g->stopped = true;
            return 0;
        }
        uint64_t moves[RVB_MAX_WORDS];
        const int n = rvb_moves(&b, moves);
        int move = RVB_PASS;
        if (n > 0) {
            rvp_player *p = black_to_move ? black : white;
            rv_result r;
            const double t0 = cli_now_usec();
            rv_searcher_run(p->searcher, &b, &r);
            p->usec += cli_now_usec() - t0;
            p->searches++;
            p->nodes += r.nodes;
            g->positions++;
            g->legal_moves += n;
            if (gts_stop_raised(stop))
                continue;
            move = r.move;
            if (move == RVB_PASS || move == RVB_NO_MOVE || !rvb_play(&b, move)) {
                snprintf(err, errlen, "player '%s' answered move %d, illegal on move %d", p->spec.text, move,
                         g->n + 1);
                return -1;
            }
        } else {
            rvb_pass(&b);
        }
        g->moves[g->n++] = (int16_t)move;
        black_to_move = !black_to_move;
    }
    const int mine = discs(b.me, b.words), theirs = discs(b.opp, b.words);
    g->black_discs = black_to_move ? mine : theirs;
    g->white_discs = black_to_move ? theirs : mine;
    g->score = black_to_move ? rvb_final_score(&b) : -rvb_final_score(&b);
    return 0;
}

int rvp_play_match(rvp_player *players[2], int width, int height, const gts_stop *stop, rvp_match *m, char *err,
                   size_t errlen)
{
    memset(m, 0, sizeof *m);
    for (int i = 0; i < 2; i++) {
        m->usec[i] = -players[i]->usec;
        m->searches[i] = -players[i]->searches;
        m->nodes[i] = -players[i]->nodes;
    }
    for (int k = 0; k < 2 && !m->stopped; k++) {
        if (rvp_play_game(players[k], players[1 - k], width, height, stop, &m->games[k], err, errlen) != 0)
            return -1;
        m->stopped = m->games[k].stopped;
    }
    for (int i = 0; i < 2; i++) {
        m->usec[i] += players[i]->usec;
        m->searches[i] += players[i]->searches;
        m->nodes[i] += players[i]->nodes;
    }
    return 0;
}

void rvp_format_moves(const rvp_game *g, char *out, size_t len)
{
    static rvb b;
    char err[128];
    size_t used = 0;
    out[0] = '\0';
    if (rvb_init(&b, g->width, g->height, err, sizeof err) != 0)
        return;
    for (int i = 0; i < g->n && used + 8 < len; i++) {
        rvb_format_square(&b, g->moves[i], out + used);
        used += strlen(out + used);
    }
}
