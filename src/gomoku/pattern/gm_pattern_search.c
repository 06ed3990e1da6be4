/*
 * The pattern search (GM_ALGO_PATTERN): the engine's search, on a board
 * that keeps every cell's patterns (gm_pboard.h).
 *
 * Threats decide before any search: a five to make wins, two five points
 * of the opponent lose, an unstoppable four to make wins in three, a
 * single five point of the opponent's is blocked at once (without using
 * depth).  A side facing a move that would give the opponent an open four
 * or a double four only tries the opponent's four points and its own
 * fours: every defence of a three is among them.
 *
 * The rest is iterative deepening with aspiration windows and PVS over a
 * table, null moves and futility where no such threat is pending, late
 * moves reduced and (near the horizon) pruned by what the move makes and
 * blocks.  The side to move's fours and open threes, like the forced
 * answers, cost no depth: the threat sequences that decide games are
 * followed about twice as deep as the rest (docs/notes/gomoku_search.md
 * has what each piece was worth against Rapfi).
 */
#include "gomoku/pattern/gm_pattern_search.h"

#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/deadline.h"
#include "core/threads.h"
#include "gomoku/gm_renju.h"
#include "gomoku/gm_search_internal.h"

#define ASPIRATION 60          /* half the first window, in evaluation units */
#define NULL_REDUCTION 2
#define HISTORY_CAP 400        /* history never outweighs a real shape */
#define QUIESCENCE_FOURS 5     /* fours the side to move may play past the horizon */
#define SHUT_DEPTH 1           /* caro: plies a five's shut costs (answer_fives) */
#define FUTILITY_DEPTH 4       /* a calm node this near the horizon ... */
#define FUTILITY_MARGIN 110    /* ... this far above beta per ply stands on its evaluation */

enum { KEY_TABLE = 1 << 30, KEY_KILLER = (1 << 30) - 2 };

/* Moves tried at a node, each with its ordering key. */
static int gen_moves(gm_pctx *c, bool facing, int tt_move, int ply)
{
    gm_pboard *pb = &c->pb;
    const gm_board *b = &pb->b;
    const int me = b->side, opp = me ^ 1;
    const bool renju_black = b->rule == GM_RENJU && me == GM_BLACK;
    int16_t *moves = c->moves[ply];
    int32_t *keys = c->keys[ply];
    int n = 0;
    if (b->stones == 0) {
        moves[0] = (int16_t)gm_cell(b, b->width / 2, b->height / 2);
        keys[0] = 0;
        return 1;
    }
    uint32_t rows[GM_MAX_SIZE];
    gm_candidate_rows(b, rows);
    for (int y = 0; y < b->height; y++)
        for (uint32_t row = rows[y]; row; row &= row - 1) {
            const int cell = gm_cell(b, __builtin_ctz(row), y);
            if (facing && pb->pattern[opp][cell] < GM_CP_BLOCK4 && pb->pattern[me][cell] < GM_CP_BLOCK4)
                continue;
            if (renju_black && gm_renju_forbidden(&pb->b, cell))
                continue;
            const int32_t h = c->history[me][cell];
            moves[n] = (int16_t)cell;
            keys[n++] = cell == tt_move                                             ? KEY_TABLE
                        : cell == c->killer[ply][0] || cell == c->killer[ply][1] ? KEY_KILLER
                        : 2 * pb->value[me][cell] + pb->value[opp][cell] + (h < HISTORY_CAP ? h : HISTORY_CAP);
        }
    return n;
}

/* Brings the best of moves[i..n) to i: a selection sort that a cutoff
 * ends early. */
static int pick(gm_pctx *c, int ply, int i, int n)
{
    int16_t *moves = c->moves[ply];
    int32_t *keys = c->keys[ply];
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (keys[j] > keys[best])
            best = j;
    const int16_t m = moves[best];
    const int32_t k = keys[best];
    moves[best] = moves[i], keys[best] = keys[i];
    moves[i] = m, keys[i] = k;
    return m;
}

/* The horizon's value: the evaluation, and the side to move's double
 * threats where the opponent has no four to answer them with. */
