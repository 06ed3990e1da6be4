/* Players "ALGO:key=value,..." (rv_player.h). */
#include "reversi/engine/rv_player.h"

#include <stdio.h>
#include <string.h>

#include "core/gpu/gpv_search.h"
#include "core/number.h"

static const char *const algo_names[] = { [RV_ALGO_MINIMAX] = "minimax", [RV_ALGO_ALPHABETA] = "alphabeta",
                                          [RV_ALGO_PVS] = "pvs" };
static const char *const backend_names[] = { [RVP_SERIAL] = "serial", [RVP_THREADS] = "threads", [RVP_GPU] = "gpu" };
static const char *const executor_names[] = { [RVG_EXEC_GPU] = "gpu", [RVG_EXEC_CPU] = "cpu" };
static const char *const layout_names[] = { [RVG_BYTES] = "bytes", [RVG_ROWS] = "rows" };
static const char *const unit_names[] = { "block", "warp" };
static const char *const wpc_names[] = { [RV_WPC_CTDL] = "ctdl", [RV_WPC_STANDARD] = "standard" };
static const char *const parallel_names[] = { [RV_PAR_YBWC] = "ybwc", [RV_PAR_PVSPLIT] = "pvsplit",
                                              [RV_PAR_LAZY] = "lazy" };

/* The index of name in names[0..n), or -1. */
static int lookup(const char *name, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}

/* The index of value in names[0..n), or -1 with "KEY 'value' is not
 * a, b or c" in err. */
static int choose(const char *key, const char *value, const char *const *names, int n, char *err, size_t errlen)
{
    const int i = lookup(value, names, n);
    if (i < 0) {
        int at = snprintf(err, errlen, "%s '%s' is not ", key, value);
        for (int k = 0; k < n && at >= 0 && (size_t)at < errlen; k++)
            at += snprintf(err + at, errlen - (size_t)at, "%s%s", k == 0 ? "" : k == n - 1 ? " or " : ", ", names[k]);
    }
    return i;
}

/* The GPU backend's keys (checked against the backend once all are read). */
static int parse_gpu_key(rvp_spec *p, const char *key, const char *value, char *err, size_t errlen)
{
    long v;
    int i;
    if (strcmp(key, "executor") == 0) {
        if ((i = choose("executor", value, executor_names, 2, err, errlen)) < 0)
            return -1;
        p->gpu.executor = (rvg_executor)i;
    } else if (strcmp(key, "layout") == 0) {
        if ((i = choose("layout", value, layout_names, 2, err, errlen)) < 0)
            return -1;
        p->gpu.layout = (rvg_layout)i;
    } else if (strcmp(key, "block") == 0) {
        if (!gts_whole_number(value, 32, 1024, &v) || v % 32) {
            snprintf(err, errlen, "block=%s is not a multiple of 32 in 32..1024", value);
            return -1;
        }
        p->gpu.block_threads = (int)v;
    } else if (strcmp(key, "unit") == 0) {
        if ((i = choose("unit", value, unit_names, 2, err, errlen)) < 0)
            return -1;
        p->gpu.per_warp = i == 1;
    } else if (strcmp(key, "split") == 0) {
        if (!gts_whole_number(value, 1, 2, &v)) {
            snprintf(err, errlen, "split=%s is not 1 or 2", value);
            return -1;
        }
        p->gpu.split = (int)v;
    } else {
        snprintf(err, errlen,
                 "unknown key '%s' (depth, backend, threads, parallel, tt-mb, wpc, mobility; with backend=gpu executor, "
                 "layout, block, unit, split)",
                 key);
        return -1;
    }
    p->has_gpu_key = true;
    return 0;
}

/* One KEY=VALUE of a spec; *backend_given tells that backend= came. */
static int parse_key(rvp_spec *p, const char *key, const char *value, bool *backend_given, char *err, size_t errlen)
{
    long v;
    int i;
    if (strcmp(key, "depth") == 0) {
        if (!gts_whole_number(value, 1, RV_MAX_DEPTH, &v))
            goto bad_number;
        p->o.depth = (int)v;
        p->has_depth = true;
    } else if (strcmp(key, "threads") == 0) {
        if (!gts_whole_number(value, 1, 256, &v))
            goto bad_number;
        p->o.threads = (int)v;
    } else if (strcmp(key, "tt-mb") == 0) {
        if (!gts_whole_number(value, 1, 1 << 20, &v))
            goto bad_number;
        p->o.tt_bytes = (size_t)v << 20;
        p->has_tt = true;
    } else if (strcmp(key, "mobility") == 0) {
        if (!gts_whole_number(value, 0, 100000, &v))
            goto bad_number;
        p->o.mobility_weight = (int)v;
    } else if (strcmp(key, "backend") == 0) {
        if ((i = choose("backend", value, backend_names, 3, err, errlen)) < 0)
            return -1;
        p->backend = (rvp_backend)i;
        *backend_given = true;
    } else if (strcmp(key, "parallel") == 0) {
        if ((i = choose("parallel", value, parallel_names, 3, err, errlen)) < 0)
            return -1;
        p->o.parallel = (rv_parallel)i;
    } else if (strcmp(key, "wpc") == 0) {
        if ((i = choose("wpc", value, wpc_names, 2, err, errlen)) < 0)
            return -1;
        p->o.wpc = (rv_wpc)i;
    } else {
        return parse_gpu_key(p, key, value, err, errlen);
    }
    return 0;
bad_number:
    snprintf(err, errlen, "%s=%s is out of range or not a number", key, value);
    return -1;
}