static int32_t leaf(const gm_pboard *pb)
{
    const int me = pb->b.side, opp = me ^ 1;
    int32_t v = gm_pboard_eval(pb);
    if (!gm_pboard_has(pb, opp, GM_CP_BLOCK4) &&
        (pb->count[me][GM_CP_FLEX3_2X] || pb->count[me][GM_CP_BLOCK4_FLEX3]))
        v += 800;
    return v;
}

static bool stop_now(gm_pctx *c)
{
    if (gts_check_due(c->nodes, &c->next_check) &&
        (gts_should_stop(c->o->stop, c->deadline) || (c->halt && atomic_load_explicit(c->halt, memory_order_relaxed)) ||
         (c->o->max_nodes && c->nodes >= c->o->max_nodes)))
        c->stopped = true;
    return c->stopped;
}

/* A move neither side's three or better: reducible, prunable. */
static bool quiet(const gm_pboard *pb, int m)
{
    return pb->pattern[0][m] < GM_CP_FLEX3 && pb->pattern[1][m] < GM_CP_FLEX3;
}

static int32_t node(gm_pctx *c, int depth, int32_t alpha, int32_t beta, int ply, bool null_ok);

/* The value of the move played last at ply + 1, PVS with a reduction. */
static int32_t child(gm_pctx *c, int depth, int reduce, int32_t alpha, int32_t beta, int ply, bool first)
{
    if (first)
        return -node(c, depth - 1, -beta, -alpha, ply + 1, true);
    int32_t v = -node(c, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1, true);
    if (v > alpha && reduce && !c->stopped)
        v = -node(c, depth - 1, -alpha - 1, -alpha, ply + 1, true);
    if (v > alpha && v < beta && !c->stopped)
        v = -node(c, depth - 1, -beta, -alpha, ply + 1, true);
    return v;
}

/* A cell where colour makes an unstoppable four (open four, two fours)
 * and may play, or GM_NO_MOVE. */
static int unstoppable(gm_pboard *pb, int colour)
{
    if (!pb->count[colour][GM_CP_FLEX4])
        return GM_NO_MOVE;
    if (pb->b.rule != GM_RENJU || colour != GM_BLACK)
        return gm_pboard_find(pb, colour, GM_CP_FLEX4);
    for (int cell = 0; cell < pb->b.cells; cell++)
        if (pb->pattern[colour][cell] == GM_CP_FLEX4 && !gm_renju_forbidden(&pb->b, cell))
            return cell;
    return GM_NO_MOVE;
}

/* The threats that decide a node without search, or GM_INF. */
static int32_t decided(gm_pboard *pb, int ply)
{
    const gm_board *b = &pb->b;
    const int me = b->side, opp = me ^ 1;
    if (b->winner >= 0)
        return -(GM_WIN - ply);
    if (b->stones == b->cells)
        return 0;
    if (pb->count[me][GM_CP_FIVE])
        return GM_WIN - (ply + 1);
    if (pb->count[opp][GM_CP_FIVE] > 1 && !pb->caro)   /* caro: answer_fives' */
        return -(GM_WIN - (ply + 2));
    if (!pb->count[opp][GM_CP_FIVE] && unstoppable(pb, me) != GM_NO_MOVE)
        return GM_WIN - (ply + 3);
    return GM_INF;
}

/* The moves of a node past the threats: table, null move, the loop. */
static int32_t search_moves(gm_pctx *c, int depth, int32_t alpha, int32_t beta, int ply, bool null_ok)
{
    gm_pboard *pb = &c->pb;
    gm_board *b = &pb->b;
    const bool pv = beta - alpha > 1;
    const int32_t alpha0 = alpha;
    int tt_move = GM_NO_MOVE;
    htt_hit hit;
    if (htt_probe(c->tt, b->hash, &hit)) {
        tt_move = hit.move;
        const int32_t v = gm_from_table(hit.score, ply);
        if (!pv && hit.depth >= depth &&
            (hit.bound == HTT_BOUND_EXACT || (hit.bound == HTT_BOUND_LOWER && v >= beta) ||
             (hit.bound == HTT_BOUND_UPPER && v <= alpha)))
            return v;
    }
    const bool facing = pb->count[b->side ^ 1][GM_CP_FLEX4] > 0;
    /* Futility: no threat of the opponent's in sight, and so far above
     * beta that a few plies will not bring it down (against Rapfi at
     * 200 ms: 9.5 % of 232 games, 8.2 % without). */
    if (!pv && !facing && depth <= FUTILITY_DEPTH) {
        const int32_t eval = leaf(pb);   /* only where it can prune: every node pays for it */
        if (eval - FUTILITY_MARGIN * depth >= beta && !gm_pboard_has(pb, b->side ^ 1, GM_CP_BLOCK4_FLEX3))
            return eval;
    }
    if (!pv && null_ok && !facing && depth >= 3 && gm_pboard_eval(pb) >= beta) {
        gm_pass(b);
        const int32_t v = -node(c, depth - 1 - NULL_REDUCTION, -beta, -beta + 1, ply + 1, false);
        gm_pass(b);
        if (c->stopped)
            return 0;
        if (v >= beta)
            return v > GM_WIN_BOUND ? beta : v;
    }
    const int n = gen_moves(c, facing, tt_move, ply);
    /* One or two defences: the line is forced, so it costs no depth
     * (within twice the depth under way, as threats can go on). */
    const bool forced = ply < 2 * c->root_depth;
    const int extend = facing && n <= 2 && forced;
    int32_t best = -GM_INF;
    int best_move = GM_NO_MOVE;
    for (int i = 0; i < n; i++) {
        const int m = pick(c, ply, i, n);
        const bool calm = !facing && quiet(pb, m);
        if (!pv && calm && depth <= 3 && i >= 4 + 3 * depth && best > -GM_WIN_BOUND)
            continue;
        const int reduce = calm && depth >= 3 && i >= 3 ? 1 + (i >= 10 && depth >= 5) : 0;
        /* A four or an open three of the side to move costs no depth
         * either: the opponent's answers are few, and the threat
         * sequences that decide games run twice as deep as the search
         * (against Rapfi at 200 ms: 15.1 % of 232 games, 9.5 % without;
         * fours alone 8.2 %). */
        const int threat = !extend && forced && pb->pattern[b->side][m] >= GM_CP_FLEX3;
        gm_pboard_play(pb, m);
        const int32_t v = child(c, depth + extend + threat, reduce, alpha, beta, ply, i == 0);
        gm_pboard_undo(pb);
        if (c->stopped)
            return 0;
        if (ply == 0 && v > alpha)
            c->root_partial = m;
        if (v > best) {
            best = v;
            best_move = m;
            if (v > alpha)
                alpha = v;
            if (alpha >= beta) {
                gm_note_cutoff(c->killer[ply], &c->history[b->side][m], m, depth);
                break;
            }
        }
    }
    if (ply == 0)
        c->root_move = best_move;
    const int bound = best <= alpha0 ? HTT_BOUND_UPPER : best >= beta ? HTT_BOUND_LOWER : HTT_BOUND_EXACT;
    htt_store(c->tt, b->hash, gm_to_table(best, ply), best_move, depth, bound);
    return best;
}

/*
 * Past the horizon the side to move may stand on the evaluation or play a
 * four: each is answered by its forced block, so this is a search for
 * wins by continuous fours, QUIESCENCE_FOURS deep, with the evaluation
 * where they run out.
 */
static int32_t quiesce(gm_pctx *c, int depth, int32_t alpha, int32_t beta, int ply)
{
    gm_pboard *pb = &c->pb;
    const int me = pb->b.side;
    int32_t best = leaf(pb);
    if (best >= beta || depth <= -QUIESCENCE_FOURS || !gm_pboard_has(pb, me, GM_CP_BLOCK4))
        return best;
    if (best > alpha)
        alpha = best;
    for (int cell = 0; cell < pb->b.cells; cell++) {
        if (pb->pattern[me][cell] < GM_CP_BLOCK4 || (me == GM_BLACK && gm_renju_forbidden(&pb->b, cell)))
            continue;
        gm_pboard_play(pb, cell);
        const int32_t v = -node(c, depth - 1, -beta, -alpha, ply + 1, false);
        gm_pboard_undo(pb);
        if (c->stopped)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha)
                alpha = v;
            if (alpha >= beta)
                break;
        }
    }
    return best;
}