/* backend=gpu: PV-split (alphabeta's value), its keys only with it. */
/* Whether the GPU player searches `depth` (the block's stack holds
 * GPV_MAX_PLY plies); if not, why in err, after `who`. */
static bool gpu_depth_fits(int depth, const char *who, char *err, size_t errlen)
{
    if (depth <= GPV_MAX_PLY + 1)
        return true;
    snprintf(err, errlen, "%sbackend=gpu searches depth 1..%d, not %d", who, GPV_MAX_PLY + 1, depth);
    return false;
}

static int check_gpu(rvp_spec *p, char *err, size_t errlen)
{
    if (p->backend != RVP_GPU) {
        if (p->has_gpu_key)
            snprintf(err, errlen, "executor, layout, block, unit and split are keys of backend=gpu");
        return p->has_gpu_key ? -1 : 0;
    }
    if (p->o.algo == RV_ALGO_MINIMAX || p->o.threads > 1 || p->has_tt) {
        snprintf(err, errlen, "backend=gpu is PV-split: pvs or alphabeta, no threads= or tt-mb=");
        return -1;
    }
    if (p->has_depth && !gpu_depth_fits(p->o.depth, "", err, errlen))
        return -1;
    p->gpu.wpc = p->o.wpc;
    p->gpu.mobility = p->o.mobility_weight;
    return 0;
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
    return check_gpu(p, err, errlen);
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
    if (spec->backend == RVP_GPU) {
        char block[32] = "default";
        if (spec->gpu.block_threads)
            snprintf(block, sizeof block, "%d", spec->gpu.block_threads);
        snprintf(out, len,
                 "pv-split, gpu backend on the %s executor, %s layout, %s threads a block, a %s per %s, %s weights",
                 executor_names[spec->gpu.executor], layout_names[spec->gpu.layout], block,
                 unit_names[spec->gpu.per_warp], spec->gpu.split == 2 ? "sibling's child" : "sibling",
                 wpc_names[spec->o.wpc]);
        return;
    }
    char threads[48];
    snprintf(threads, sizeof threads, spec->o.threads > 1 ? "%d threads (%s)" : "1 thread", spec->o.threads,
             parallel_names[spec->o.parallel]);
    snprintf(out, len, "%s, %s backend, %s, %s weights", algo_names[spec->o.algo], backend_names[spec->backend],
             threads, wpc_names[spec->o.wpc]);
}

int rvp_create(rvp_player *p, const rvp_spec *spec, int depth, gts_stop *stop, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    p->spec = *spec;
    p->spec.o.depth = depth;
    p->spec.o.stop = stop;
    if (spec->backend == RVP_GPU) {
        char who[160];
        snprintf(who, sizeof who, "player '%s': ", spec->text);
        if (!gpu_depth_fits(depth, who, err, errlen))
            return -1;
        p->spec.gpu.stop = stop;
        p->gpu = rvg_create(&p->spec.gpu, err, errlen);
        return p->gpu ? 0 : -1;
    }
    p->searcher = rv_searcher_create(&p->spec.o, err, errlen);
    return p->searcher ? 0 : -1;
}

void rvp_free(rvp_player *p)
{
    rv_searcher_free(p->searcher);
    p->searcher = NULL;
    rvg_free(p->gpu);
    p->gpu = NULL;
}

void rvp_clear(rvp_player *p)
{
    if (p->searcher)
        rv_searcher_clear(p->searcher);
}

int rvp_search(rvp_player *p, const rvb *b, rv_result *r, char *err, size_t errlen)
{
    if (!p->gpu) {
        rv_searcher_run(p->searcher, b, r);
        return 0;
    }
    const int rc = rvg_search(p->gpu, b, p->spec.o.depth, r, &p->gpu_stats, err, errlen);
    if (rc == 1)
        *r = (rv_result){ .move = RVB_NO_MOVE };
    return rc < 0 ? -1 : 0;
}