/* Under caro, facing the opponent's five points: every move that takes
 * them all away (one may take one and shut another's five); lost when
 * there is none.  The first (a five point taken) is forced, at no cost in
 * depth; the others (shuts) cost SHUT_DEPTH plies, as a second answer to
 * every four doubles the threat lines: to depth 6 of game 0's 16-stone
 * 19x19 position (data/gomoku/positions19.txt) 10.2 M nodes without the
 * cost, 7.0 M with it (standard: a win at depth 4, 150 k).  A shut cut
 * short is only valued by the evaluation sooner: a win is still one. */
static int32_t answer_fives(gm_pctx *c, int depth, int32_t alpha, int32_t beta, int ply)
{
    gm_pboard *pb = &c->pb;
    const int opp = pb->b.side ^ 1;
    int16_t fives[GM_MAX_CELLS], replies[5 * GM_FIVES_ONE_STONE];
    int nf = 0;
    /* The board's five points are its cells of pattern five: read them
     * there, not from the lines. */
    for (int cell = 0; cell < pb->b.cells && nf < pb->count[opp][GM_CP_FIVE]; cell++)
        if (pb->pattern[opp][cell] == GM_CP_FIVE)
            fives[nf++] = (int16_t)cell;
    const int n = gm_four_replies(&pb->b, opp, fives, nf, replies);
    if (n < 0)
        return -(GM_WIN - (ply + 2));
    int32_t best = -GM_INF;
    for (int i = 0; i < n && alpha < beta; i++) {
        gm_pboard_play(pb, replies[i]);
        const int32_t v = -node(c, depth - (i ? SHUT_DEPTH : 0), -beta, -alpha, ply + 1, true);
        gm_pboard_undo(pb);
        if (c->stopped)
            return 0;
        if (v > best) {
            best = v;
            if (ply == 0)
                c->root_move = replies[i];
            if (v > alpha)
                alpha = v;
        }
    }
    return best;
}

static int32_t node(gm_pctx *c, int depth, int32_t alpha, int32_t beta, int ply, bool null_ok)
{
    gm_pboard *pb = &c->pb;
    c->nodes++;
    const int32_t known = decided(pb, ply);
    if (known != GM_INF)
        return known;
    if (ply >= GM_PATTERN_PLIES - 2)
        return leaf(pb);
    if (stop_now(c))
        return 0;
    const int opp = pb->b.side ^ 1;
    if (pb->count[opp][GM_CP_FIVE] && pb->caro)
        return answer_fives(c, depth, alpha, beta, ply);
    if (pb->count[opp][GM_CP_FIVE]) {
        /* The block is forced: it costs no depth. */
        const int m = gm_pboard_find(pb, opp, GM_CP_FIVE);
        if (opp == GM_WHITE && gm_renju_forbidden(&pb->b, m))
            return -(GM_WIN - (ply + 2));   /* black may not block there */
        gm_pboard_play(pb, m);
        const int32_t v = -node(c, depth, -beta, -alpha, ply + 1, true);
        gm_pboard_undo(pb);
        if (ply == 0)
            c->root_move = m;
        return v;
    }
    if (depth <= 0)
        return quiesce(c, depth, alpha, beta, ply);
    return search_moves(c, depth, alpha, beta, ply, null_ok);
}

/* A root won outright: its move (a five, or an unstoppable four where the
 * opponent has no five to make) and score, or GM_NO_MOVE.  A forced block
 * is searched, for its score. */
static int won_root(gm_pboard *pb, int32_t *score)
{
    const int me = pb->b.side, opp = me ^ 1;
    if (pb->count[me][GM_CP_FIVE]) {
        *score = GM_WIN - 1;
        return gm_pboard_find(pb, me, GM_CP_FIVE);
    }
    *score = GM_WIN - 3;
    return pb->count[opp][GM_CP_FIVE] ? GM_NO_MOVE : unstoppable(pb, me);
}

/* One depth, widening the aspiration window around the last score until
 * the score falls inside it. */
static int32_t aspirate(gm_pctx *c, int depth, int32_t last)
{
    int32_t window = ASPIRATION;
    int32_t alpha = -GM_INF, beta = GM_INF;
    if (depth >= 3 && last > -GM_WIN_BOUND && last < GM_WIN_BOUND)
        alpha = last - window, beta = last + window;
    for (;;) {
        const int32_t v = node(c, depth, alpha, beta, 0, false);
        if (c->stopped || (v > alpha && v < beta))
            return v;
        window *= 4;
        if (v <= alpha)
            alpha = v - window < -GM_WIN_BOUND ? -GM_INF : v - window;
        else
            beta = v + window > GM_WIN_BOUND ? GM_INF : v + window;
    }
}

static void setup(gm_pctx *c, const gm_board *b, const gm_search_options *o, htt *tt, double deadline,
                  atomic_int *halt)
{
    gm_pboard_init(&c->pb, b);
    c->o = o;
    c->tt = tt;
    c->nodes = c->next_check = 0;
    c->deadline = deadline;
    c->stopped = false;
    c->halt = halt;
    c->root_move = GM_NO_MOVE;
    memset(c->killer, 0xff, sizeof c->killer);
    memset(c->history[0], 0, (size_t)b->cells * sizeof c->history[0][0]);
    memset(c->history[1], 0, (size_t)b->cells * sizeof c->history[1][0]);
}

void gm_pattern_serial(gm_pctx *c, const gm_board *b, const gm_search_options *o, htt *tt, double t0,
                       double deadline, gm_result *r)
{
    setup(c, b, o, tt, deadline, NULL);
    int32_t won;
    const int winning = won_root(&c->pb, &won);
    if (winning != GM_NO_MOVE) {
        r->move = winning;
        r->score = won;
        r->depth = 1;
        r->nodes = 1;
        return;
    }
    /* Another depth costs two to four times the last: one is not begun
     * past 75 % of the time, or 95 % while the best move or score moves
     * (an unfinished depth still plays a move that beat its window):
     * +39 and +32 Elo in two self-play runs against 62 % and 90 %. */
    const double budget = deadline > 0 ? deadline - t0 : 0;
    int32_t last = 0;
    for (int depth = 1; depth <= o->depth; depth++) {
        c->root_depth = depth;
        c->root_partial = c->root_move = GM_NO_MOVE;
        /* A root decided by its threats has no move: the caller picks. */
        const int32_t v = aspirate(c, depth, last);
        if (c->stopped) {
            /* A move that beat the window in the unfinished depth. */
            if (c->root_partial != GM_NO_MOVE && depth > 1)
                r->move = c->root_partial;
            break;
        }
        const bool unsettled = depth > 1 && (c->root_move != r->move || v < last - 2 * ASPIRATION);
        last = v;
        if (gm_record_depth(o, r, c->root_move, v, depth))
            break;
        const double used = gts_now_usec() - t0;
        if (budget > 0 && used > budget * (unsettled ? 0.95 : 0.75))
            break;
    }
    r->nodes = c->nodes;
}

typedef struct lazy {
    gm_pctx **ctx;
    const gm_board *b;
    gm_search_options o;      /* the helpers': no on_depth */
    htt *tt;
    double deadline;
    atomic_int halt;
} lazy;

static void helper(void *arg, int index)
{
    lazy *l = arg;
    gm_pctx *c = l->ctx[1 + index];
    setup(c, l->b, &l->o, l->tt, l->deadline, &l->halt);
    int32_t last = 0;
    for (int depth = 1 + index % 2; depth <= l->o.depth && !c->stopped; depth++) {
        c->root_depth = depth;
        last = aspirate(c, depth, last);
    }
}

void gm_pattern_threads(gm_pctx **ctx, struct gts_pool *pool, const gm_board *b, const gm_search_options *o,
                        htt *tt, double t0, double deadline, gm_result *r)
{
    lazy l = { .ctx = ctx, .b = b, .o = *o, .tt = tt, .deadline = deadline };
    l.o.on_depth = NULL;
    atomic_init(&l.halt, 0);
    gts_pool_start(pool, helper, &l);
    gm_pattern_serial(ctx[0], b, o, tt, t0, deadline, r);
    atomic_store(&l.halt, 1);
    gts_pool_wait(pool);
    for (int i = 1; i <= gts_pool_helpers(pool); i++)
        r->nodes += ctx[i]->nodes;
}

gm_pctx *gm_pctx_create(void)
{
    gm_pboard_tables_init();
    return malloc(sizeof(gm_pctx));
}
